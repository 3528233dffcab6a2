/** Answers whether a session is still open; implemented by the identity module. */
export abstract class SessionState {
  abstract isActive(sessionId: string): Promise<boolean>;
}
