import { MESSAGES } from '../httpErrors';

/** A session that the server ended while the back office was open. */
export interface EndedSession {
  message: string;
  reason: string;
}

let ended: EndedSession | undefined;
let shellOpen = false;
const listeners = new Set<() => void>();

/** External store of the ended session, read by the dialog with useSyncExternalStore. */
export const endedSession = {
  get: (): EndedSession | undefined => ended,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** The shell (layout) is mounted: an ended session is shown in its modal, not by leaving for the sign-in page. */
export function setShellOpen(open: boolean): void {
  shellOpen = open;
}

/**
 * The server ended the session (the hub said so, validatesession or the token refresh answered
 * 401): the modal says it, with the server's message when there is one. Outside the shell (the
 * sign-in page) nothing is shown: there is no session to report.
 */
export function reportEndedSession(message: string | undefined, reason: string): void {
  if (!shellOpen || (ended && !message?.trim())) return;
  ended = { message: message?.trim() || MESSAGES.sessionEnded, reason };
  for (const listener of listeners) listener();
}
