/// <reference types="vitest/config" />
import type { IncomingMessage } from 'node:http';
import react from '@vitejs/plugin-react';
import { frontendConfig } from '../vite.frontend.ts';
import { defineConfig, loadEnv, type ProxyOptions } from 'vite';
import { bundleBudget } from './build/bundle-budget.ts';

/**
 * The storefront's initial JavaScript (entry and its static imports) must stay under this, gzip.
 * Issue 12 set 180 kB; the shell and the store home without MUI load 119 kB (React, react-router,
 * the brand, session and cart), so the budget is held close to that: MUI belongs in lazy chunks.
 */
const INITIAL_JS_BUDGET_KB = 125;

/** Navigations (HTML requests) to storefront pages under /license/ stay in the app. */
function isPageNavigation(req: IncomingMessage): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && (req.headers.accept ?? '').includes('text/html');
}

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), '');
  const target = env.BACKEND_URL || process.env.BACKEND_URL || 'http://localhost:3000';
  // The Host header is kept (no changeOrigin): the backend resolves the brand from it, so
  // http://firmaya.localhost:5173 shows FirmaYa in development too.
  const backend: ProxyOptions = { target, changeOrigin: false };
  return frontendConfig({
    base: '/',
    plugins: [react(), bundleBudget({ maxInitialKB: INITIAL_JS_BUDGET_KB, label: 'storefront' })],
    build: {
      // Maps for debugging production errors, without a sourceMappingURL comment in the served code.
      sourcemap: 'hidden',
      // Read by the server (backend web/page-boot.ts): the store home's chunks are preloaded with its page.
      manifest: true,
      chunkSizeWarningLimit: 600,
    },
    server: {
      port: Number(env.STOREFRONT_PORT || 5173),
      proxy: {
        // The session hub: SignalR negotiate over HTTP, then a WebSocket.
        '/api/connections': { ...backend, ws: true },
        '/api': backend,
        '/license': {
          ...backend,
          // /license/api/... is the API; /license/viewCartMenu and the other package-link pages
          // are storefront routes, answered by the dev server's history fallback.
          bypass: (req) => (isPageNavigation(req) && !/^\/license\/api(\/|$)/i.test(req.url ?? '') ? '/index.html' : undefined),
        },
        '/mail': backend,
        '/health': backend,
        '/docs': backend,
        '/openapi.yaml': backend,
      },
    },
    preview: { port: Number(env.STOREFRONT_PREVIEW_PORT || 4173) },
  });
});
