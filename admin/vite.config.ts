/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { frontendConfig } from '../vite.frontend.ts';
import { defineConfig, loadEnv } from 'vite';
import { entrySizes } from './vite-plugins/entry-sizes.ts';

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), '');
  const target = env.BACKEND_URL || 'http://localhost:3000';
  const proxied = { target, changeOrigin: true };
  return frontendConfig({
    base: '/admin/',
    plugins: [react(), entrySizes()],
    resolve: {
      // One copy of the rich-text editor's core: the lock file nests an older @tiptap/core and
      // @tiptap/pm under ra-input-rich-text, next to extensions that need the hoisted 3.34.
      dedupe: ['@tiptap/core', '@tiptap/pm'],
    },
    build: {
      // The vendor part of the entry (React, MUI, react-admin core) is large by nature; routes are split.
      chunkSizeWarningLimit: 1200,
    },
    test: {
      // The rich-text editor goes through Vite (not Node's loader) so the dedupe above applies to it too.
      server: { deps: { inline: [/ra-input-rich-text/, /@tiptap\//] } },
    },
    server: {
      port: Number(env.ADMIN_DEV_PORT || 5174),
      proxy: {
        // WebSockets too: the session hub lives at /api/connections/session.
        '/api': { ...proxied, ws: true },
        '/license': proxied,
        '/mail': proxied,
        '/externalsources': proxied,
      },
    },
  });
});
