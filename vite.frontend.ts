import { mergeConfig, type Plugin, type ViteUserConfig } from 'vitest/config';

/**
 * Component and unit tests of the front ends (Vitest, their one runner): `*.test.ts[x]` beside
 * the code, in jsdom, each app's `src/testing/setup.ts` first.
 */
const frontendTests = {
  environment: 'jsdom',
  include: ['src/**/*.test.{ts,tsx}'],
  setupFiles: ['src/testing/setup.ts'],
  restoreMocks: true,
  // Components render react-admin and MUI on a machine that may be busy: generous, not timing.
  testTimeout: 30_000,
} satisfies ViteUserConfig['test'];

/** The start of every front end's page head (charset, then the viewport for phones), written into each index.html by Vite. */
const sharedHead = (): Plugin => ({
  name: 'shared-head',
  transformIndexHtml: () => [
    { tag: 'meta', attrs: { charset: 'utf-8' }, injectTo: 'head-prepend' },
    { tag: 'meta', attrs: { name: 'viewport', content: 'width=device-width, initial-scale=1' }, injectTo: 'head-prepend' },
  ],
});

/**
 * What the storefront and the back office build with: the shared start of index.html, the output
 * in dist (emptied first) for ES2022, and the front-end tests. `app` is the app's own part (base,
 * React and its other plugins, proxy, ports, chunk limits), merged over it.
 */
export function frontendConfig(app: ViteUserConfig): ViteUserConfig {
  return mergeConfig({ plugins: [sharedHead()], build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' }, test: frontendTests }, app);
}
