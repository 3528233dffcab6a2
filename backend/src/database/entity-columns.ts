import { defineEntity, p } from '@mikro-orm/core';

/**
 * The columns every catalogue record ends with: its state (0 active, 1 inactive), who created and
 * last changed it and when, and the optimistic version. Spread them into an entity's properties
 * (`...auditedColumns()`); `auditOf` (audit.ts) maps them to the contract's Audit.
 */
function auditedColumns() {
  return {
    idstate: p.enum([0, 1] as const).default(0),
    createdby: p.string().length(100).nullable(),
    createdon: p.datetime(),
    modifiedby: p.string().length(100).nullable(),
    modifiedon: p.datetime().nullable(),
    version: p.integer().version(),
  };
}

/**
 * What a list's `q` searches: a stored column holding `sql` (an SQL text expression of the row's
 * columns) lower-cased and without accents, never read into the entity. Pair it with searchTextIndex.
 */
function searchTextColumn(sql: string) {
  return p.text().generated(`(immutable_unaccent(lower(${sql}))) stored`).nullable().lazy().hidden();
}

/** The trigram index on `table`'s search_text that serves `q` (list-filter.ts). */
export function searchTextIndex(table: string) {
  const name = `${table}_search_text_trgm`;
  return { name, expression: `create index "${name}" on "${table}" using gin ("search_text" gin_trgm_ops)` };
}

/** A unique index named `name` on `table` over an SQL expression, e.g. `lower("service_name")`. */
function uniqueExpression(table: string, name: string, sql: string) {
  return { name, expression: `create unique index "${name}" on "${table}" (${sql})` };
}

/**
 * The table options of a catalogue entity: its names, the unique index of its code or name (over
 * an SQL expression, e.g. `lower("service_name")`) and the trigram index of its search text.
 * Spread into defineEntity beside `properties`, which end with `...catalogueColumns(...)`.
 */
export function catalogueTable<const N extends string, const T extends string>(name: N, tableName: T, unique: { name: string; sql: string }) {
  return { name, tableName, uniques: [uniqueExpression(tableName, unique.name, unique.sql)], indexes: [searchTextIndex(tableName)] };
}

/** The last columns of a catalogue entity: state, audit, version and the search text of `searchSql` (see searchTextColumn). */
export function catalogueColumns(searchSql: string) {
  return { ...auditedColumns(), searchText: searchTextColumn(searchSql) };
}

/**
 * A lookup table: rows with fixed ids that come with the migrations (no sequence), then
 * `properties`. Spelled like defineEntity: `defineLookup('Channel', 'channel', { channelType: p.string().length(60) })`.
 */
export function defineLookup<const N extends string, const T extends string, const P extends Record<string, unknown>>(name: N, tableName: T, properties: P) {
  return defineEntity({ name, tableName, properties: { id: p.integer().primary().autoincrement(false), ...properties } });
}
