import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import supertest from 'supertest';
import { createApp } from '../app.js';
import { type AppConfig, DEFAULT_DEMO_PASSWORD, loadConfig } from '../config/config.js';
import { getContract } from '../contract/contract.js';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  url: string;
  /** supertest agent whose every response is checked against openapi.yaml */
  api: ApiClient;
  close(): Promise<void>;
}

/**
 * A fresh database per test file: with DATABASE_URL a new database on that server (dropped
 * afterwards), otherwise an in-memory embedded PostgreSQL.
 */
export async function createTestDatabase(): Promise<{ url?: string; drop(): Promise<void> }> {
  const server = process.env.DATABASE_URL;
  if (!server) return { url: undefined, drop: async () => undefined };
  const name = `licencias_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function startTestApp(overrides: Record<string, string> = {}, database?: { url?: string }): Promise<TestApp> {
  const db = database ?? (await createTestDatabase());
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'error',
    DATABASE_URL: db.url ?? '',
    DATABASE_IN_MEMORY: db.url ? 'false' : 'true',
    DEMO_DATA: 'true',
    PORT: '0',
    ...overrides,
  });
  const app = await createApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.getHttpServer().address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;
  return {
    app,
    config,
    url,
    api: new ApiClient(url),
    close: async () => {
      await app.close();
      if (!database && 'drop' in db) await (db as { drop(): Promise<void> }).drop();
    },
  };
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Matches a concrete path to a contract operation (paths are case-insensitive). */
export function findOperation(method: string, path: string) {
  const clean = path.split('?')[0];
  return getContract()
    .operations()
    .find((op) => {
      if (op.method !== method.toLowerCase()) return false;
      const pattern = new RegExp(`^${op.routePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+')}$`, 'i');
      return pattern.test(clean);
    });
}

export class ContractViolation extends Error {}

/**
 * Requests over real HTTP; every JSON response must be one the contract declares for the
 * operation and status, or the request fails.
 */
export class ApiClient {
  constructor(readonly baseUrl: string) {}

  request(method: Method, path: string, token?: string) {
    const op = findOperation(method, path);
    let req = supertest(this.baseUrl)[method](path);
    if (token) req = req.set('Authorization', `Bearer ${token}`);
    const originalThen = req.then.bind(req);
    (req as { then: typeof req.then }).then = ((resolve, reject) =>
      originalThen((res) => {
        if (op && /json/.test(String(res.headers['content-type'] ?? ''))) {
          const problem = getContract().checkResponse(op.operationId, res.status, res.body);
          if (problem)
            throw new ContractViolation(
              `${method.toUpperCase()} ${path} -> ${res.status} breaks the contract: ${problem}\n${JSON.stringify(res.body).slice(0, 500)}`,
            );
        }
        return res;
      }).then(resolve, reject)) as typeof req.then;
    return req;
  }

  get(path: string, token?: string) {
    return this.request('get', path, token);
  }
  post(path: string, token?: string) {
    return this.request('post', path, token);
  }
  put(path: string, token?: string) {
    return this.request('put', path, token);
  }
  patch(path: string, token?: string) {
    return this.request('patch', path, token);
  }
  delete(path: string, token?: string) {
    return this.request('delete', path, token);
  }

  async login(
    username: string,
    password = process.env.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD,
    appname = 'license',
  ): Promise<{ token: string; refreshToken: string }> {
    const res = await this.post('/api/Login/Authenticate').send({ UserName: username, Password: password, Appname: appname });
    if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.result as { token: string; refreshToken: string };
  }
}
