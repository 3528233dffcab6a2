/**
 * Cases of the shared rules, fed to what the backend (jest), the back office and the storefront
 * (Vitest) each use: all three must give these answers. Expected values are written out by hand.
 */

/** Amounts: rounded half-up on the decimal value (2 decimals) and shown as Colombian pesos. */
export const MONEY_CASES: readonly { value: number | string; rounded: number; shown: string }[] = [
  { value: 2.675, rounded: 2.68, shown: '$2,68' },
  { value: 84033.605, rounded: 84033.61, shown: '$84.033,61' },
  { value: 1.005, rounded: 1.01, shown: '$1,01' },
  { value: 1190000, rounded: 1190000, shown: '$1.190.000' },
  { value: 0.1 + 0.2, rounded: 0.3, shown: '$0,3' },
  { value: -2.675, rounded: -2.68, shown: '-$2,68' },
  { value: '123456789012.345', rounded: 123456789012.35, shown: '$123.456.789.012,35' },
  { value: 0, rounded: 0, shown: '$0' },
];

/** Values that are not amounts show 'Dato inválido'; a missing one shows nothing. */
export const INVALID_MONEY_CASES: readonly { value: unknown; shown: string }[] = [
  { value: 'abc', shown: 'Dato inválido' },
  { value: Number.NaN, shown: 'Dato inválido' },
  { value: Number.POSITIVE_INFINITY, shown: 'Dato inválido' },
  { value: '', shown: 'Dato inválido' },
  { value: null, shown: '' },
  { value: undefined, shown: '' },
];

/** Instants and their Bogotá calendar day (UTC−5 all year), as stored and as shown. */
export const DAY_CASES: readonly { instant: string; day: string; shown: string }[] = [
  { instant: '2026-05-02T04:59:59.999Z', day: '2026-05-01', shown: '01/05/2026' },
  { instant: '2026-05-02T05:00:00.000Z', day: '2026-05-02', shown: '02/05/2026' },
  { instant: '2027-01-01T03:00:00.000Z', day: '2026-12-31', shown: '31/12/2026' },
  { instant: '2024-02-29T12:00:00.000Z', day: '2024-02-29', shown: '29/02/2024' },
];

/** A calendar day sent by a screen: its start and its end ("end of day") in Bogotá. */
export const DAY_BOUNDS_CASES: readonly { day: string; start: string; end: string }[] = [
  { day: '2026-05-01', start: '2026-05-01T05:00:00.000Z', end: '2026-05-02T04:59:59.999Z' },
  { day: '2026-12-31', start: '2026-12-31T05:00:00.000Z', end: '2027-01-01T04:59:59.999Z' },
  { day: '2028-02-29', start: '2028-02-29T05:00:00.000Z', end: '2028-03-01T04:59:59.999Z' },
];

/** A user as the backend signs it, and what every front end reads from the token. */
export const CLAIMS_CASE = {
  user: {
    userId: '7',
    sessionId: 'c1a4f0f2-5b7e-4d55-9a0e-3f5d7f2b9a11',
    username: 'comercial',
    names: 'Carlos',
    surnames: 'Rendón Ospina',
    role: 'LICENSECOMERCIAL',
    apps: ['LICENSE'],
    privileges: ['BACKOFFICE', 'CONFIGURATION', 'LICENSES'],
  },
  /** The claims every token carries, besides the registered ones. */
  keys: ['APPS', 'LICENSE_ROLE', 'PRIVILEGES', 'family_name', 'given_name', 'sid', 'unique_name'],
  read: {
    staff: true,
    name: 'Carlos Rendón Ospina',
    role: 'LICENSECOMERCIAL',
    privileges: ['BACKOFFICE', 'CONFIGURATION', 'LICENSES'],
  },
} as const;

/** The same claims as an unsigned token (the browsers read, the server verifies). */
export function unsignedToken(claims: object): string {
  const part = (value: object) => {
    const bytes = new TextEncoder().encode(JSON.stringify(value));
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  };
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.firma`;
}

/** The token claims a signed-in CLAIMS_CASE user carries. */
export const CLAIMS_CASE_TOKEN = unsignedToken({
  sub: CLAIMS_CASE.user.userId,
  exp: 4_102_444_800,
  sid: CLAIMS_CASE.user.sessionId,
  unique_name: CLAIMS_CASE.user.username,
  given_name: CLAIMS_CASE.user.names,
  family_name: CLAIMS_CASE.user.surnames,
  APPS: 'LICENSE',
  LICENSE_ROLE: CLAIMS_CASE.user.role,
  PRIVILEGES: [...CLAIMS_CASE.user.privileges],
});

/** The formatting and day rules a front end imports, to be fed the cases above. */
export interface FrontEndRules {
  formatMoney(value: number | string | null | undefined): string;
  roundHalfUp(value: number | string, digits: number): string | undefined;
  bogotaDay(instant: string): string;
  formatDate(instant: string): string;
  /** What a day input sends for the day shown to the user as dd/MM/yyyy. */
  typedDay(day: string): string | undefined;
}

/** The answers of a front end's rules to every case, next to the expected ones (compare with toEqual). */
export function frontEndAnswers(rules: FrontEndRules) {
  return {
    got: {
      money: MONEY_CASES.map(({ value }) => [rules.formatMoney(value), Number(rules.roundHalfUp(value, 2))]),
      invalid: INVALID_MONEY_CASES.map(({ value }) => rules.formatMoney(value as number)),
      days: DAY_CASES.map(({ instant }) => [rules.bogotaDay(instant), rules.formatDate(instant)]),
      typed: DAY_BOUNDS_CASES.map(({ day }) => rules.typedDay(day)),
    },
    expected: {
      money: MONEY_CASES.map(({ shown, rounded }) => [shown, rounded]),
      invalid: INVALID_MONEY_CASES.map(({ shown }) => shown),
      days: DAY_CASES.map(({ day, shown }) => [day, shown]),
      typed: DAY_BOUNDS_CASES.map(({ day }) => day),
    },
  };
}
