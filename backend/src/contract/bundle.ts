import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { REPO_ROOT } from '../config/config.js';

type Json = Record<string, unknown>;

/** The bundled contract as the build leaves it, with a digest of each file it was bundled from. */
interface SavedBundle {
  /** Root and referenced files, relative to the repository, each with the SHA-256 of its text. */
  sources: Record<string, string>;
  document: Json;
}

/** Where the build keeps the bundle: beside the built backend, never committed. */
const SAVED_BUNDLE = resolve(REPO_ROOT, 'backend/dist/contract.bundle.json');

/** The root document (`openapi.yaml`); the per-domain files under `api/` hang from it by $ref. */
export function contractPath(): string {
  return process.env.CONTRACT_PATH ? resolve(process.env.CONTRACT_PATH) : resolve(REPO_ROOT, 'openapi.yaml');
}

const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('base64url');

/**
 * The contract as one document: Redocly bundles the root and every file it references (the same
 * @redocly/openapi-core that openapi-typescript uses for the generated types). Loaded only when
 * it runs: the library and its bundling were a fifth of the start.
 */
export async function bundleContract(path: string): Promise<SavedBundle> {
  const { bundle, createConfig } = await import('@redocly/openapi-core');
  const { bundle: bundled, problems, fileDependencies } = await bundle({ ref: path, config: await createConfig({}) });
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length) throw new Error(`${path} does not bundle: ${errors.map((p) => `${p.message} (${p.location[0]?.source.absoluteRef ?? ''})`).join('; ')}`);
  const files = new Set([resolve(path), ...[...fileDependencies].map((f) => resolve(f))]);
  return { sources: Object.fromEntries([...files].map((f) => [relative(REPO_ROOT, f), digest(f)])), document: bundled.parsed as Json };
}

/** The saved bundle's document when it was made from exactly the files as they are now (same root, same texts). */
function savedDocument(path: string, saved: string): Json | undefined {
  let bundle: SavedBundle;
  try {
    bundle = JSON.parse(readFileSync(saved, 'utf8')) as SavedBundle;
  } catch {
    return undefined;
  }
  const files = Object.entries(bundle.sources ?? {});
  if (!files.some(([file]) => resolve(REPO_ROOT, file) === resolve(path))) return undefined;
  for (const [file, sum] of files) {
    const absolute = resolve(REPO_ROOT, file);
    if (!existsSync(absolute) || digest(absolute) !== sum) return undefined;
  }
  return bundle.document;
}

/** Writes the bundle where the build keeps it (whole or not at all: concurrent starts may race). */
export function saveBundle(bundle: SavedBundle, saved = SAVED_BUNDLE): void {
  const partial = `${saved}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify(bundle));
  renameSync(partial, saved);
}

/**
 * The contract as it is now: the build's bundle when every file it came from is unchanged (a few
 * milliseconds of hashing), else bundled afresh and saved for the next start (where the build's
 * folder exists and can be written). An edited file is what the next start serves.
 */
export async function loadContractDocument(path = contractPath(), saved = SAVED_BUNDLE): Promise<Json> {
  const document = savedDocument(path, saved);
  if (document) return document;
  const fresh = await bundleContract(path);
  if (existsSync(dirname(saved))) {
    try {
      saveBundle(fresh, saved);
    } catch {
      // A read-only install bundles on each start, as it did before the build kept a bundle.
    }
  }
  return fresh.document;
}
