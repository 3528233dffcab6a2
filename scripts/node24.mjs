#!/usr/bin/env node
// Runs a command under Node.js 24, whatever node started it.
//
//   node scripts/node24.mjs '<shell command>' [extra args...]   run it (extra args appended, quoted)
//   node scripts/node24.mjs --bin-dir                          print the folder to put first on PATH
//                                                              (empty when this node is already 24+)
//
// The machines this project starts on have Node 20 (npm scripts start with it). When the running
// node is older than 24, the official binary comes from the npm registry (package
// node-<platform>-<arch>) into the ignored folder .node/, once, and the command runs with that
// folder first on PATH, so every `node`, `npm` and `npx` below it is Node 24 too.
// This file must keep running on old Node versions: plain ESM, no newer APIs.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const NODE_VERSION = '24.21.0';
const MAJOR = Number(NODE_VERSION.split('.')[0]);

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const packageName = `node-${process.platform}-${process.arch}`;
const home = join(root, '.node');
const binDir = join(home, 'node_modules', packageName, 'bin');

function installedVersion() {
  try {
    return JSON.parse(readFileSync(join(home, 'node_modules', packageName, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

/** Installs the pinned Node into .node/ (in a scratch folder first, so two first runs cannot collide). */
function install() {
  if (!['linux', 'darwin'].includes(process.platform)) {
    throw new Error(`Node.js ${MAJOR} or newer is required (this is ${process.version}); install it from https://nodejs.org`);
  }
  console.error(`node24: downloading Node.js ${NODE_VERSION} (${packageName} from the npm registry) into .node/, once`);
  const scratch = `${home}.${process.pid}.tmp`;
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  writeFileSync(join(scratch, 'package.json'), '{"private":true}\n');
  const args = ['install', '--prefix', scratch, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--workspaces=false'];
  const result = spawnSync('npm', [...args, `${packageName}@${NODE_VERSION}`], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0 || !existsSync(join(scratch, 'node_modules', packageName, 'bin', 'node'))) {
    rmSync(scratch, { recursive: true, force: true });
    throw new Error(`could not install ${packageName}@${NODE_VERSION} (npm exit ${result.status}); install Node.js ${MAJOR} from https://nodejs.org`);
  }
  if (existsSync(home)) rmSync(home, { recursive: true, force: true });
  try {
    renameSync(scratch, home);
  } catch (error) {
    // Another first run finished meanwhile: use its copy.
    rmSync(scratch, { recursive: true, force: true });
    if (installedVersion() !== NODE_VERSION) throw error;
  }
}

/** The folder holding a Node 24 binary to put first on PATH, or undefined when this node will do. */
export function node24BinDir() {
  if (Number(process.versions.node.split('.')[0]) >= MAJOR) return undefined;
  if (installedVersion() !== NODE_VERSION || !existsSync(join(binDir, 'node'))) install();
  return binDir;
}

const quote = (arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`);

/** Runs the child with `dir` first on PATH, forwards signals, and exits with the child's status. */
function runWith(dir, file, args, options) {
  const env = { ...process.env };
  if (dir) {
    const pathKey = Object.keys(env).find((k) => k.toUpperCase() === 'PATH') ?? 'PATH';
    env[pathKey] = `${dir}:${env[pathKey] ?? ''}`;
    console.error(`node24: running with Node.js v${NODE_VERSION} from ${relative(process.cwd(), home) || '.'}/ (this machine's node is ${process.version})`);
  }
  const child = spawn(file, args, { env, stdio: 'inherit', ...options });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : 143)));
}

/**
 * For scripts that need Node 24 (start, dev): when this node is older, runs the same script with
 * the same arguments under Node 24 and returns true (the process exits with the child's status);
 * otherwise returns false and the caller goes on.
 */
export function reexecUnderNode24() {
  let dir;
  try {
    dir = node24BinDir();
  } catch (error) {
    console.error(`node24: ${error.message}`);
    process.exit(1);
  }
  if (!dir) return false;
  runWith(dir, join(dir, 'node'), [...process.execArgv, ...process.argv.slice(1)], {});
  return true;
}

function main(argv) {
  if (argv[0] === '--bin-dir') {
    process.stdout.write(`${node24BinDir() ?? ''}\n`);
    return;
  }
  if (!argv.length) {
    console.error("usage: node scripts/node24.mjs '<command>' [args...]");
    process.exit(64);
  }
  const command = [argv[0], ...argv.slice(1).map(quote)].join(' ');
  runWith(node24BinDir(), command, [], { shell: true });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(`node24: ${error.message}`);
    process.exit(1);
  }
}
