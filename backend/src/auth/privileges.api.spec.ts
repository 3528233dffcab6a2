import { getContract, type OperationInfo } from '../contract/contract.js';
import { useTestApp } from '../test-support/fixture.js';
import { partnerToken } from '../test-support/factories.js';
import {
  type Access,
  EXPECTED_ACCESS,
  EXPECTED_PARTNER_ACCESS,
  EXPECTED_PARTNER_PRIVILEGES,
  EXPECTED_ROLES,
  type PartnerPrivilege,
  type Role,
} from './expected-access.js';

/** A concrete path for an operation, with placeholder values of the right type. */
function concretePath(op: OperationInfo): string {
  return op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => (/id$/i.test(name) && !/appName/i.test(name) ? '00000000-0000-4000-8000-000000000000' : 'x1'));
}

type Caller = Role | 'anonymous' | `partner:${PartnerPrivilege}`;

function mayCall(operationId: string, access: Access, role: Caller): boolean {
  if (access === 'public') return true;
  if (role.startsWith('partner:')) return (EXPECTED_PARTNER_ACCESS[operationId] ?? []).includes(role.slice('partner:'.length) as PartnerPrivilege);
  if (role === 'anonymous') return false;
  return access === 'signed-in' || access.includes(role as Role);
}

/**
 * Checks the guard against the hand-written table (`expected-access.ts`), never against the
 * contract's own `x-privileges`: every operation is called anonymously and as a user of every
 * role, and with a partner API client's token of each privilege; a caller the table admits never
 * gets 401 or 403, one it does not gets 401 (anonymous) or 403 (signed in, or a partner).
 */
describe('privilege walk against the expected access table', () => {
  const t = useTestApp();
  const tokens: Partial<Record<Caller, string>> = {};
  const partners = EXPECTED_PARTNER_PRIVILEGES.map((p) => `partner:${p}` as const);
  const operations = getContract().operations();
  // The hub's WebSocket is checked by the hub tests (an upgrade, not a request).
  const walked = operations.filter((op) => op.operationId !== 'connectSessionHub');

  beforeAll(async () => {
    for (const role of EXPECTED_ROLES) tokens[role] = await t.signIn(role);
    for (const privilege of EXPECTED_PARTNER_PRIVILEGES) tokens[`partner:${privilege}`] = (await partnerToken(t, { privileges: [privilege] })).token;
  });

  it('has one row for every operation of the contract, and none for operations that do not exist', () => {
    expect(Object.keys(EXPECTED_ACCESS).sort()).toEqual(operations.map((op) => op.operationId).sort());
    for (const operationId of Object.keys(EXPECTED_PARTNER_ACCESS)) expect(EXPECTED_ACCESS).toHaveProperty(operationId);
  });

  const cases = walked.flatMap((op) => (['anonymous', ...EXPECTED_ROLES, ...partners] as const).map((role) => [op.operationId, role, op] as const));
  it.each(cases)('%s as %s', async (operationId, role, op) => {
    const allowed = mayCall(operationId, EXPECTED_ACCESS[operationId], role);
    const token = role === 'anonymous' ? undefined : tokens[role];
    const res = await t.api.request(op.method, concretePath(op), token).send(op.hasBody ? {} : undefined);
    if (allowed) expect([401, 403]).not.toContain(res.status);
    else expect(res.status).toBe(role === 'anonymous' ? 401 : 403);
  });
});
