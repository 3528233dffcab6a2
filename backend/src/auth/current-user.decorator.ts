import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthenticatedError } from '../errors/errors.js';
import type { AuthUser, PartnerCaller } from './auth-user.js';

/** The signed-in caller; only on operations that require a session. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser => {
  const user = context.switchToHttp().getRequest<FastifyRequest>().user;
  if (!user) throw new UnauthenticatedError();
  return user;
});

/** The caller when a public operation was called with a valid token, else undefined. */
export const OptionalUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser | undefined => {
  return context.switchToHttp().getRequest<FastifyRequest>().user;
});

/** The partner's API client; only on partner operations (the guard admits no other caller there). */
export const CurrentPartner = createParamDecorator((_data: unknown, context: ExecutionContext): PartnerCaller => {
  const partner = context.switchToHttp().getRequest<FastifyRequest>().partner;
  if (!partner) throw new ForbiddenError();
  return partner;
});

/** The partner's API client on an operation open to staff and partners alike, else undefined (a staff caller). */
export const OptionalPartner = createParamDecorator((_data: unknown, context: ExecutionContext): PartnerCaller | undefined => {
  return context.switchToHttp().getRequest<FastifyRequest>().partner;
});
