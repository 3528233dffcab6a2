import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Migrator } from '@mikro-orm/migrations';
import type { MikroORM, Options } from '@mikro-orm/sql';
import type { AppConfig } from '../config/config.js';
import { ENTITIES } from './entities.js';
import { useBoundParameters } from './bound-parameters.js';
import { MIGRATIONS } from './migrations/index.js';

export interface Database {
  orm: MikroORM;
  /** The embedded instance when running on PGlite (single process). */
  pglite?: PGlite;
  kind: 'postgresql' | 'pglite';
  close(): Promise<void>;
}

function commonOptions(): Partial<Options> {
  return {
    entities: ENTITIES,
    extensions: [Migrator],
    migrations: {
      migrationsList: MIGRATIONS,
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true,
    },
    forceUtcTimezone: true,
    allowGlobalContext: false,
    debug: process.env.DB_DEBUG === 'true',
    ignoreUndefinedInQuery: true,
  };
}

/** PostgreSQL's type id of DATE. */
const DATE_OID = 1082;

/** PGlite keeps its files in one folder that only one process may open at a time. */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lock = join(dataDir, 'licencias.pid');
  try {
    const pid = Number(readFileSync(lock, 'utf8'));
    if (pid && pid !== process.pid) {
      try {
        process.kill(pid, 0);
        throw new Error(`The embedded database in ${dataDir} is in use by process ${pid}. Stop it, or set DATA_DIR or DATABASE_URL.`);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
      }
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  writeFileSync(lock, String(process.pid));
  return () => rmSync(lock, { force: true });
}

/** Opens the database: real PostgreSQL with DATABASE_URL, the embedded PGlite otherwise. */
export async function openDatabase(config: AppConfig): Promise<Database> {
  if (config.databaseUrl) {
    const { MikroORM } = await import('@mikro-orm/postgresql');
    const orm = (await MikroORM.init({
      ...(commonOptions() as object),
      clientUrl: config.databaseUrl,
      pool: { min: 0, max: Number(process.env.DATABASE_POOL_MAX ?? 10) },
    })) as unknown as MikroORM;
    useBoundParameters(orm.em.getConnection());
    return { orm, kind: 'postgresql', close: () => orm.close(true) };
  }
  const inMemory = config.databaseInMemory;
  const unlock = inMemory ? () => undefined : lockDataDir(config.dataDir);
  // Loaded only in embedded mode: a PostgreSQL instance does not carry PGlite's code.
  const [{ PGlite }, { pg_trgm }, { unaccent }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
  ]);
  const pglite = await PGlite.create({
    dataDir: inMemory ? 'memory://' : join(config.dataDir, 'pglite'),
    extensions: { pg_trgm, unaccent },
    // PGlite ignores per-database settings (the planner_costs migration): the data is in memory
    // or on local disk, so random reads cost little more than sequential ones.
    startParams: [...PGlite.defaultStartParams, '-c', 'random_page_cost=1.1'],
    // A DATE is its yyyy-MM-dd text, as `pg` gives it to MikroORM (PGlite would make it a Date at UTC midnight).
    parsers: { [DATE_OID]: (value: string) => value },
  });
  const { MikroORM } = await import('@mikro-orm/pglite');
  const orm = (await MikroORM.init({
    ...(commonOptions() as object),
    dbName: 'licencias',
    driverOptions: { pglite },
  })) as unknown as MikroORM;
  useBoundParameters(orm.em.getConnection());
  return {
    orm,
    pglite,
    kind: 'pglite',
    close: async () => {
      await orm.close(true);
      await pglite.close();
      unlock();
    },
  };
}

/** Applies committed migrations; extensions first, as PGlite needs them created explicitly. */
export async function migrate(db: Database): Promise<string[]> {
  for (const extension of ['unaccent', 'pg_trgm']) {
    await db.orm.em.getConnection().execute(`create extension if not exists ${extension}`);
  }
  const applied = await db.orm.migrator.up();
  return applied.map((m) => m.name);
}
