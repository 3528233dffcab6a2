import { ROLES } from '../identity/identity.data.js';
import { getContract, type OperationInfo } from '../contract/contract.js';
import { DEMO_STAFF, startTestApp, type TestApp } from '../test-support/test-app.js';

/** A concrete path for an operation, with placeholder values of the right type. */
function concretePath(op: OperationInfo): string {
  return op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => (/id$/i.test(name) && !/appName/i.test(name) ? '00000000-0000-4000-8000-000000000000' : 'x1'));
}

const roleOf: Record<string, string> = {
  superadmin: 'SUPERADMIN',
  comercial: 'LICENSECOMERCIAL',
  promocode: 'LICENSEPROMOCODE',
  financiero: 'LICFINANCIERO',
  consulta: 'LICFINANCIEROCONSULTA',
  cliente: 'CUSTOMER',
};
const USERS = [...DEMO_STAFF, 'cliente'] as const;

/**
 * Walks every operation of the contract for every demo role: without a token a protected
 * operation answers 401; a role without any of the operation's privileges gets 403; a role with
 * one never gets 401 or 403.
 */
describe('privilege walk', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const operations = getContract()
    .operations()
    .filter((op) => op.operationId !== 'connectSessionHub');

  beforeAll(async () => {
    t = await startTestApp();
    for (const user of USERS) tokens[user] = (await t.api.login(user)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('covers every role of the matrix', () => {
    expect(Object.values(roleOf).sort()).toEqual(ROLES.map((r) => r.code).sort());
  });

  it.each(operations.filter((op) => !op.isPublic).map((op) => [op.operationId, op] as const))('%s needs a session', async (_id, op) => {
    const res = await t.api.request(op.method, concretePath(op)).send(op.hasBody ? {} : undefined);
    expect(res.status).toBe(401);
  });

  it.each(operations.flatMap((op) => USERS.map((user) => [op.operationId, user, op] as const)))('%s as %s', async (_id, user, op) => {
    const privileges = ROLES.find((r) => r.code === roleOf[user])!.privileges;
    const allowed = op.isPublic || op.privileges.length === 0 || op.privileges.some((p) => privileges.includes(p));
    const res = await t.api.request(op.method, concretePath(op), tokens[user]).send(op.hasBody ? {} : undefined);
    if (allowed) expect([401, 403]).not.toContain(res.status);
    else expect(res.status).toBe(403);
  });
});
