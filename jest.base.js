/** Shared jest settings: TypeScript ESM compiled by SWC with legacy decorators and their metadata (as tsc does). */
export const swcTransform = {
  '^.+\\.ts$': [
    '@swc/jest',
    {
      jsc: {
        target: 'es2024',
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
        keepClassNames: true,
      },
      module: { type: 'es6' },
      sourceMaps: 'inline',
    },
  ],
};

/** @type {import('jest').Config} */
export const base = {
  testEnvironment: 'node',
  rootDir: 'src',
  testMatch: ['**/*.spec.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: swcTransform,
  maxWorkers: process.env.JEST_WORKERS ?? '50%',
  // A worker keeps every test file's ESM module graph: in one process the backend's suite grew past
  // V8's 4 GB heap (CI, 2026-12-07). A worker over this after a file is replaced (and a worker is
  // used even when there is one, instead of running in band).
  workerIdleMemoryLimit: process.env.JEST_WORKER_MEMORY ?? '1500MB',
};
