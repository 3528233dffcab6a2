/** One entry of `statusDetails` in an error body. */
export interface ErrorDetail {
  field?: string;
  code?: string;
  description: string;
}

/** Base of the small set of errors the domain raises; the error filter maps them to HTTP. */
export abstract class AppError extends Error {
  abstract readonly status: number;
  constructor(
    message: string,
    readonly details: ErrorDetail[] = [],
    /** Extra data put in `result` (e.g. a business code the client reads). */
    readonly result: unknown = null,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400: the request does not have the shape the contract says. */
export class InvalidRequestError extends AppError {
  readonly status = 400;
  constructor(details: ErrorDetail[], message = 'La solicitud no es válida') {
    super(message, details);
  }
}

/** A 400 naming one field, for a shape the contract cannot express (more than 2 decimals in an amount). */
export function invalidField(field: string, description: string): never {
  throw new InvalidRequestError([{ field, description }]);
}

/** 401: no valid session. */
export class UnauthenticatedError extends AppError {
  readonly status = 401;
  constructor(message = 'Sesión no válida o expirada') {
    super(message);
  }
}

export const PRIVILEGE_DENIED_MESSAGE = 'No tienes los suficientes privilegios para realizar esta acción.';

/** 403: signed in, but without the privilege or ownership the operation needs. */
export class ForbiddenError extends AppError {
  readonly status = 403;
  constructor(message = PRIVILEGE_DENIED_MESSAGE) {
    super(message);
  }
}

export class NotFoundError extends AppError {
  readonly status = 404;
  constructor(message = 'No se encontró el recurso solicitado') {
    super(message);
  }
}

/** 409: the record changed since the client read it, or a unique value is taken. */
export class ConflictError extends AppError {
  readonly status = 409;
  constructor(message = 'El registro fue modificado por otra persona. Recarga e inténtalo de nuevo.', details: ErrorDetail[] = []) {
    super(message, details);
  }
}

/** 422: a business rule refuses the request; the message is the spec's Spanish text. */
export class BusinessRuleError extends AppError {
  readonly status = 422;
  constructor(message: string, details: ErrorDetail[] = [], result: unknown = null) {
    super(message, details.length ? details : [{ description: message }], result);
  }
}

/** RFC 6749 §5.2 error codes of the token endpoint. */
export type OAuthErrorCode = 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unauthorized_client' | 'unsupported_grant_type' | 'invalid_scope';

/**
 * An OAuth 2.0 token endpoint refusal: 401 for `invalid_client`, 400 for the others. The body is the
 * shared error body plus the RFC's `error` and `error_description`, so OAuth libraries read it too.
 */
export class OAuthError extends AppError {
  readonly status: number;
  constructor(
    readonly code: OAuthErrorCode,
    message: string,
    /** The client tried HTTP Basic: a 401 then names the scheme in WWW-Authenticate (RFC 6749 §5.2). */
    readonly basicAuth = false,
  ) {
    super(message);
    this.status = code === 'invalid_client' ? 401 : 400;
  }
}

export class TooManyRequestsError extends AppError {
  readonly status = 429;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** 503: a dependency (the database) is not reachable. */
export class ServiceUnavailableError extends AppError {
  readonly status = 503;
  constructor(message = 'Servicio no disponible') {
    super(message);
  }
}
