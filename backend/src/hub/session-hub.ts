import type { HubMethods } from './hub-connection.js';

/** The path of the session hub (matched case-insensitively, like every route). */
export const SESSION_HUB_PATH = '/api/connections/session';

/** Client method the server invokes when the session ends: `(message, reason)`. */
export const RECEIVE_SESSION_STATUS = 'ReceiveSessionStatus';

/** Server methods of the session hub. */
export const SESSION_HUB_METHODS: HubMethods = {
  /** The id to pass to POST /api/user/validatesession as the `connectionId` header. */
  GetConnectionId: { parameters: 0, invoke: (connection) => connection.id },
};
