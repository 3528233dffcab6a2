import { BasePostgreSqlPlatform, MikroORM } from '@mikro-orm/sql';
import { useTestApp } from '../test-support/fixture.js';
import { escapeLiteral } from './literals.js';

describe('escapeLiteral', () => {
  const original = (value: string) => (BasePostgreSqlPlatform.prototype as unknown as { escapeLiteral(v: string): string }).escapeLiteral(value);
  const cases = [
    '',
    'plain',
    "O'Brien",
    "''",
    'C:\\ruta\\archivo',
    "mezcla ' y \\ juntas \\'",
    'ñandú ¡Perfecto! — 😀',
    '<p style="color:#1d4ed8">Recibimos tu orden OC-123</p>\n\t',
    '{"a":"b\\"c","d":[1,2]}',
  ];

  it.each(cases)('writes %j as MikroORM does', (value) => {
    expect(escapeLiteral(value)).toBe(original(value));
  });

  it('writes the literals PostgreSQL reads back as the same text', () => {
    expect(escapeLiteral("O'Brien")).toBe("'O''Brien'");
    expect(escapeLiteral('a\\b')).toBe(" E'a\\\\b'");
  });
});

describe('the database platform', () => {
  const t = useTestApp();

  it('writes literals with escapeLiteral, and PostgreSQL reads each value back unchanged', async () => {
    const orm = t.app.get(MikroORM);
    expect((orm.em.getPlatform() as unknown as { escapeLiteral: unknown }).escapeLiteral).toBe(escapeLiteral);
    const values = ["O'Brien", 'C:\\ruta', 'ñandú — 😀', "mezcla ' y \\ juntas"];
    const rows = await orm.em.fork().execute<{ v: string }[]>(values.map(() => 'select ?::text as v').join(' union all '), values);
    expect(rows.map((r) => r.v)).toEqual(values);
  });
});
