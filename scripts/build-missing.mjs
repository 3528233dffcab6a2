#!/usr/bin/env node
// Builds every workspace whose output is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

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

export const workspaces = [
  { name: 'common', output: 'common/dist/rules/index.js', sources: ['common/src', 'common/package.json'] },
  { name: 'backend', output: 'backend/dist/main.js', sources: ['backend/src', 'backend/package.json', 'common/src'] },
  {
    name: 'storefront',
    output: 'storefront/dist/index.html',
    sources: [
      'storefront/src',
      'storefront/build',
      'storefront/index.html',
      'storefront/vite.config.ts',
      'vite.frontend.ts',
      'storefront/package.json',
      'common/src',
    ],
  },
  {
    name: 'admin',
    output: 'admin/dist/index.html',
    sources: ['admin/src', 'admin/vite-plugins', 'admin/index.html', 'admin/vite.config.ts', 'vite.frontend.ts', 'admin/package.json', 'common/src'],
  },
];

export function buildMissing() {
  for (const ws of workspaces) {
    if (!existsSync(join(root, ws.name, 'package.json'))) continue;
    const built = newest(join(root, ws.output));
    const changed = Math.max(...ws.sources.map((s) => newest(join(root, s))));
    if (built && built >= changed) continue;
    console.log(`Building ${ws.name}...`);
    const result = spawnSync('npm', ['run', 'build', '-w', ws.name], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildMissing();
