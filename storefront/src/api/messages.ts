/** Messages the specs give for failures common to every call. */
export const MESSAGES = {
  noResponse: 'No hay respuesta por parte del servidor. Por favor intente más tarde.',
  notUnderstood: 'El servidor no ha podido interpretar la solicitud. Por favor contacte al administrador.',
  serverError: 'Error de servidor',
  sessionEnded: 'Tu sesión ha finalizado. Inicia sesión nuevamente.',
} as const;
