import { ROLES } from '../identity/identity.data.js';
import { getContract, type OperationInfo } from '../contract/contract.js';
import { useTestApp } from '../test-support/fixture.js';

/** A concrete path for an operation, with placeholder values of the right type. */
function concretePath(op: OperationInfo): string {
  return op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => (/id$/i.test(name) && !/appName/i.test(name) ? '00000000-0000-4000-8000-000000000000' : 'x1'));
}

/**
 * Walks every operation of the contract for a user of every role: without a token a protected
 * operation answers 401; a role without any of the operation's privileges gets 403; a role with
 * one never gets 401 or 403.
 */
describe('privilege walk', () => {
  const t = useTestApp();
  const tokens: Record<string, string> = {};
  const operations = getContract()
    .operations()
    .filter((op) => op.operationId !== 'connectSessionHub');

  beforeAll(async () => {
    for (const { code } of ROLES) tokens[code] = await t.signIn(code);
  });

  it.each(operations.filter((op) => !op.isPublic).map((op) => [op.operationId, op] as const))('%s needs a session', async (_id, op) => {
    const res = await t.api.request(op.method, concretePath(op)).send(op.hasBody ? {} : undefined);
    expect(res.status).toBe(401);
  });

  it.each(operations.flatMap((op) => ROLES.map((role) => [op.operationId, role.code, op, role.privileges] as const)))(
    '%s as %s',
    async (_id, role, op, privileges) => {
      const allowed = op.isPublic || op.privileges.length === 0 || op.privileges.some((p) => privileges.includes(p));
      const res = await t.api.request(op.method, concretePath(op), tokens[role]).send(op.hasBody ? {} : undefined);
      if (allowed) expect([401, 403]).not.toContain(res.status);
      else expect(res.status).toBe(403);
    },
  );
});
