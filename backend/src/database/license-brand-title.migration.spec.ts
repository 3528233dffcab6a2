import { loadConfig } from '../config/config.js';
import { createTestDatabase } from '../test-support/test-app.js';
import { MIGRATIONS } from './migrations/index.js';
import { type Database, migrate, openDatabase } from './orm.js';

const MIGRATION = 'Migration20261125165000_license_brand_title';

/** What the seed wrote for the licence app before 9a9495a (title, logo and favicon). */
const OLD_LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" width="195" height="48" viewBox="0 0 195 48" role="img" aria-label="Licencias"><rect x="2" y="4" width="40" height="40" rx="10" fill="#ef6c00"/><circle cx="36" cy="10" r="6" fill="#37474f"/><text x="22" y="31" font-family="Segoe UI,Roboto,Arial,sans-serif" font-size="17" font-weight="700" fill="#ffffff" text-anchor="middle">LI</text><text x="52" y="32" font-family="Segoe UI,Roboto,Arial,sans-serif" font-size="24" font-weight="600" fill="#1f2933">Licencias</text></svg>';
const OLD_FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#ef6c00"/><circle cx="52" cy="12" r="8" fill="#37474f"/><text x="32" y="43" font-family="Segoe UI,Roboto,Arial,sans-serif" font-size="28" font-weight="700" fill="#ffffff" text-anchor="middle">LI</text></svg>';

interface BrandValues {
  title: string;
  logoSvg: string;
  faviconSvg: string;
}

/**
 * A database migrated up to the migration before this one, holding a licence app brand row, then
 * migrated to the end: what the row says afterwards.
 */
async function migrateBrandRow(before: BrandValues): Promise<BrandValues & { otherTitle: string }> {
  const database = await createTestDatabase();
  let db: Database | undefined;
  try {
    db = await openDatabase(
      loadConfig({ ...process.env, NODE_ENV: 'test', DATABASE_URL: database.url ?? '', DATABASE_IN_MEMORY: database.url ? 'false' : 'true' }),
    );
    const connection = db.orm.em.getConnection();
    for (const extension of ['unaccent', 'pg_trgm']) await connection.execute(`create extension if not exists ${extension}`);
    const previous = MIGRATIONS[MIGRATIONS.findIndex((m) => m.name === MIGRATION) - 1].name;
    await db.orm.migrator.up({ to: previous });
    const insert = `insert into "brand" ("app_name", "tenant", "title", "description", "theme", "app_info") values (?, 'CO', ?, 'Descripción', ?, '{}')`;
    const theme = JSON.stringify({ variant: 'orange', logoSvg: before.logoSvg, faviconSvg: before.faviconSvg });
    await connection.execute(insert, ['license', before.title, theme]);
    // Another app's row with the same title is not the licence app's: it stays.
    await connection.execute(insert, ['colnomina', 'Licencias', theme]);
    await migrate(db);
    const [row] = await connection.execute<{ title: string; logo: string; favicon: string }[]>(
      `select "title", "theme"->>'logoSvg' as "logo", "theme"->>'faviconSvg' as "favicon" from "brand" where "app_name" = 'license'`,
    );
    const [other] = await connection.execute<{ title: string }[]>(`select "title" from "brand" where "app_name" = 'colnomina'`);
    return { title: row.title, logoSvg: row.logo, faviconSvg: row.favicon, otherTitle: other.title };
  } finally {
    await db?.close();
    await database.drop();
  }
}

describe('the licence app brand row created before 9a9495a', () => {
  it("takes the current default 'Myselfcert' with its logo and favicon where it still holds the old defaults", async () => {
    const after = await migrateBrandRow({ title: 'Licencias', logoSvg: OLD_LOGO, faviconSvg: OLD_FAVICON });
    expect(after.title).toBe('Myselfcert');
    expect(after.logoSvg).toContain('aria-label="Myselfcert"');
    expect(after.logoSvg).toContain('>MC</text>');
    expect(after.faviconSvg).toContain('>MC</text>');
    expect(after.faviconSvg).not.toContain('>LI</text>');
    expect(after.otherTitle).toBe('Licencias');
  });

  it('keeps a title and art an operator chose', async () => {
    const chosen = { title: 'Mi tienda de licencias', logoSvg: '<svg>propio</svg>', faviconSvg: '<svg>icono propio</svg>' };
    const after = await migrateBrandRow(chosen);
    expect(after).toEqual({ ...chosen, otherTitle: 'Licencias' });
  });
});
