import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from '../config/config.js';
import { createTestDatabase } from './test-app.js';

const HOOKS = fileURLToPath(new URL('../hub/testing/source-hooks.mjs', import.meta.url));
const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

export interface Instance {
  url: string;
  /** The process id (the process may have ended). */
  pid: number;
  output(): string;
  stop(): Promise<void>;
  /** `kill -9`: the process ends at once, mid-request, mid-transaction (crash tests). */
  kill(): Promise<void>;
}

/** Extra environment for every instance a test starts (e.g. OUTBOX_TEST_HANDLERS). */
export type InstanceEnv = Record<string, string>;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** One backend as its own OS process, run from the current sources (see hub/testing/source-hooks.mjs). */
export async function startInstance(databaseUrl: string, env: InstanceEnv = {}): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', HOOKS, MAIN], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, DEMO_DATA: 'true', HOST: '127.0.0.1', PORT: String(port), ...env },
    // The IPC channel lets the child notice if this process dies (see source-hooks.mjs).
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const instance: Instance = {
    url,
    pid: child.pid ?? 0,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Instance on port ${port} exited with ${child.exitCode}:\n${output}`);
    const healthy = await fetch(`${url}/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return instance;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await instance.stop();
  throw new Error(`Instance on port ${port} did not start within 120 s:\n${output}`);
}

/** Backend processes on one fresh PostgreSQL database, for a test file (see useInstances). */
export interface Instances {
  /** The instances started so far, in order. */
  readonly list: Instance[];
  /** The database they share (known once the file's tests run). */
  databaseUrl(): string;
  /** Starts one more instance on the same database; it is stopped with the others after the file. */
  start(env?: InstanceEnv): Promise<Instance>;
}

/**
 * A fresh database and `initial` backend processes on it, started one after the other (the first
 * applies the migrations and seeds the demo data) before the file's tests, each with `env` added
 * to its environment; every instance is stopped and the database dropped after them. Call inside
 * a describe block.
 */
export function useInstances(initial: number, env: InstanceEnv = {}): Instances {
  let database: { url?: string; drop(): Promise<void> } | undefined;
  const list: Instance[] = [];
  const instances: Instances = {
    list,
    databaseUrl: () => database!.url!,
    async start(more: InstanceEnv = {}) {
      const instance = await startInstance(instances.databaseUrl(), { ...env, ...more });
      list.push(instance);
      return instance;
    },
  };
  beforeAll(async () => {
    database = await createTestDatabase();
    for (let i = 0; i < initial; i++) await instances.start();
  }, 300_000);
  afterAll(async () => {
    await Promise.all(list.map((instance) => instance.stop()));
    await database?.drop();
  }, 60_000);
  return instances;
}

/**
 * `describe` for tests that run backend processes on a PostgreSQL server: skipped, with a warning
 * naming `what` and `why`, when DATABASE_URL is not set.
 */
export function describeOnServer(title: string, skipped: { what: string; why?: string }, tests: () => void): void {
  if (process.env.DATABASE_URL) return describe(title, tests);
  // Straight to stderr: jest's reporter drops the console output of a skipped test file.
  process.stderr.write(`\nWARNING: skipping the ${skipped.what}, which needs DATABASE_URL (a PostgreSQL server).${skipped.why ? ` ${skipped.why}` : ''}\n`);
  describe.skip(title, tests);
}
