import { bogotaDay, dayToText, formatDate, parseDate } from '@licencias/common/dates';
import { formatMoney, roundHalfUp } from '@licencias/common/format';
import { CLAIMS_CASE, CLAIMS_CASE_TOKEN, frontEndAnswers } from '@licencias/common/testing/shared-rules.cases';
import { describe, expect, it } from 'vitest';
import { sessionStore } from './api';
import { authProvider } from './authProvider';

// The back office's side of the shared-rule cases (the backend and the storefront run them too).
describe('shared rules, as the back office uses them', () => {
  it('formats amounts and Bogotá days as the cases say', () => {
    const { got, expected } = frontEndAnswers({ formatMoney, roundHalfUp, bogotaDay, formatDate, typedDay: (day) => parseDate(dayToText(day)) });
    expect(got).toEqual(expected);
  });

  it('reads the signed-in user from the token claims', async () => {
    sessionStore.set({ token: CLAIMS_CASE_TOKEN, refreshToken: 'r', userName: CLAIMS_CASE.user.username, appName: 'license' });
    expect(await authProvider.getIdentity?.()).toEqual({ id: CLAIMS_CASE.user.userId, fullName: CLAIMS_CASE.read.name });
    expect(await authProvider.getPermissions?.({})).toEqual(CLAIMS_CASE.read.privileges);
    expect(sessionStore.claims()?.LICENSE_ROLE).toBe(CLAIMS_CASE.read.role);
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    sessionStore.clear();
  });
});
