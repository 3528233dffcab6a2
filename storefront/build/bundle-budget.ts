import { gzipSync } from 'node:zlib';
import type { Logger, Plugin } from 'vite';

export interface BundleBudgetOptions {
  /** Largest allowed initial JavaScript (an entry chunk plus its static imports), in kB (1000 bytes) of gzip. */
  maxInitialKB: number;
  /** Name shown in the report. */
  label?: string;
}

interface ChunkInfo {
  fileName: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  gzip: number;
  raw: number;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** Every chunk loaded before the entry runs: the entry and its static imports, transitively. */
function initialChunks(entry: ChunkInfo, chunks: Map<string, ChunkInfo>): ChunkInfo[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const next of chunks.get(name)?.imports ?? []) visit(next);
  };
  visit(entry.fileName);
  return [...seen].map((name) => chunks.get(name)).filter((chunk): chunk is ChunkInfo => chunk !== undefined);
}

/**
 * Prints the gzip size of every entry chunk (with what it loads statically) and of the lazy
 * chunks, and fails the build when an entry's initial JavaScript exceeds the budget.
 */
export function bundleBudget(options: BundleBudgetOptions): Plugin {
  const label = options.label ?? 'bundle';
  let logger: Logger | undefined;
  return {
    name: 'licencias:bundle-budget',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      logger = config.logger;
    },
    generateBundle(_output, bundle) {
      const chunks = new Map<string, ChunkInfo>();
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        const code = Buffer.from(item.code);
        chunks.set(item.fileName, {
          fileName: item.fileName,
          isEntry: item.isEntry,
          imports: item.imports,
          dynamicImports: item.dynamicImports,
          raw: code.length,
          gzip: gzipSync(code).length,
        });
      }
      const entries = [...chunks.values()].filter((chunk) => chunk.isEntry);
      const lines: string[] = [`\n[${label}] gzip sizes (budget for initial JavaScript: ${options.maxInitialKB} kB)`];
      const failures: string[] = [];
      const initialNames = new Set<string>();
      for (const entry of entries) {
        const initial = initialChunks(entry, chunks);
        const total = initial.reduce((sum, chunk) => sum + chunk.gzip, 0);
        for (const chunk of initial) initialNames.add(chunk.fileName);
        lines.push(`  entry ${entry.fileName}: ${kb(entry.gzip)} (raw ${kb(entry.raw)})`);
        for (const chunk of initial.filter((chunk) => chunk !== entry)) lines.push(`    + ${chunk.fileName}: ${kb(chunk.gzip)}`);
        lines.push(`    initial JavaScript: ${kb(total)} of ${options.maxInitialKB} kB`);
        if (total > options.maxInitialKB * 1000) {
          failures.push(`${entry.fileName} loads ${kb(total)} of JavaScript before it runs; the budget is ${options.maxInitialKB} kB (gzip).`);
        }
      }
      const lazy = [...chunks.values()].filter((chunk) => !initialNames.has(chunk.fileName)).sort((a, b) => b.gzip - a.gzip);
      if (lazy.length) {
        lines.push(`  lazy chunks (${kb(lazy.reduce((sum, chunk) => sum + chunk.gzip, 0))} in all):`);
        for (const chunk of lazy) lines.push(`    ${chunk.fileName}: ${kb(chunk.gzip)}`);
      }
      logger?.info(lines.join('\n'));
      if (failures.length) this.error(`Bundle budget exceeded:\n${failures.join('\n')}`);
    },
  };
}
