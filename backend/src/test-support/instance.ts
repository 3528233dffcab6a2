import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from '../config/config.js';

const HOOKS = fileURLToPath(new URL('../hub/testing/source-hooks.mjs', import.meta.url));
const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

export interface Instance {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** One backend as its own OS process, run from the current sources (see hub/testing/source-hooks.mjs). */
export async function startInstance(databaseUrl: string): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', HOOKS, MAIN], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, DEMO_DATA: 'true', HOST: '127.0.0.1', PORT: String(port) },
    // The IPC channel lets the child notice if this process dies (see source-hooks.mjs).
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const instance: Instance = {
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
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
