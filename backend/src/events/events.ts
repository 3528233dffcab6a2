/** Domain events that cross process boundaries (fanned out through PostgreSQL NOTIFY). */

/** The NOTIFY channel every instance LISTENs on. */
export const EVENTS_CHANNEL = 'app_events';

export type SessionEndReason = 'LOGOUT' | 'REVOKED' | 'REFRESH_REUSE' | 'USER_DISABLED' | 'PRIVILEGES_CHANGED';

export interface SessionEndedEvent {
  type: 'session.ended';
  sessionIds: string[];
  reason: SessionEndReason;
  message: string;
}

/** Groups of prepared answers (ReadCache) that one kind of change makes stale. */
export const CACHE_TOPICS = [
  'brands',
  'parameters',
  'documentTypes',
  'statesAndCities',
  'rejectTypes',
  'blacklist',
  'storeCatalogue',
  'packageLists',
  'taxParameters',
] as const;
export type CacheTopic = (typeof CACHE_TOPICS)[number];

/** The data behind these topics changed: every instance drops its prepared answers of them. */
export interface CacheInvalidatedEvent {
  type: 'cache.invalidated';
  topics: CacheTopic[];
}

/** Outbox events were committed: every instance's worker looks for due deliveries (backend/src/outbox). */
export interface OutboxEnqueuedEvent {
  type: 'outbox.enqueued';
}

export type AppEvent = SessionEndedEvent | CacheInvalidatedEvent | OutboxEnqueuedEvent;

export const SESSION_END_MESSAGES: Record<SessionEndReason, string> = {
  LOGOUT: 'Tu sesión se cerró desde otra ventana o dispositivo. Inicia sesión nuevamente para continuar.',
  REVOKED: 'Tu sesión fue revocada. Inicia sesión nuevamente para continuar.',
  REFRESH_REUSE: 'Por seguridad cerramos tu sesión: detectamos el uso de una credencial ya utilizada. Inicia sesión nuevamente.',
  USER_DISABLED: 'Tu usuario fue deshabilitado. Comunícate con el administrador.',
  PRIVILEGES_CHANGED: 'Tus permisos cambiaron. Inicia sesión nuevamente para continuar.',
};
