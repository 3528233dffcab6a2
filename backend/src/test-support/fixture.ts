import { EntityManager } from '@mikro-orm/sql';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '../config/config.js';
import { createUser, type RoleCode } from './factories.js';
import { type ApiClient, startTestApp, type TestApp } from './test-app.js';

/** What a spec file works with: one app on its own database, started before its tests and closed after them. */
export interface TestFixture {
  readonly app: NestFastifyApplication;
  readonly config: AppConfig;
  readonly url: string;
  /** supertest agent whose every response is checked against the contract */
  readonly api: ApiClient;
  /** A fresh entity manager for factories and checks that read the database. */
  em(): EntityManager;
  /** A token of a user of that role, created on first use (one user per role and file). */
  signIn(role?: RoleCode): Promise<string>;
}

/**
 * Starts the app for the enclosing `describe` (or file) and closes it afterwards. The database
 * holds reference data only: no demo catalogue, so every test creates what it asserts on.
 * `overrides` are configuration variables (e.g. `{ DEMO_DATA: 'true' }`).
 */
export function useTestApp(overrides: Record<string, string> = {}): TestFixture {
  let current: TestApp | undefined;
  const tokens = new Map<RoleCode, Promise<string>>();
  beforeAll(async () => {
    current = await startTestApp({ DEMO_DATA: 'false', ...overrides });
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
    tokens.clear();
  });
  const started = (): TestApp => {
    if (!current) throw new Error('useTestApp: the app starts in beforeAll; use it inside hooks and tests');
    return current;
  };
  const fixture: TestFixture = {
    get app() {
      return started().app;
    },
    get config() {
      return started().config;
    },
    get url() {
      return started().url;
    },
    get api() {
      return started().api;
    },
    em: () => started().app.get(EntityManager).fork(),
    signIn(role = 'SUPERADMIN') {
      let token = tokens.get(role);
      if (!token) {
        token = createUser(fixture, { role }).then(async (user) => (await fixture.api.login(user.username, user.password, user.appName)).token);
        tokens.set(role, token);
      }
      return token;
    },
  };
  return fixture;
}
