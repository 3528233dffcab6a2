import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { OptimisticLockError, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody, type ErrorBody } from './error-body.js';
import { AppError, ConflictError, OAuthError, TooManyRequestsError } from './errors.js';

const HTTP_MESSAGES: Record<number, string> = {
  400: 'El servidor no ha podido interpretar la solicitud.',
  404: 'No se encontró el recurso solicitado',
  405: 'Método no permitido',
  413: 'La solicitud supera el tamaño máximo permitido',
  415: 'Tipo de contenido no soportado',
};

interface FastifyLikeError {
  statusCode?: number;
  code?: string;
  message: string;
}

/** Maps every error to the one error body; unexpected errors become a 500 with a correlation id only. */
export function toErrorBody(
  error: unknown,
  correlationId: string,
  logger: Pick<Logger, 'error'>,
): { status: number; body: ErrorBody; headers?: Record<string, string> } {
  if (error instanceof OAuthError) {
    const headers: Record<string, string> = { 'cache-control': 'no-store', pragma: 'no-cache' };
    if (error.status === 401 && error.basicAuth) headers['www-authenticate'] = 'Basic realm="licencias", charset="UTF-8"';
    const body = { ...errorBody(error.status, error.message, error.details, correlationId), error: error.code, error_description: error.message };
    return { status: error.status, body, headers };
  }
  if (error instanceof AppError) {
    const headers = error instanceof TooManyRequestsError ? { 'retry-after': String(error.retryAfterSeconds) } : undefined;
    return { status: error.status, body: errorBody(error.status, error.message, error.details, correlationId, error.result), headers };
  }
  if (error instanceof OptimisticLockError) {
    const conflict = new ConflictError();
    return { status: 409, body: errorBody(409, conflict.message, [], correlationId) };
  }
  if (error instanceof UniqueConstraintViolationException) {
    return { status: 409, body: errorBody(409, 'Ya existe un registro con ese valor.', [], correlationId) };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    if (status < 500) {
      // Nest wraps Fastify's body-parser failures (malformed JSON) in a 400 HttpException.
      const details = status === 400 ? [{ field: 'body', description: /json/i.test(error.message) ? 'el cuerpo no es un JSON válido' : error.message }] : [];
      return { status, body: errorBody(status, HTTP_MESSAGES[status] ?? error.message, details, correlationId) };
    }
  }
  const fastifyError = error as FastifyLikeError;
  if (fastifyError && typeof fastifyError.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    const status = fastifyError.statusCode;
    const description =
      fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'el cuerpo no es un JSON válido'
        : fastifyError.message;
    return { status, body: errorBody(status, HTTP_MESSAGES[status] ?? fastifyError.message, [{ field: 'body', description }], correlationId) };
  }
  logger.error({ err: error, correlationId }, 'Unexpected error');
  return { status: 500, body: errorBody(500, 'Error de servidor', [{ description: `Referencia del error: ${correlationId}` }], correlationId) };
}

@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Error');

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const { status, body, headers } = toErrorBody(error, String(request.id), this.logger);
    if (headers) void reply.headers(headers);
    void reply.status(status).type('application/json; charset=utf-8').send(body);
  }
}
