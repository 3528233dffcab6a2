import { MESSAGES } from './messages';

/** The body of every error answer of the API (compatibility envelope). */
export interface ErrorBody {
  statusCode?: number;
  statusMessage?: string;
  statusDetails?: { field?: string; code?: string; description: string }[];
  correlationId?: string;
}

/** A failed call, with the Spanish message to show. */
export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when the server did not answer. */
    readonly status: number,
    readonly body?: ErrorBody,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && ('statusMessage' in value || 'statusDetails' in value);
}

/**
 * The message for an error answer: the server's own for business answers (401, 409, 422, 429),
 * the spec's defaults otherwise.
 */
export function errorMessage(status: number, body: unknown, fallback: string = MESSAGES.serverError): string {
  if (status === 0) return MESSAGES.noResponse;
  if (status === 400) return MESSAGES.notUnderstood;
  const own = isErrorBody(body) ? body.statusMessage?.trim() : undefined;
  if (own && status < 500) return own;
  return fallback;
}

export function toApiError(status: number, body: unknown, fallback?: string): ApiError {
  return new ApiError(errorMessage(status, body, fallback), status, isErrorBody(body) ? body : undefined);
}

/**
 * Runs an openapi-fetch call and returns its data, or throws an ApiError with the message to show
 * (a network failure becomes status 0 with the no-response message).
 */
export async function call<T>(request: Promise<{ data?: T; error?: unknown; response: Response }>, fallback?: string): Promise<T> {
  let outcome: { data?: T; error?: unknown; response: Response };
  try {
    outcome = await request;
  } catch (cause) {
    if (cause instanceof ApiError) throw cause;
    console.error(cause);
    throw new ApiError(MESSAGES.noResponse, 0);
  }
  if (!outcome.response.ok) throw toApiError(outcome.response.status, outcome.error, fallback);
  // openapi-fetch gives no data only for empty answers (204), which callers type as such.
  return outcome.data as T;
}

export function messageOf(error: unknown, fallback: string = MESSAGES.serverError): string {
  return error instanceof ApiError ? error.message : fallback;
}
