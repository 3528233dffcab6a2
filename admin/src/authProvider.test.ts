import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from './api';
import { authProvider } from './authProvider';

/** An unsigned token with these claims (the back office only reads them; the server checks the signature). */
function token(claims: Record<string, unknown>): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ exp: Math.floor(Date.now() / 1000) + 3600, ...claims })}.firma`;
}

describe('a customer token on an admin path', () => {
  afterEach(() => {
    sessionStore.clear();
    window.sessionStorage.clear();
    vi.restoreAllMocks();
  });

  it('goes to the storefront once, whatever the number of checks at once, and keeps the session', async () => {
    const replace = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, replace });
    sessionStore.set({ token: token({ sub: '7', unique_name: 'cliente', APPS: ['firmaya'] }), refreshToken: 'r', userName: 'cliente', appName: 'firmaya' });
    const settled = vi.fn();
    for (let i = 0; i < 3; i++) authProvider.checkAuth({}).then(settled, settled);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(replace).toHaveBeenCalledTimes(1);
    expect(replace).toHaveBeenCalledWith('/');
    // None of them signs out: the page is leaving.
    expect(settled).not.toHaveBeenCalled();
    expect(sessionStore.get()?.userName).toBe('cliente');
  });

  it("a customer with CUSTOMER_PORTAL stays in the back office (its company's dashboards)", async () => {
    const replace = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, replace });
    sessionStore.set({
      token: token({ sub: '8', unique_name: 'cliente', APPS: ['STORE'], PRIVILEGES: ['CUSTOMER_PORTAL'], customer_type: '4', customer_value: '900123456' }),
      refreshToken: 'r',
      userName: 'cliente',
      appName: 'license',
    });
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(replace).not.toHaveBeenCalled();
    await expect(authProvider.canAccess!({ resource: 'dashboard', action: 'access' })).resolves.toBe(true);
    await expect(authProvider.canAccess!({ resource: 'licenses', action: 'access' })).resolves.toBe(false);
  });
});
