#!/usr/bin/env node
// npm start: builds whatever is missing or older than its sources, then serves everything.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(`Node.js 24 or newer is required (this is ${process.version}). Install it, or run: source scripts/ensure-node.sh`);
  process.exit(1);
}

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

const workspaces = [
  { name: 'common', output: 'common/dist/rules/index.js', sources: ['common/src', 'common/package.json'] },
  { name: 'backend', output: 'backend/dist/main.js', sources: ['backend/src', 'backend/package.json', 'common/src'] },
  { name: 'storefront', output: 'storefront/dist/index.html', sources: ['storefront/src', 'storefront/index.html', 'storefront/package.json', 'common/src'] },
  { name: 'admin', output: 'admin/dist/index.html', sources: ['admin/src', 'admin/index.html', 'admin/package.json', 'common/src'] },
];

for (const ws of workspaces) {
  if (!existsSync(join(root, ws.name, 'package.json'))) continue;
  const built = newest(join(root, ws.output));
  const changed = Math.max(...ws.sources.map((s) => newest(join(root, s))));
  if (built && built >= changed) continue;
  console.log(`Building ${ws.name}...`);
  const result = spawnSync('npm', ['run', 'build', '-w', ws.name], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', 'backend/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'development', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
