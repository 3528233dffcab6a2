#!/usr/bin/env node
// npm run dev: the backend (recompiled and restarted on change) and both Vite dev servers,
// which proxy the API (and the session hub's WebSocket) to the backend.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reexecUnderNode24 } from './node24.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
if (!reexecUnderNode24()) dev();

function dev() {
  const backendPort = process.env.PORT ?? '3000';
  const env = { ...process.env, NODE_ENV: 'development', PORT: backendPort, BACKEND_URL: `http://localhost:${backendPort}` };

  const build = spawnSync('npm', ['run', 'build', '-w', 'common'], { cwd: root, stdio: 'inherit', env });
  if (build.status !== 0) process.exit(build.status ?? 1);
  // The backend is built by the Nest CLI as the root nest-cli.json says (project backend: tsc with backend/tsconfig.build.json).
  spawnSync('npx', ['nest', 'build', 'backend'], { cwd: root, stdio: 'inherit', env });

  const colours = ['\x1b[36m', '\x1b[35m', '\x1b[33m', '\x1b[32m'];
  const children = [];
  function run(name, command, args, index, cwd = root) {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const prefix = `${colours[index % colours.length]}[${name}]\x1b[0m `;
    const pipe = (stream, out) => {
      let buffer = '';
      stream.on('data', (chunk) => {
        buffer += chunk;
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) out.write(`${prefix}${line}\n`);
      });
    };
    pipe(child.stdout, process.stdout);
    pipe(child.stderr, process.stderr);
    child.on('exit', (code) => {
      console.log(`${prefix}exited with ${code}`);
      for (const other of children) if (other !== child) other.kill('SIGTERM');
      process.exit(code ?? 0);
    });
    children.push(child);
  }

  // nest build --watch keeps dist/ current (never emptied: deleteOutDir is off, so the api process keeps its files).
  run('nest', 'npx', ['nest', 'build', 'backend', '--watch', '--preserveWatchOutput'], 0);
  // The contract is bundled when the process starts, so an edit of openapi.yaml or api/ restarts it too.
  run(
    'api',
    process.execPath,
    ['--enable-source-maps', '--watch-path=backend/dist', '--watch-path=openapi.yaml', '--watch-path=api', 'backend/dist/main.js'],
    1,
  );
  run('store', 'npm', ['run', 'dev', '-w', 'storefront', '--', '--port', '5173', '--strictPort'], 2);
  run('admin', 'npm', ['run', 'dev', '-w', 'admin', '--', '--port', '5174', '--strictPort'], 3);
  console.log(`\nBackend http://localhost:${backendPort}  storefront http://localhost:5173  back office http://localhost:5174/admin/\n`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => children.forEach((c) => c.kill(signal)));
}
