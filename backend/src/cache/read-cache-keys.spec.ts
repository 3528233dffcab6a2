import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from '../config/config.js';

/**
 * ReadCache keys are plain strings inside a topic: two callers of `cache.value` that can build the
 * same topic and key get each other's value (a Map where a list was expected answered 500 on the
 * store and the dashboards). This reads every call in the source and fails when two call sites can
 * name the same key. A key is its literal text up to the first `${...}`; an exact key collides with
 * an equal one or with a dynamic key it starts like; two dynamic keys collide when one's literal
 * start begins the other's. Prepared answers (`cache.serve`) live under 'answer:<operationId>:…'.
 */
const SRC = join(REPO_ROOT, 'backend/src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

interface Site {
  where: string;
  topic: string;
  /** The key's literal start. */
  literal: string;
  /** Whether a `${...}` or an expression follows the literal start. */
  dynamic: boolean;
}

/** The `export const NAME = 'text'` constants of the source (topics are sometimes named). */
function constants(files: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of files) for (const match of readFileSync(file, 'utf8').matchAll(/export const ([A-Z_]+) = '([^']+)';/g)) found.set(match[1]!, match[2]!);
  return found;
}

function sites(): Site[] {
  const files = sources(SRC);
  const named = constants(files);
  return files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return [...text.matchAll(/\bcache\.value\(\s*([A-Za-z_]+|'[^']*'),\s*(`[^`]*`|'[^']*'|[^,]+),/g)].map((match) => {
      const where = `${relative(REPO_ROOT, file)}:${text.slice(0, match.index).split('\n').length}`;
      const topicText = match[1]!;
      const topic = topicText.startsWith("'") ? topicText.slice(1, -1) : named.get(topicText);
      if (!topic) throw new Error(`${where}: the topic ${topicText} is not a literal or a known constant`);
      const key = match[2]!.trim();
      if (key.startsWith("'")) return { where, topic, literal: key.slice(1, -1), dynamic: false };
      if (key.startsWith('`')) {
        const body = key.slice(1, -1);
        const at = body.indexOf('${');
        return at === -1 ? { where, topic, literal: body, dynamic: false } : { where, topic, literal: body.slice(0, at), dynamic: true };
      }
      return { where, topic, literal: '', dynamic: true };
    });
  });
}

/** The topics whose prepared answers `cache.serve` keeps (among the same topic's values). */
function servedTopics(): string[] {
  const files = sources(SRC);
  const named = constants(files);
  return files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/\bcache\.serve\(\s*request,\s*reply,\s*([A-Za-z_]+|'[^']*'),/g)].map((match) =>
      match[1]!.startsWith("'") ? match[1]!.slice(1, -1) : (named.get(match[1]!) ?? match[1]!),
    ),
  );
}

const collide = (a: Site, b: Site) =>
  a.topic === b.topic &&
  (a.dynamic && b.dynamic
    ? a.literal.startsWith(b.literal) || b.literal.startsWith(a.literal)
    : a.dynamic
      ? b.literal.startsWith(a.literal)
      : b.dynamic
        ? a.literal.startsWith(b.literal)
        : a.literal === b.literal);

describe('ReadCache keys', () => {
  const found = sites();

  it('finds the calls it checks (the store, services, features, parameters, taxes, brands)', () => {
    expect(found.length).toBeGreaterThanOrEqual(12);
    expect(found).toContainEqual(expect.objectContaining({ topic: 'storeCatalogue', literal: 'service-dtos', dynamic: false }));
    expect(found).toContainEqual(expect.objectContaining({ topic: 'storeCatalogue', literal: 'features-of-service:', dynamic: true }));
  });

  it('no two call sites can name the same topic and key, and none takes the prepared answers’ prefix', () => {
    const clashes = found.flatMap((a, i) =>
      found.slice(i + 1).flatMap((b) => (collide(a, b) ? [`${a.where} and ${b.where}: '${a.topic}' '${a.literal}…'`] : [])),
    );
    expect(clashes).toEqual([]);
    const answered = servedTopics();
    expect(answered).toContain('storeCatalogue');
    const answerKey: Omit<Site, 'topic'> = { where: 'serve', literal: 'answer:', dynamic: true };
    expect(found.filter((s) => answered.includes(s.topic) && collide(s, { ...answerKey, topic: s.topic })).map((s) => s.where)).toEqual([]);
  });

  it('would have caught the store and services clash', () => {
    const store: Site = { where: 'store', topic: 'storeCatalogue', literal: 'services', dynamic: false };
    expect(collide(store, { ...store, where: 'services' })).toBe(true);
    expect(collide({ ...store, literal: 'records:', dynamic: true }, { ...store, literal: 'records', dynamic: false })).toBe(false);
    expect(collide({ ...store, literal: 'snapshot:', dynamic: true }, { ...store, literal: 'snapshot:1:2', dynamic: false })).toBe(true);
  });
});
