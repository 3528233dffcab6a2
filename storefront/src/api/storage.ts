import { browserStorage } from '@licencias/common/session';

/** Where the session lives (as the old product kept it). */
export const sessionStorageArea = browserStorage('sessionStorage');
/** Cleared on sign-out together with the session storage, as the specs require. */
export const localStorageArea = browserStorage('localStorage');
