/**
 * Database maintenance commands, run from the built backend:
 *   node backend/dist/database/cli.js migrate
 *   node backend/dist/database/cli.js migration:create <name>   (diffs entities against the migrations)
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig, REPO_ROOT } from '../config/config.js';
import { migrate, openDatabase } from './orm.js';
import { isHandWrittenSql as isOwnFunction } from './schema-drift.js';

const MIGRATIONS_DIR = join(REPO_ROOT, 'backend/src/database/migrations');

async function createMigration(name: string): Promise<void> {
  // Diff against a scratch in-memory database holding exactly the committed migrations.
  const db = await openDatabase({ ...loadConfig({ ...process.env, DATABASE_URL: '' }), databaseInMemory: true });
  try {
    await migrate(db);
    const result = await db.orm.migrator.create(MIGRATIONS_DIR, false, false, name);
    const file = join(MIGRATIONS_DIR, result.fileName);
    const statements = result.diff.up.filter((sql) => sql.trim() && !isOwnFunction(sql));
    if (!statements.length) {
      if (result.diff.up.length) rmSync(file, { force: true });
      console.log('No changes: the entities match the migrations.');
      return;
    }
    writeFileSync(
      file,
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => !isOwnFunction(line))
        .join('\n'),
    );
    const className = result.fileName.replace(/\.ts$/, '');
    const indexPath = join(MIGRATIONS_DIR, 'index.ts');
    const index = readFileSync(indexPath, 'utf8')
      .replace(/(import type \{ Migration \} from '@mikro-orm\/migrations';\n)/, `$1import { ${className} } from './${className}.js';\n`)
      .replace(
        /= \[([\s\S]*?)\];/,
        (_m, list: string) => `= [${list.trim() ? `${list.trimEnd()}\n  ` : '\n  '}{ name: '${className}', class: ${className} },\n];`,
      );
    writeFileSync(indexPath, index);
    console.log(`Created ${result.fileName} (${statements.length} statements); run prettier on it.`);
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  const [command, arg] = process.argv.slice(2);
  if (command === 'migration:create') return createMigration(arg ?? 'change');
  if (command === 'migrate') {
    const db = await openDatabase(loadConfig());
    try {
      const applied = await migrate(db);
      console.log(applied.length ? `Applied ${applied.join(', ')}` : 'Database is up to date');
    } finally {
      await db.close();
    }
    return;
  }
  console.error('usage: cli.js migrate | migration:create <name>');
  process.exitCode = 2;
}

await main();
