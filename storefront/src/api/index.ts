export { api, onSignedOut, publicApi, refresher, sessionMonitor, sessionStore } from './client';
export { ApiError, call, errorMessage, messageOf, type ErrorBody } from './errors';
export { MESSAGES } from './messages';
