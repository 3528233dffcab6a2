import { applyDecorators, HttpCode, RequestMapping, RequestMethod, SetMetadata } from '@nestjs/common';
import { getContract } from './contract.js';

export const OPERATION_ID = 'contract:operationId';

const METHOD: Record<string, RequestMethod> = {
  get: RequestMethod.GET,
  post: RequestMethod.POST,
  put: RequestMethod.PUT,
  patch: RequestMethod.PATCH,
  delete: RequestMethod.DELETE,
};

/**
 * Binds a handler to one contract operation: the method, path and success status come from
 * openapi.yaml, and the global guard and validation read the privileges and schemas from it.
 * Controllers never repeat a path, so code and contract cannot drift.
 */
export function Operation(operationId: string): MethodDecorator {
  const op = getContract().operation(operationId);
  return applyDecorators(RequestMapping({ path: op.routePath, method: METHOD[op.method] }), HttpCode(op.successStatus), SetMetadata(OPERATION_ID, operationId));
}
