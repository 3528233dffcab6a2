import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/config.js';
import { getContract } from '../contract/contract.js';
import { docsInitScript } from './docs-page.js';
import { escapeHtml, type ReadOwnApi, storefrontBoot, withBoot } from './page-boot.js';

/** Routes registered here serve files, not contract operations; the contract test skips them. */
const staticRoutes = new WeakMap<FastifyInstance, Set<string>>();
export function staticRoutesOf(fastify: FastifyInstance): Set<string> {
  return staticRoutes.get(fastify) ?? new Set();
}

// API paths never fall back to a page; /license/... without /api is a storefront page (package links).
const API_PREFIXES = /^\/(api|license\/api|mail|externalsources|health|docs|openapi)(\/|$)/i;
const HASHED = /[.-][A-Za-z0-9_-]{8,}\.(js|css|woff2?|png|svg|jpg|webp)$/;

export interface BrandResolver {
  brandOfHost(host: string | undefined): Promise<{ appName: string; tenant: string; title: string; faviconUrl: string }>;
}

function setCacheHeaders(reply: FastifyReply, path: string): void {
  void reply.header('cache-control', HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/**
 * Serves the built back office at /admin and the storefront at /, with history fallback to
 * index.html, long-lived caching of hashed assets, and the brand of the host in the `appName`
 * and `tenant` headers of every page (the front ends read their brand from them).
 */
export async function registerStatic(fastify: FastifyInstance, config: AppConfig, brands: BrandResolver, readOwnApi?: ReadOwnApi): Promise<void> {
  const registered = new Set<string>();
  staticRoutes.set(fastify, registered);
  const get = (url: string, handler: (request: FastifyRequest, reply: FastifyReply) => unknown) => {
    registered.add(`GET ${url}`);
    fastify.get(url, handler);
  };
  // Only decorates reply.sendFile; the routes below decide what to serve.
  await fastify.register(fastifyStatic, { root: config.webRoot, serve: false });

  const require = createRequire(import.meta.url);
  const swaggerDir = dirname(require.resolve('swagger-ui-dist/package.json'));
  const DOC_ASSETS = new Set(['swagger-ui.css', 'swagger-ui-bundle.js']);
  const docsInit = docsInitScript(getContract().document as Parameters<typeof docsInitScript>[0]);
  get('/docs/assets/*', (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    if (file === 'docs-init.js') {
      return reply.type('application/javascript').send(docsInit);
    }
    if (!DOC_ASSETS.has(file)) return notFound(request, reply);
    return reply.header('cache-control', 'public, max-age=86400').sendFile(file, swaggerDir, { cacheControl: false });
  });

  // Kept in memory, re-read when a rebuild replaces it (no restart needed after `npm run build`).
  const pages = new Map<string, { html: string; mtimeMs: number }>();
  const page = (dir: string): string | undefined => {
    const file = join(dir, 'index.html');
    if (!existsSync(file)) return undefined;
    const { mtimeMs } = statSync(file);
    const cached = pages.get(dir);
    if (cached?.mtimeMs === mtimeMs) return cached.html;
    const html = readFileSync(file, 'utf8');
    pages.set(dir, { html, mtimeMs });
    return html;
  };

  const adminDir = join(config.webRoot, 'admin/dist');
  const storeDir = join(config.webRoot, 'storefront/dist');
  const bootOf = readOwnApi ? storefrontBoot(storeDir, readOwnApi) : undefined;

  const sendPage = async (request: FastifyRequest, reply: FastifyReply, dir: string, name: string) => {
    const html = page(dir);
    if (!html) {
      return reply
        .status(503)
        .type('text/html; charset=utf-8')
        .send(`<!doctype html><meta charset="utf-8"><title>${name}</title><p>${name} is not built yet: run <code>npm run build</code>.</p>`);
    }
    const brand = await brands.brandOfHost(request.headers.host);
    let branded = html
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(brand.title)}</title>`)
      .replace(/(<link[^>]+rel="icon"[^>]+href=")[^"]*(")/, `$1${brand.faviconUrl}$2`);
    if (dir === storeDir && bootOf) branded = withBoot(branded, await bootOf(request.url.split('?')[0], brand), brand);
    return reply
      .header('appName', brand.appName)
      .header('tenant', brand.tenant)
      .header('vary', 'Host')
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(branded);
  };

  /** A file of the built app when one exists at that path, else the app's index.html. */
  const serve = (dir: string, name: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    const path = decodedPath(((request.params as { '*'?: string })['*'] ?? '').split('?')[0]);
    if (path === undefined) return notFound(request, reply);
    // Dot paths (the build's .vite/manifest.json) are the server's, not the site's.
    if (/(^|\/)\./.test(path)) return notFound(request, reply);
    if (path && !path.includes('..') && path !== 'index.html') {
      const file = join(dir, path);
      if (file.startsWith(dir) && existsSync(file) && statSync(file).isFile()) {
        setCacheHeaders(reply, path);
        // The plugin would set its own (max-age=0) header over ours.
        return reply.sendFile(path, dir, { cacheControl: false });
      }
      if (/\.[a-z0-9]{2,5}$/i.test(path)) return notFound(request, reply);
    }
    return sendPage(request, reply, dir, name);
  };

  get('/admin', serve(adminDir, 'Back office'));
  get('/admin/*', serve(adminDir, 'Back office'));
  get('/', serve(storeDir, 'Storefront'));
  get('/*', (request, reply) => (API_PREFIXES.test(request.url) ? notFound(request, reply) : serve(storeDir, 'Storefront')(request, reply)));
}

/** The path's text, or undefined when it is not valid percent-encoding (`/admin/%25` arrives as `%`). */
function decodedPath(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

function notFound(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .status(404)
    .type('application/json; charset=utf-8')
    .send({ statusCode: 404, statusMessage: 'No se encontró el recurso solicitado', result: null, statusDetails: [], correlationId: String(request.id) });
}
