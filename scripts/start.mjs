#!/usr/bin/env node
// npm start: builds whatever is missing or older than its sources, then serves everything.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { reexecUnderNode24 } from './node24.mjs';
import { serverFlags } from './server-flags.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
if (!reexecUnderNode24()) await serve();

async function serve() {
  const { buildMissing } = await import('./build-missing.mjs');
  buildMissing();

  const server = spawn(process.execPath, [...serverFlags(process.env), '--enable-source-maps', 'backend/dist/main.js'], {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'development', ...process.env },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}
