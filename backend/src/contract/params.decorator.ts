import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { ContractParams } from './contract.js';

function contractParams(context: ExecutionContext): ContractParams {
  const params = context.switchToHttp().getRequest<FastifyRequest>().contractParams;
  // Set by ContractInterceptor, which runs for every @Operation handler before its parameters are read.
  if (!params) throw new Error('Contract parameters read outside a validated operation');
  return params;
}

/**
 * The operation's path, query and header values as the contract types them (`OpPath<'getPackage'>`,
 * `OpQuery<'listPackages'>`, `OpHeaders<'getPackages'>`): converted from text and validated by
 * ContractInterceptor, under their contract names, declared parameters only.
 */
export const PathParams = createParamDecorator((_: unknown, context: ExecutionContext) => contractParams(context).path);
export const QueryParams = createParamDecorator((_: unknown, context: ExecutionContext) => contractParams(context).query);
export const HeaderParams = createParamDecorator((_: unknown, context: ExecutionContext) => contractParams(context).headers);
