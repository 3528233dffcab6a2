import { Logger } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '@licencias/common/schema';
import { type ContractParams, getContract } from '../contract/contract.js';
import type { OpHeaders, OpPath, OpQuery } from '../contract/types.js';
import { toErrorBody } from '../errors/error.filter.js';
import { InvalidRequestError } from '../errors/errors.js';
import { SECURITY_HEADERS } from '../web/security-header-set.js';

const PREPARED_READ = Symbol('preparedRead');

/** The declared parameters of a prepared read, converted and validated against the contract. */
export interface PreparedParams<K extends keyof operations> {
  path: OpPath<K>;
  query: OpQuery<K>;
  headers: OpHeaders<K>;
}

/** The route config Fastify keeps for a prepared read: global hooks skip what such a read does not need. */
export interface PreparedRouteConfig {
  preparedRead: string;
}

/** Whether a request was routed to a prepared read (its answer needs no ORM context). */
export function isPreparedRead(request: FastifyRequest): boolean {
  return (request.routeOptions.config as Partial<PreparedRouteConfig> | undefined)?.preparedRead !== undefined;
}

/**
 * Marks a method as the handler of a read answered from prepared bytes (ReadCache.serve), served
 * by a Fastify route of its own instead of NestJS's pipeline: no router, no interceptor, no ORM
 * context; the route keeps the server-wide hooks (request id, security headers, CORS,
 * compression), validates the declared parameters against the contract (400 with per-field
 * messages, control characters refused) when the operation has any, and answers errors with the
 * one error body. A public read's answer is the same whoever asks, so it needs no guard; a private
 * one first goes through the guard's own check (`admit`: token, open session, privileges), since
 * its answer too is the same for everyone the guard lets in. The method is called as
 * `(params, request, reply)` and answers through the reply. The operation must be a GET.
 */
export function PreparedRead(operationId: keyof operations & string): MethodDecorator {
  const op = getContract().operation(operationId);
  if (op.method !== 'get') throw new Error(`${operationId}: a prepared read is a GET`);
  return (_target, _key, descriptor) => {
    Reflect.defineMetadata(PREPARED_READ, operationId, descriptor.value as object);
    return descriptor;
  };
}

type Handler = (params: ContractParams, request: FastifyRequest, reply: FastifyReply) => unknown;

/** The guard's check of a request to an operation (AuthGuard.admit): resolves, or throws 401/403. */
export type Admit = (request: FastifyRequest, operationId: string) => Promise<void>;

/** Registers a Fastify route for every @PreparedRead method of the application's controllers and providers. */
export function registerPreparedReads(modules: ModulesContainer, fastify: FastifyInstance, admit: Admit): void {
  const logger = new Logger('Error');
  const contract = getContract();
  for (const module of modules.values()) {
    for (const wrapper of [...module.controllers.values(), ...module.providers.values()]) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object' || wrapper.isTransient) continue;
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const method = Object.getOwnPropertyDescriptor(prototype, name)?.value as Handler | undefined;
        const operationId = typeof method === 'function' ? (Reflect.getMetadata(PREPARED_READ, method) as string | undefined) : undefined;
        if (!method || !operationId) continue;
        const op = contract.operation(operationId);
        const hasParams = contract.hasParameters(operationId);
        const none: ContractParams = Object.freeze({ path: {}, query: {}, headers: {} }) as ContractParams;
        const config: PreparedRouteConfig = { preparedRead: operationId };
        const fail = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
          const { status, body, headers } = toErrorBody(error, String(request.id), logger);
          void reply.headers(SECURITY_HEADERS);
          if (headers) void reply.headers(headers);
          void reply.status(status).type('application/json; charset=utf-8').send(body);
          return reply;
        };
        const answer = (request: FastifyRequest, reply: FastifyReply) => {
          try {
            let params = none;
            if (hasParams) {
              const { problems, values } = contract.validateRequest(operationId, {
                params: (request.params ?? {}) as Record<string, unknown>,
                query: (request.query ?? {}) as Record<string, unknown>,
                headers: request.headers as Record<string, unknown>,
                body: undefined,
                contentType: undefined,
              });
              if (problems.length) throw new InvalidRequestError(problems);
              params = values;
            }
            const pending = method.call(instance, params, request, reply);
            return pending instanceof Promise
              ? pending.then(
                  () => reply,
                  (error: unknown) => fail(request, reply, error),
                )
              : undefined;
          } catch (error) {
            fail(request, reply, error);
            return undefined;
          }
        };
        // A public read is synchronous when the answer is prepared already: no promise, no microtask in between.
        if (op.isPublic) fastify.get(op.routePath, { config }, answer);
        else
          fastify.get(op.routePath, { config }, (request, reply) =>
            admit(request, operationId).then(
              () => answer(request, reply) ?? reply,
              (error: unknown) => fail(request, reply, error),
            ),
          );
      }
    }
  }
}
