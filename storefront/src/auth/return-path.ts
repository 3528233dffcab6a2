/** The sign-in page (the brands' `appInfo.urlSecutityLogin`). */
export const LOGIN_PATH = '/login';
/** Where staff go after signing in: the back office, another application. */
export const BACK_OFFICE_PATH = '/admin';

/** A path of this site to return to, or undefined (refuses other hosts and the sign-in page itself). */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  if (value === LOGIN_PATH || value.startsWith(`${LOGIN_PATH}?`) || value.startsWith(`${LOGIN_PATH}/`)) return undefined;
  return value;
}

/** The sign-in page, remembering where the visitor was going. */
export function loginPath(from?: string): string {
  const target = safeReturnPath(from);
  return target && target !== '/' ? `${LOGIN_PATH}?from=${encodeURIComponent(target)}` : LOGIN_PATH;
}
