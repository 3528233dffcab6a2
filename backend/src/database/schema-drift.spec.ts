import { loadConfig } from '../config/config.js';
import { createTestDatabase } from '../test-support/test-app.js';
import { type Database, migrate, openDatabase } from './orm.js';
import { isHandWrittenSql } from './schema-drift.js';

// An entity edited without its migration (a column, an index, a foreign key's rule) would make
// the schema the app expects differ from the one `npm start` builds.
describe('the migrations build the schema the entities declare', () => {
  let db: Database | undefined;
  afterAll(() => db?.close());

  it('leaves nothing for the schema generator to change', async () => {
    const database = await createTestDatabase();
    db = await openDatabase(
      loadConfig({ ...process.env, NODE_ENV: 'test', DATABASE_URL: database.url ?? '', DATABASE_IN_MEMORY: database.url ? 'false' : 'true' }),
    );
    await migrate(db);
    const sql = await db.orm.schema.getUpdateSchemaSQL({ wrap: false });
    const changes = sql.split('\n').filter((line) => line.trim() && !isHandWrittenSql(line));
    expect(changes).toEqual([]);
  });
});
