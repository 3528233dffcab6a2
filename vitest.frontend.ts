import type { ViteUserConfig } from 'vitest/config';

/**
 * Component and unit tests of the front ends (Vitest, their one runner): `*.test.ts[x]` beside
 * the code, in jsdom, each app's `src/testing/setup.ts` first.
 */
export const frontendTests = {
  environment: 'jsdom',
  include: ['src/**/*.test.{ts,tsx}'],
  setupFiles: ['src/testing/setup.ts'],
  restoreMocks: true,
  // Components render react-admin and MUI on a machine that may be busy: generous, not timing.
  testTimeout: 30_000,
} satisfies ViteUserConfig['test'];
