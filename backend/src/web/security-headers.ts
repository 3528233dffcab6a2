import type { FastifyInstance } from 'fastify';
import { isPreparedRead } from '../cache/prepared-read.js';
import { getContract } from '../contract/contract.js';
import { SECURITY_HEADERS } from './security-header-set.js';

/**
 * Sets the security headers on every answer (a handler may still replace one, e.g. the sandboxing
 * CSP of served files; a prepared read's answer carries them in its own header lines), and `Cache-Control: no-store` on the answers of operations that need a
 * session, so no shared or browser cache keeps a customer's or staff member's data.
 */
export function registerSecurityHeaders(fastify: FastifyInstance): void {
  const contract = getContract();
  const privateOperations = new Set(
    contract
      .operations()
      .filter((op) => !op.isPublic)
      .map((op) => op.operationId),
  );
  fastify.addHook('onRequest', (request, reply, done) => {
    if (!isPreparedRead(request)) void reply.headers(SECURITY_HEADERS);
    done();
  });
  fastify.addHook('onSend', (request, reply, payload, done) => {
    const operationId = (request as { operationId?: string }).operationId;
    if (operationId && privateOperations.has(operationId)) void reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
