import { isRaw, raw, type Platform, type RawQueryFragment, Utils } from '@mikro-orm/core';
import type { AbstractSqlConnection } from '@mikro-orm/sql';
import { CompiledQuery } from 'kysely';

/** A statement whose values travel beside its text: `$1 … $n` in `sql`, their values in `values`. */
export interface BoundStatement {
  sql: string;
  values: unknown[];
}

/**
 * MikroORM's placeholders (`?` a value, `??` an identifier, `\?` a literal question mark, a raw
 * fragment spliced with its own parameters, an array expanded into a list) turned into PostgreSQL's
 * numbered parameters. It reads the text exactly as `Platform.formatQuery` does, so a statement
 * means what it meant when MikroORM wrote its values into the text; only identifiers are still
 * written into the text (quoted), and no value is.
 */
export function bindParameters(sql: string, params: readonly unknown[], platform: Platform): BoundStatement {
  const values: unknown[] = [];
  return { sql: bindInto(sql, params, platform, values), values };
}

function bindInto(sql: string, params: readonly unknown[], platform: Platform, values: unknown[]): string {
  if (params.length === 0) return sql;
  let out = '';
  let pos = 0;
  let next = 0;
  for (let at = sql.indexOf('?'); at !== -1; at = sql.indexOf('?', pos)) {
    if (at > 0 && sql[at - 1] === '\\') {
      out += sql.slice(pos, at - 1) + '?';
      pos = at + 1;
    } else if (sql[at + 1] === '?') {
      out += sql.slice(pos, at) + platform.quoteIdentifier(String(params[next++]));
      pos = at + 2;
    } else {
      out += sql.slice(pos, at) + placeholder(params[next++], platform, values);
      pos = at + 1;
    }
  }
  return out + sql.slice(pos);
}

/** The text standing for one value: a numbered parameter, a list of them, or a raw fragment's own text. */
function placeholder(value: unknown, platform: Platform, values: unknown[]): string {
  if (isRaw(value)) {
    const fragment = value as RawQueryFragment;
    return bindInto(fragment.sql, fragment.params, platform, values);
  }
  if (Array.isArray(value) && !isJsonValue(value))
    return value
      .flat(Infinity)
      .map((item) => placeholder(item, platform, values))
      .join(', ');
  values.push(parameterValue(value, platform));
  return `$${values.length}`;
}

/** An array MikroORM tagged as a JSON value (an embeddable's copy) is one JSON document, not a list. */
function isJsonValue(value: object): boolean {
  return Object.getOwnPropertySymbols(value).some((symbol) => symbol.description === 'JsonProperty');
}

/** The value as the driver should send it, read as `BasePostgreSqlPlatform.escape` would have written it. */
function parameterValue(value: unknown, platform: Platform): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return (platform as Platform & { formatDate(date: Date): string }).formatDate(value);
  if (ArrayBuffer.isView(value)) return value;
  if (Utils.isPlainObject(value) || Array.isArray(value)) return JSON.stringify(value);
  // Other objects (a Decimal, say) were written by their own text.
  return String(value);
}

/** The parts of a MikroORM SQL connection that running a bound statement needs (protected in its types). */
interface ConnectionInternals {
  ensureConnection(): Promise<void>;
  getClient(): { executeQuery(query: CompiledQuery, abort?: unknown): Promise<unknown> };
  getPlatform(): Platform;
  config: { get(key: 'onQuery'): (sql: string, params: readonly unknown[]) => string; getLogger(): { isEnabled(kind: string, context?: unknown): boolean } };
  executeQuery<T>(sql: string, run: () => Promise<T>, context: object): Promise<T>;
  transformRawResult<T>(result: unknown, method: string): T;
  logQuery(sql: string, context: object): void;
}
type Executor = { executeQuery(query: CompiledQuery, abort?: unknown): Promise<unknown>; getExecutor(): StreamExecutor };
type StreamExecutor = { stream(query: CompiledQuery, chunkSize: number, options?: { signal: AbortSignal }): AsyncIterable<unknown> };
interface AbortOptions {
  signal?: AbortSignal;
  inflightQueryAbortStrategy?: unknown;
}

/** As MikroORM's connection does: the cancellation controls ride on the logger context, and are taken off it. */
function abortOptionsOf(loggerContext: unknown): { abort?: AbortOptions; context: object } {
  const context = (loggerContext ?? {}) as AbortOptions & Record<string, unknown>;
  if (context.signal == null && context.inflightQueryAbortStrategy == null) return { context };
  const { signal, inflightQueryAbortStrategy, ...rest } = context;
  return { abort: { signal, inflightQueryAbortStrategy }, context: rest };
}

/**
 * Makes the connection send every value as a bound parameter: `execute` and `stream` are
 * MikroORM's own (`AbstractSqlConnection`, 7.2) except that the statement goes to the driver as
 * text plus values instead of one text with the values written in. A statement without values
 * keeps the simple protocol (a migration's several statements in one text still run).
 */
export function useBoundParameters(connection: AbstractSqlConnection): void {
  const self = connection as unknown as ConnectionInternals;
  for (const method of ['execute', 'stream', 'executeQuery', 'transformRawResult', 'ensureConnection', 'logQuery']) {
    if (typeof (connection as unknown as Record<string, unknown>)[method] !== 'function') {
      throw new Error(`The database connection has no ${method}: check database/bound-parameters.ts against this MikroORM version`);
    }
  }
  const prepare = (query: unknown, params: unknown) => {
    let sql: unknown = query;
    let values: unknown = params ?? [];
    if (sql && typeof sql === 'object' && 'toRaw' in sql && typeof sql.toRaw === 'function') sql = sql.toRaw();
    if (typeof sql === 'string' && !Array.isArray(values)) sql = raw(sql, values as Record<string, unknown>);
    if (isRaw(sql)) {
      values = (sql as RawQueryFragment).params;
      sql = (sql as RawQueryFragment).sql;
    }
    const text = self.config.get('onQuery')(sql as string, values as unknown[]);
    const bound = bindParameters(text, values as unknown[], self.getPlatform());
    return { text, params: values as unknown[], bound };
  };
  const logged = (text: string, params: unknown[], loggerContext: unknown) =>
    self.config.getLogger().isEnabled('query-params', loggerContext) ? self.getPlatform().formatQuery(text, params) : text;

  Object.defineProperty(connection, 'execute', {
    configurable: true,
    writable: true,
    value: async function execute(query: unknown, params: unknown = [], method = 'all', ctx?: Executor, loggerContext?: unknown) {
      await self.ensureConnection();
      const { text, params: values, bound } = prepare(query, params);
      const { abort, context } = abortOptionsOf(loggerContext);
      const sql = logged(text, values, loggerContext);
      return self.executeQuery(
        sql,
        async () => {
          const compiled = CompiledQuery.raw(bound.sql, bound.values);
          const result = await (ctx ?? self.getClient()).executeQuery(compiled, abort);
          return self.transformRawResult(result, method);
        },
        { query: text, params: values, formatted: sql, ...context },
      );
    },
  });

  Object.defineProperty(connection, 'stream', {
    configurable: true,
    writable: true,
    value: async function* stream(query: unknown, params: unknown = [], ctx?: Executor, loggerContext?: unknown, chunkSize?: number) {
      await self.ensureConnection();
      const { text, params: values, bound } = prepare(query, params);
      const { abort, context } = abortOptionsOf(loggerContext);
      const sql = logged(text, values, loggerContext);
      // As MikroORM's own stream: a select node, so no dialect refuses to stream the raw text.
      const compiled = { ...CompiledQuery.raw(bound.sql, bound.values), query: { kind: 'SelectQueryNode' } } as unknown as CompiledQuery;
      const client = (ctx ?? (self.getClient() as unknown as Executor)).getExecutor();
      try {
        const chunks = client.stream(compiled, chunkSize ?? 100, abort?.signal ? { signal: abort.signal } : undefined);
        self.logQuery(sql, { sql, params: values, ...context });
        for await (const items of chunks) {
          for (const row of self.transformRawResult<unknown[]>(items, 'all')) yield row;
        }
      } catch (error) {
        self.logQuery(sql, { sql, params: values, ...context, level: 'error' });
        throw error;
      }
    },
  });
}
