import { displayName, isStaff, privileges } from '@licencias/common/claims';
import { bogotaDay, dayToText, formatDate, parseDate } from '@licencias/common/dates';
import { formatMoney, roundHalfUp } from '@licencias/common/format';
import { CLAIMS_CASE, CLAIMS_CASE_TOKEN, frontEndAnswers } from '@licencias/common/testing/shared-rules.cases';
import { describe, expect, it } from 'vitest';
import { sessionStore } from './api';

// The storefront's side of the shared-rule cases (the backend and the back office run them too).
describe('shared rules, as the storefront uses them', () => {
  it('formats amounts and Bogotá days as the cases say', () => {
    const { got, expected } = frontEndAnswers({ formatMoney, roundHalfUp, bogotaDay, formatDate, typedDay: (day) => parseDate(dayToText(day)) });
    expect(got).toEqual(expected);
  });

  it('reads the signed-in user from the stored session', () => {
    sessionStore.set({ token: CLAIMS_CASE_TOKEN, refreshToken: 'r', userName: CLAIMS_CASE.user.username, appName: 'license' });
    const claims = sessionStore.claims();
    expect([isStaff(claims), displayName(claims), claims?.LICENSE_ROLE, privileges(claims)]).toEqual([
      CLAIMS_CASE.read.staff,
      CLAIMS_CASE.read.name,
      CLAIMS_CASE.read.role,
      CLAIMS_CASE.read.privileges,
    ]);
    sessionStore.clear();
  });
});
