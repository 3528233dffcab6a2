import { OptimisticLockError } from '@mikro-orm/core';
import { NotFoundException } from '@nestjs/common';
import { toErrorBody } from './error.filter.js';
import { BusinessRuleError, InvalidRequestError, TooManyRequestsError } from './errors.js';

describe('toErrorBody', () => {
  const logged: unknown[] = [];
  const logger = { error: (entry: unknown) => void logged.push(entry) };

  it('hides unexpected errors behind a 500 with the correlation id and logs them', () => {
    const { status, body } = toErrorBody(new Error('boom at /secret/path.ts:12'), 'req-1', logger);
    expect(status).toBe(500);
    expect(body).toEqual({
      statusCode: 500,
      statusMessage: 'Error de servidor',
      result: null,
      statusDetails: [{ description: 'Referencia del error: req-1' }],
      correlationId: 'req-1',
    });
    expect(JSON.stringify(body)).not.toMatch(/boom|secret/);
    expect(logged).toHaveLength(1);
  });

  it('maps domain errors to their status with the Spanish message', () => {
    expect(toErrorBody(new BusinessRuleError('El valor total de la oferta no puede superar el valor del paquete'), 'r', logger)).toMatchObject({
      status: 422,
      body: {
        statusMessage: 'El valor total de la oferta no puede superar el valor del paquete',
        statusDetails: [{ description: 'El valor total de la oferta no puede superar el valor del paquete' }],
      },
    });
    expect(toErrorBody(new InvalidRequestError([{ field: 'body.x', description: 'es obligatorio' }]), 'r', logger).status).toBe(400);
    expect(toErrorBody(new TooManyRequestsError('espera', 30), 'r', logger)).toMatchObject({ status: 429, headers: { 'retry-after': '30' } });
  });

  it('turns a lost optimistic lock into 409 and unknown routes into 404', () => {
    expect(toErrorBody(new OptimisticLockError('stale'), 'r', logger).status).toBe(409);
    expect(toErrorBody(new NotFoundException(), 'r', logger).status).toBe(404);
  });
});
