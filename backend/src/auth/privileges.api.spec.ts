import { getContract, type OperationInfo } from '../contract/contract.js';
import { useTestApp } from '../test-support/fixture.js';
import { type Access, EXPECTED_ACCESS, EXPECTED_ROLES, type Role } from './expected-access.js';

/** A concrete path for an operation, with placeholder values of the right type. */
function concretePath(op: OperationInfo): string {
  return op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => (/id$/i.test(name) && !/appName/i.test(name) ? '00000000-0000-4000-8000-000000000000' : 'x1'));
}

function mayCall(access: Access, role: Role | 'anonymous'): boolean {
  if (access === 'public') return true;
  if (role === 'anonymous') return false;
  return access === 'signed-in' || access.includes(role);
}

/**
 * Checks the guard against the hand-written table (`expected-access.ts`), never against the
 * contract's own `x-privileges`: every operation is called anonymously and as a user of every
 * role; a caller the table admits never gets 401 or 403, one it does not gets 401 (anonymous) or
 * 403 (signed in).
 */
describe('privilege walk against the expected access table', () => {
  const t = useTestApp();
  const tokens: Partial<Record<Role, string>> = {};
  const operations = getContract().operations();
  // The hub's WebSocket is checked by the hub tests (an upgrade, not a request).
  const walked = operations.filter((op) => op.operationId !== 'connectSessionHub');

  beforeAll(async () => {
    for (const role of EXPECTED_ROLES) tokens[role] = await t.signIn(role);
  });

  it('has one row for every operation of the contract, and none for operations that do not exist', () => {
    expect(Object.keys(EXPECTED_ACCESS).sort()).toEqual(operations.map((op) => op.operationId).sort());
  });

  const cases = walked.flatMap((op) => (['anonymous', ...EXPECTED_ROLES] as const).map((role) => [op.operationId, role, op] as const));
  it.each(cases)('%s as %s', async (operationId, role, op) => {
    const allowed = mayCall(EXPECTED_ACCESS[operationId], role);
    const token = role === 'anonymous' ? undefined : tokens[role];
    const res = await t.api.request(op.method, concretePath(op), token).send(op.hasBody ? {} : undefined);
    if (allowed) expect([401, 403]).not.toContain(res.status);
    else expect(res.status).toBe(role === 'anonymous' ? 401 : 403);
  });
});
