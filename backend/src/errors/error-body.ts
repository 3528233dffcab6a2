import type { ErrorDetail } from './errors.js';

/** The error body of both API surfaces; it keeps the compatibility envelope's field names. */
export interface ErrorBody {
  statusCode: number;
  statusMessage: string;
  result: unknown;
  statusDetails: ErrorDetail[];
  correlationId?: string;
}

export function errorBody(
  statusCode: number,
  statusMessage: string,
  statusDetails: ErrorDetail[] = [],
  correlationId?: string,
  result: unknown = null,
): ErrorBody {
  return { statusCode, statusMessage, result, statusDetails, ...(correlationId ? { correlationId } : {}) };
}
