import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What a storefront page carries from the server so that its first render waits on no request of
 * its own (docs/architecture.md, "Store home first load"): the answers of the reads it would make
 * first, each in a `<script type="application/json" id="boot-…">` (data, never run: the CSP stays
 * 'self'), and preloads for what those answers lead to (the home's chunks, the first offer's image).
 */
export interface PageBoot {
  /** Raw JSON bodies by name: `boot-${name}` in the page. */
  reads: Record<string, string>;
  preloads: Preload[];
}

export interface Preload {
  href: string;
  kind: 'modulepreload' | 'image';
}

/** An in-process GET of the app's own API (fastify.inject): the same answer the browser would get. */
export type ReadOwnApi = (url: string, headers: Record<string, string>) => Promise<{ statusCode: number; body: string }>;

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/** The store home's module in the storefront's build manifest (`build.manifest`). */
export const STORE_HOME_MODULE = 'src/store/StoreHome.tsx';
/** Routes that render the store home (storefront routes/paths.ts: the cart screen, with or without a package). */
const STORE_HOME_PATH = /^\/cart(\/[^/]+)?\/?$/i;

/**
 * The JS chunks a module needs besides the entry's (which the page already loads), in load order:
 * the module's file, then its static imports, depth first.
 */
export function chunksOf(manifest: Record<string, ManifestChunk>, key: string): string[] {
  const entryFiles = new Set<string>();
  const walkEntry = (k: string) => {
    const chunk = manifest[k];
    if (!chunk || entryFiles.has(chunk.file)) return;
    entryFiles.add(chunk.file);
    chunk.imports?.forEach(walkEntry);
  };
  for (const [k, chunk] of Object.entries(manifest)) if (chunk.isEntry) walkEntry(k);
  const files: string[] = [];
  const walk = (k: string) => {
    const chunk = manifest[k];
    if (!chunk || entryFiles.has(chunk.file) || files.includes(chunk.file)) return;
    files.push(chunk.file);
    chunk.imports?.forEach(walk);
  };
  walk(key);
  return files;
}

/** The first offer the store home shows (store catalogue order, offer in force): its image, if it has one. */
export function firstOfferImage(catalogue: unknown, now: Date): string | undefined {
  const records = (catalogue as { result?: { records?: unknown } } | null)?.result?.records;
  if (!Array.isArray(records)) return undefined;
  for (const pkg of records as { applyOffer?: unknown; offerExpirationTime?: unknown; urlImageOffer?: unknown }[]) {
    if (pkg.applyOffer !== true || typeof pkg.offerExpirationTime !== 'string') continue;
    if (new Date(pkg.offerExpirationTime).getTime() <= now.getTime()) continue;
    // Same-origin images only: a preload for another host would open a connection the page may not need.
    return typeof pkg.urlImageOffer === 'string' && pkg.urlImageOffer.startsWith('/') && !pkg.urlImageOffer.startsWith('//') ? pkg.urlImageOffer : undefined;
  }
  return undefined;
}

/**
 * The boot of storefront pages: the brand and the application parameters on every page (the
 * provider reads them before anything renders); on the store home also the public catalogue (used
 * by a visitor without a session; a signed-in customer may be offered private packages and reads
 * its own), the first offer's image and the home's chunks.
 */
export function storefrontBoot(storeDir: string, read: ReadOwnApi) {
  const manifestFile = join(storeDir, '.vite/manifest.json');
  let manifest: { mtimeMs: number; homeChunks: string[] } | undefined;
  const homeChunks = (): string[] => {
    if (!existsSync(manifestFile)) return [];
    const { mtimeMs } = statSync(manifestFile);
    if (manifest?.mtimeMs !== mtimeMs) {
      manifest = { mtimeMs, homeChunks: chunksOf(JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>, STORE_HOME_MODULE) };
    }
    return manifest.homeChunks;
  };
  const ok = async (url: string, headers: Record<string, string> = {}) => {
    const answer = await read(url, headers);
    return answer.statusCode === 200 ? answer.body : undefined;
  };

  return async (path: string, brand: { appName: string; tenant: string }): Promise<PageBoot> => {
    const appName = encodeURIComponent(brand.appName);
    const countryCode = /^[A-Za-z]{2}$/.test(brand.tenant) ? brand.tenant : undefined;
    const home = STORE_HOME_PATH.test(path);
    const [brandBody, parameters, catalogue] = await Promise.all([
      ok(`/api/v1/brands/${appName}`),
      ok('/license/api/parameter/GetAppParameters', {
        appName: brand.appName,
        ...(brand.tenant ? { tenant: brand.tenant } : {}),
        ...(countryCode ? { countryCode } : {}),
      }),
      home ? ok(`/license/api/package/GetPackagesByServiceName/${appName}`) : undefined,
    ]);
    const reads: Record<string, string> = {};
    const preloads: Preload[] = [];
    if (brandBody) reads.brand = brandBody;
    if (parameters) reads.parameters = parameters;
    if (home) {
      preloads.push(...homeChunks().map((file): Preload => ({ href: `/${file}`, kind: 'modulepreload' })));
      if (catalogue) {
        reads.catalogue = catalogue;
        const image = firstOfferImage(JSON.parse(catalogue), new Date());
        if (image) preloads.push({ href: image, kind: 'image' });
      }
    }
    return { reads, preloads };
  };
}

/** Text for HTML content or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The page with its boot before `</head>`. `<` in the JSON is written `\u003c` (the same string to
 * JSON.parse), so no answer can close its script element.
 */
export function withBoot(html: string, boot: PageBoot, meta: { appName: string; tenant: string }): string {
  const tags = [
    `<meta name="app-name" content="${escapeHtml(meta.appName)}"><meta name="tenant" content="${escapeHtml(meta.tenant)}">`,
    ...boot.preloads.map((p) =>
      p.kind === 'image'
        ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(p.href)}">`
        : `<link rel="modulepreload" crossorigin href="${escapeHtml(p.href)}">`,
    ),
    ...Object.entries(boot.reads).map(([name, body]) => `<script type="application/json" id="boot-${name}">${body.replace(/</g, '\\u003c')}</script>`),
  ].join('');
  const at = html.indexOf('</head>');
  return at < 0 ? html : html.slice(0, at) + tags + html.slice(at);
}
