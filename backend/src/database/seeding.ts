import type { EntityManager } from '@mikro-orm/sql';
import type { AppConfig } from '../config/config.js';

/** What every seeder is given: the transaction's entity manager, the configuration and the start time. */
export interface SeedContext {
  em: EntityManager;
  config: AppConfig;
  now: Date;
  hashPassword(password: string): Promise<string>;
  /** Ends the open sessions of users holding these roles, in the seeding transaction (their tokens carry old privileges). */
  endSessionsOfRoles(roleCodes: string[]): Promise<void>;
}

/**
 * What earlier demo seeders created, by natural key, for the seeders after them: a seeder writes
 * only its own domain's rows and takes the ids of other domains' rows from here.
 */
export interface DemoRefs {
  /** The user the demo catalogue is audited as (the demo superadmin). */
  author: string | null;
  /** The demo company's id. */
  companyId?: number;
  /** Every demo company's id by NIT (the demo company's too). */
  companies: Map<string, number>;
  /** Service ids by name. */
  services: Map<string, number>;
  /** Service feature ids by code. */
  features: Map<string, number>;
  /** Package ids by code. */
  packages: Map<string, number>;
}

export interface DemoSeedContext extends SeedContext {
  demo: DemoRefs;
}

/** One step of seeding; the seed module runs them in the order of its lists. */
export interface Seeder<Context extends SeedContext = SeedContext> {
  name: string;
  run(context: Context): Promise<void>;
}

export type DemoSeeder = Seeder<DemoSeedContext>;

export function emptyDemoRefs(): DemoRefs {
  return { author: null, companies: new Map(), services: new Map(), features: new Map(), packages: new Map() };
}

/** The id an earlier seeder recorded; a missing one means the seed order is wrong. */
export function demoRef(refs: Map<string, number> | number | undefined, key: string, what: string): number {
  const id = refs instanceof Map ? refs.get(key) : refs;
  if (id === undefined) throw new Error(`Demo ${what} ${key} is missing: it must be seeded before the seeders that use it`);
  return id;
}
