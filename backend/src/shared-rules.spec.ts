import { decodeClaims, displayName, isStaff, privileges } from '@licencias/common/claims';
import { bogotaDay, endOfBogotaDay, formatDate, parseBusinessDate, startOfBogotaDay } from '@licencias/common/dates';
import { formatMoney } from '@licencias/common/format';
import { moneyOut } from '@licencias/common/money';
import { CLAIMS_CASE, DAY_BOUNDS_CASES, DAY_CASES, INVALID_MONEY_CASES, MONEY_CASES } from '@licencias/common/testing/shared-rules.cases';
import { Decimal } from 'decimal.js';
import { TokenService } from './auth/token.service.js';
import type { AppConfig } from './config/config.js';

// The backend's side of the shared-rule cases: the back office and the storefront run the same
// cases (shared-rules.test.ts in each) and must give the same answers.
describe('shared rules, as the backend uses them', () => {
  it.each(MONEY_CASES)('rounds $value half-up for the JSON answer and shows it as $shown', ({ value, rounded, shown }) => {
    expect(moneyOut(new Decimal(String(value)))).toBe(rounded);
    expect(formatMoney(moneyOut(new Decimal(String(value))))).toBe(shown);
  });

  it.each(INVALID_MONEY_CASES)("shows '$shown' for $value", ({ value, shown }) => {
    expect(formatMoney(value as number)).toBe(shown);
  });

  it.each(DAY_CASES)('puts $instant on the Bogotá day $day', ({ instant, day, shown }) => {
    expect(bogotaDay(new Date(instant))).toBe(day);
    expect(formatDate(new Date(instant))).toBe(shown);
  });

  it.each(DAY_BOUNDS_CASES)('reads the day $day sent by a screen as Bogotá start and end of day', ({ day, start, end }) => {
    expect(parseBusinessDate(day)?.toISOString()).toBe(start);
    expect(parseBusinessDate(day, 'end')?.toISOString()).toBe(end);
    expect(startOfBogotaDay(day).toISOString()).toBe(start);
    expect(endOfBogotaDay(day).toISOString()).toBe(end);
  });

  it('signs the claims every front end reads', async () => {
    const tokens = new TokenService({ jwtSecret: 'una-clave-de-prueba-de-al-menos-32-caracteres', accessTokenTtlSeconds: 900 } as AppConfig);
    const { token } = await tokens.signAccessToken({ ...CLAIMS_CASE.user, apps: [...CLAIMS_CASE.user.apps], privileges: [...CLAIMS_CASE.user.privileges] });
    const claims = decodeClaims(token);
    expect(Object.keys(claims ?? {})).toEqual(expect.arrayContaining([...CLAIMS_CASE.keys]));
    expect(isStaff(claims)).toBe(CLAIMS_CASE.read.staff);
    expect(displayName(claims)).toBe(CLAIMS_CASE.read.name);
    expect(claims?.LICENSE_ROLE).toBe(CLAIMS_CASE.read.role);
    expect(privileges(claims)).toEqual(CLAIMS_CASE.read.privileges);
  });
});
