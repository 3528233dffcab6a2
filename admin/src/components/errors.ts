import type { components } from '@licencias/common/schema';
import { MESSAGES } from '../httpErrors';

type ErrorBody = components['schemas']['ErrorResponse'];

/** Texts of the catalogue's error catalogue (catalogue-and-dashboards.md §8). */
export const CATALOGUE_MESSAGES = {
  server: 'Error de servidor',
  noInformation: 'No es posible obtener la información',
  linkedFailure: 'Se ha presentado un error al procesar la solicitud',
} as const;

/** A field-level problem the server reported (`statusDetails`), with the field as the form names it. */
export interface FieldProblem {
  field: string;
  message: string;
}

export function errorStatus(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') return error.status;
  return undefined;
}

function isErrorBody(body: unknown): body is ErrorBody {
  return typeof body === 'object' && body !== null && 'statusMessage' in body && 'statusDetails' in body && Array.isArray(body.statusDetails);
}

/** The error body of a failed call (react-admin's HttpError keeps it as `body`). */
export function errorBody(error: unknown): ErrorBody | undefined {
  if (typeof error === 'object' && error !== null && 'body' in error && isErrorBody(error.body)) return error.body;
  return undefined;
}

/** The Spanish message of a failed call (already chosen by httpErrors.ts), or the generic one. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return MESSAGES.server;
}

/** `statusDetails` as form fields: 'body.packageName' and 'packageName' both give 'packageName'. */
export function fieldProblems(error: unknown): FieldProblem[] {
  const body = errorBody(error);
  if (!body) return [];
  return body.statusDetails
    .filter((detail) => !!detail.field)
    .map((detail) => ({ field: (detail.field ?? '').replace(/^body\./, '').replace(/^\//, ''), message: detail.description }));
}

/** 'Error de servidor', with the correlation id to quote when there is one. */
export function serverFailure(error: unknown): string {
  const id = errorBody(error)?.correlationId;
  return id ? `${CATALOGUE_MESSAGES.server} (código de seguimiento ${id})` : CATALOGUE_MESSAGES.server;
}

/**
 * What a failed save says, following the error catalogue:
 * - 422: the screen's own failure text when it has one ('El paquete {code} no fue guardado'),
 *   completed with the rule the server gives when no field of the form can show it; otherwise
 *   the server's statusMessage;
 * - 409 with a field (a unique value taken): the server's message; 409 without (the record changed
 *   since it was read): the optimistic-locking text;
 * - 400, 401, 403 and no response: the shell's texts; 5xx: 'Error de servidor'.
 */
export function saveFailureMessage(error: unknown, failureText: string | undefined, formFields: readonly string[]): string {
  const status = errorStatus(error);
  const problems = fieldProblems(error);
  const shown = problems.filter((p) => formFields.includes(p.field));
  const hidden = problems.filter((p) => !formFields.includes(p.field));
  const serverMessage = errorBody(error)?.statusMessage;
  if (status === 422) {
    if (!failureText) return serverMessage ?? CATALOGUE_MESSAGES.server;
    const reason = hidden[0]?.message ?? (shown.length ? undefined : serverMessage);
    return reason && reason !== failureText ? `${failureText}. ${reason}` : failureText;
  }
  if (status === 409) return problems.length ? (serverMessage ?? MESSAGES.conflict) : MESSAGES.conflict;
  if (status !== undefined && status >= 500) return serverFailure(error);
  return errorMessage(error);
}

/** The server's field problems that the form can show, as react-admin's submission errors. */
export function submissionErrors(error: unknown, formFields: readonly string[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const problem of fieldProblems(error)) {
    if (formFields.includes(problem.field) && !errors[problem.field]) errors[problem.field] = problem.message;
  }
  return errors;
}
