import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Logger, Plugin } from 'vite';

interface ChunkInfo {
  fileName: string;
  imports: string[];
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  name: string;
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * Prints, after the build, the gzip size of every entry point of the bundle: the application
 * entry and each route loaded on demand (React.lazy). "own" is the chunk itself; "to load" adds
 * the chunks it imports statically that the entry has not already loaded, i.e. what the browser
 * downloads when that route opens.
 */
export function entrySizes(): Plugin {
  let logger: Logger | undefined;
  let repoRoot = '';
  return {
    name: 'licencias:entry-sizes',
    apply: 'build',
    configResolved(config) {
      logger = config.logger;
      repoRoot = dirname(config.root);
    },
    writeBundle(options, bundle) {
      const outDir = options.dir ?? '';
      const chunks = new Map<string, ChunkInfo>();
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') chunks.set(output.fileName, output);
      }
      const gzip = new Map<string, number>();
      const gz = (file: string) => {
        // The files as written (and as the server compresses them: zlib's default level).
        if (!gzip.has(file)) gzip.set(file, gzipSync(readFileSync(join(outDir, file))).length);
        return gzip.get(file) ?? 0;
      };
      const closure = (file: string, seen = new Set<string>()) => {
        if (seen.has(file)) return seen;
        seen.add(file);
        for (const dep of chunks.get(file)?.imports ?? []) closure(dep, seen);
        return seen;
      };
      const entries = [...chunks.values()].filter((c) => c.isEntry);
      const initial = new Set<string>();
      for (const entry of entries) closure(entry.fileName, initial);
      const sum = (files: Iterable<string>) => [...files].reduce((total, f) => total + gz(f), 0);

      const label = (c: ChunkInfo) => (c.facadeModuleId ? relative(repoRoot, c.facadeModuleId) : c.name);
      const rows = [
        ...entries.map((c) => ({ kind: 'entry', module: label(c), file: c.fileName, own: gz(c.fileName), toLoad: sum(closure(c.fileName)) })),
        ...[...chunks.values()]
          .filter((c) => c.isDynamicEntry && !c.isEntry)
          .map((c) => ({
            kind: 'route',
            module: label(c),
            file: c.fileName,
            own: gz(c.fileName),
            toLoad: sum([...closure(c.fileName)].filter((f) => !initial.has(f))),
          }))
          .sort((a, b) => b.toLoad - a.toLoad),
      ];
      const width = Math.max(...rows.map((r) => r.module.length));
      const lines = rows.map((r) => `  ${r.kind.padEnd(5)}  ${r.module.padEnd(width)}  own ${kB(r.own).padStart(9)}  to load ${kB(r.toLoad).padStart(9)}`);
      logger?.info(`\nEntry chunks, gzip (own chunk / with the chunks it still has to load):\n${lines.join('\n')}`);
    },
  };
}
