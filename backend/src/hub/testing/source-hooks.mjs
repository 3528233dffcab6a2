// Lets a child process run the backend from its TypeScript sources (`node --import <this file>
// backend/src/main.ts`), compiled on load by swc with the options jest uses, so multi-process
// tests exercise the current code without a build step.
import { existsSync, readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';
import { transformSync } from '@swc/core';

const SOURCES = new URL('../../', import.meta.url).href;

// Started by a test with an IPC channel: stop when that test process goes away, even if killed.
if (process.channel) {
  process.channel.unref();
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}

const SWC_OPTIONS = {
  jsc: {
    target: 'es2024',
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    keepClassNames: true,
  },
  module: { type: 'es6' },
  sourceMaps: 'inline',
};

registerHooks({
  resolve(specifier, context, nextResolve) {
    // Sources import each other as './x.js' (NodeNext style); the file on disk is './x.ts'.
    if (specifier.startsWith('.') && specifier.endsWith('.js') && context.parentURL?.startsWith(SOURCES)) {
      const candidate = new URL(`${specifier.slice(0, -3)}.ts`, context.parentURL);
      if (existsSync(candidate)) return { url: candidate.href, format: 'module', shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
  load(url, context, nextLoad) {
    if (url.startsWith(SOURCES) && url.endsWith('.ts')) {
      const filename = fileURLToPath(url);
      const { code } = transformSync(readFileSync(filename, 'utf8'), { ...SWC_OPTIONS, filename });
      return { format: 'module', source: code, shortCircuit: true };
    }
    return nextLoad(url, context);
  },
});
