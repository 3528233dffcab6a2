import { EntityManager } from '@mikro-orm/sql';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { TAX_CASES } from './tax.cases.js';
import { TAX_RULES, type TaxRules } from './tax.types.js';

// The strategy the application binds, over the parameters the migration seeds: the same worked
// cases as the pure rules, so a wrong seed row (a rate, a minimum, a valid-from day) fails here.
describe('TAX_RULES over the seeded tax_parameter table', () => {
  let test: TestApp;
  let rules: TaxRules;
  beforeAll(async () => {
    test = await startTestApp();
    rules = test.app.get<TaxRules>(TAX_RULES);
  });
  afterAll(() => test?.close());

  it.each(TAX_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const figures = await rules.compute({ lines: c.lines, buyer: c.buyer, date: c.date });
    expect(Object.fromEntries(Object.entries(figures).map(([key, value]) => [key, String(value)]))).toEqual(c.expected);
  });

  it("reads the parameters in the caller's transaction when given one", async () => {
    const line = [{ base: 1000, ivaRate: 19, kind: 'SOFTWARE_LICENCE' as const }];
    const buyer = TAX_CASES[1]!.buyer;
    const seen: string[] = [];
    const rolledBack = test.app
      .get(EntityManager)
      .fork()
      .transactional(async (tx) => {
        // A rate from 2030, written and never committed: only this transaction sees it.
        await tx.execute(
          `insert into tax_parameter (concept, kind, dane_code, valid_from, value, min_base_uvt, source) values ('RETEFUENTE', 'SOFTWARE_LICENCE', '*', '2030-01-01', '4', '0', 'test')`,
        );
        seen.push(String((await rules.compute({ lines: line, buyer, date: '2030-01-02' }, tx)).taxReteFuente));
        seen.push(String((await rules.compute({ lines: line, buyer, date: '2030-01-02' })).taxReteFuente));
        throw new Error('roll back');
      });
    await expect(rolledBack).rejects.toThrow('roll back');
    // 1.000 × 4 % = 40 inside; 1.000 × 3,5 % = 35 outside.
    expect(seen).toEqual(['40', '35']);
  });

  it('keeps the table append-only and its values sane, in the database', async () => {
    const em = test.app.get(EntityManager).fork();
    await expect(em.execute(`update tax_parameter set value = 50000 where concept = 'UVT' and valid_from = '2026-01-01'`)).rejects.toThrow(
      'tax_parameter is append-only (a change of law is a new row): UPDATE refused',
    );
    await expect(em.execute(`delete from tax_parameter where concept = 'RETEIVA'`)).rejects.toThrow('DELETE refused');
    const insert = (kind: string, daneCode: string, value: string) =>
      em.execute(`insert into tax_parameter (concept, kind, dane_code, valid_from, value, source) values ('RETEICA', ?, ?, '2031-01-01', ?, 'test')`, [
        kind,
        daneCode,
        value,
      ]);
    await expect(insert('SERVICE', '11001', '-1')).rejects.toThrow('tax_parameter_value_check');
    await expect(insert('RENT', '11001', '5')).rejects.toThrow('tax_parameter_kind_check');
    await expect(insert('SERVICE', 'Bogot', '5')).rejects.toThrow('tax_parameter_dane_code_check');
    const [uvt] = await em.execute<{ value: string }[]>(`select value::text as value from tax_parameter where concept = 'UVT' and valid_from = '2026-01-01'`);
    expect(uvt?.value).toBe('52374.0000');
  });
});
