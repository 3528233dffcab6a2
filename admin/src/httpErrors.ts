import type { components } from '@licencias/common/schema';
import { HttpError } from 'react-admin';

type ErrorBody = components['schemas']['ErrorResponse'];

/** Texts of the error catalogue (licences-and-agreements.md §8) and of the shell. */
export const MESSAGES = {
  noResponse: 'No hay respuesta por parte del servidor. Por favor intente más tarde.',
  badRequest: 'El servidor no ha podido interpretar la solicitud. Por favor contacte al administrador.',
  forbidden: 'No tienes los suficientes privilegios para realizar esta acción.',
  sessionEnded: 'Tu sesión ha finalizado. Inicia sesión nuevamente.',
  notFound: 'No se encontró la información solicitada.',
  conflict: 'Otra persona modificó este registro mientras lo editabas. Recarga la página para ver los cambios y vuelve a intentarlo.',
  server: 'Se ha presentado un error en el servidor. Por favor intenta más tarde.',
} as const;

function isErrorBody(body: unknown): body is ErrorBody {
  return typeof body === 'object' && body !== null && 'statusMessage' in body && typeof body.statusMessage === 'string';
}

/**
 * The Spanish message for a failed response: the spec's texts for the generic situations, the
 * server's statusMessage where it is meant for the user (422 business rules, 429, 404).
 */
export function messageFor(status: number, body: unknown): string {
  const serverMessage = isErrorBody(body) ? body.statusMessage : undefined;
  switch (status) {
    case 0:
      return MESSAGES.noResponse;
    case 400:
      return MESSAGES.badRequest;
    case 401:
      return MESSAGES.sessionEnded;
    case 403:
      return MESSAGES.forbidden;
    case 404:
      return serverMessage ?? MESSAGES.notFound;
    case 409:
      return MESSAGES.conflict;
    case 422:
    case 429:
      return serverMessage ?? MESSAGES.server;
    default: {
      if (status < 500) return serverMessage ?? MESSAGES.server;
      const reference = isErrorBody(body) && body.correlationId ? ` (código de seguimiento ${body.correlationId})` : '';
      return `${MESSAGES.server}${reference}`;
    }
  }
}

/** react-admin's HttpError for a failed response: `status` drives checkError, `message` is shown. */
export function toHttpError(status: number, body: unknown): HttpError {
  return new HttpError(messageFor(status, body), status, body);
}

/** The network failed (no response at all); aborts are passed through untouched. */
export function networkError(error: unknown): unknown {
  if (error instanceof DOMException && error.name === 'AbortError') return error;
  return new HttpError(MESSAGES.noResponse, 0, undefined);
}

/**
 * Unwraps an answer of the typed client (`api.GET(...)`): its data, or an HttpError that screens
 * can hand to react-admin (useNotify, checkError through useLogoutIfAccessDenied).
 */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await call;
  } catch (error) {
    throw networkError(error);
  }
  if (!result.response.ok || result.data === undefined) throw toHttpError(result.response.status, result.error);
  return result.data;
}
