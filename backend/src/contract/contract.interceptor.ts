import { type CallHandler, type ExecutionContext, Inject, Injectable, Logger, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { map, type Observable } from 'rxjs';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { InvalidRequestError } from '../errors/errors.js';
import { type ContractParams, getContract } from './contract.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The declared parameters, converted and validated (read them with @PathParams, @QueryParams, @HeaderParams). */
    contractParams?: ContractParams;
  }
}

/** Set on replies a handler answered itself with an answer checked elsewhere (prepared answers, ReadCache). */
const ANSWERED = Symbol('answeredByHandler');
type Marked = FastifyReply & { [ANSWERED]?: true };

/** Tells the interceptor not to check the handler's (empty) return value: the reply is answered. (A flag, not a WeakSet: this runs on every prepared answer.) */
export function markAnswered(reply: FastifyReply): void {
  (reply as Marked)[ANSWERED] = true;
}

/**
 * Validates every request against its operation's schemas (400 with per-field messages) and,
 * outside production, every success body against the declared response, so drift fails loudly.
 */
@Injectable()
export class ContractInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Contract');

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const operationId = request.operationId;
    if (!operationId) return next.handle();
    const contract = getContract();
    const { problems, values } = contract.validateRequest(operationId, {
      params: (request.params ?? {}) as Record<string, unknown>,
      query: (request.query ?? {}) as Record<string, unknown>,
      headers: request.headers as Record<string, unknown>,
      body: request.body,
      contentType: request.headers['content-type'],
    });
    if (problems.length) throw new InvalidRequestError(problems);
    request.contractParams = values;
    if (!this.config.validateResponses) return next.handle();
    const status = contract.operation(operationId).successStatus;
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    return next.handle().pipe(
      map((body: unknown) => {
        // Sent by the handler itself: a prepared answer (ReadCache checks it when it prepares it).
        if ((reply as Marked)[ANSWERED]) return body;
        const problem = contract.checkResponse(operationId, status, body === undefined ? null : body);
        if (problem) {
          this.logger.error(`Response of ${operationId} does not match openapi.yaml: ${problem}`);
          throw new Error(`Response of ${operationId} does not match the contract: ${problem}`);
        }
        return body;
      }),
    );
  }
}
