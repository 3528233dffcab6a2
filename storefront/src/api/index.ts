export { onSignedOut, publicApi, sessionMonitor, sessionStore } from './client';
export { ApiError, call, messageOf } from './errors';
export { MESSAGES } from './messages';
