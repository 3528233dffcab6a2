import { raw } from '@mikro-orm/core';
import { InvalidRequestError } from '../errors/errors.js';

/** A condition for `em.find`; raw keys (text search) are symbols. */
export type WhereFragment = Record<string | symbol, unknown>;

/**
 * Turns the value of one declared `filter` field into a condition, or refuses it (400). The
 * contract has already checked the value's type; rules check it again because a condition is only
 * ever built from a scalar or a list of scalars, never from an object the client sent.
 */
export type FilterRule = (value: unknown, field: string) => WhereFragment;

/** One rule for each field the contract declares for the list's filter, and no other. */
export type FilterRules<Filter extends object> = { [K in keyof Required<Filter>]: FilterRule };

const MAX_ID = 2147483647;
const MAX_SEARCH = 100;

function invalid(field: string, description: string): never {
  throw new InvalidRequestError([{ field, description }]);
}

function asId(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_ID) invalid(field, 'debe ser un identificador numérico');
  return value;
}

/** Escapes LIKE wildcards so that `%` and `_` in a search are plain characters. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Accent- and case-insensitive "contains" over the entity's generated `search_text` column (which
 * holds immutable_unaccent(lower(...)) and has a trigram GIN index); the search text gets the same
 * normalisation in SQL so both sides agree exactly.
 */
export function textSearch(text: string): WhereFragment {
  const key = raw((alias: string) => `${alias}.search_text like '%' || immutable_unaccent(lower(?)) || '%'`, [escapeLike(text)]);
  return { [key]: [] };
}

/** One id or a list of ids (react-admin's getMany sends `{"id":[1,2]}`). */
function asIds(value: unknown, field: string): number[] {
  const list = Array.isArray(value) ? value : [value];
  if (list.length > 1000) invalid(field, 'admite a lo sumo 1000 identificadores');
  return list.map((v) => asId(v, field));
}

const NOTHING: WhereFragment = { [raw('1 = 0')]: [] };

/** Builders of the filter rules of resource lists (`filter` query parameter). */
export const filterRules = {
  ids:
    (property = 'id'): FilterRule =>
    (value, field) => ({ [property]: { $in: asIds(value, field) } }),
  /**
   * Rows whose id is returned by a subquery over the given ids, e.g. the packages linked to some
   * services: `subquery` receives the placeholders of the ids.
   */
  idIn:
    (subquery: (placeholders: string) => string): FilterRule =>
    (value, field) => {
      const ids = asIds(value, field);
      if (!ids.length) return NOTHING;
      return { [raw((alias: string) => `${alias}.id in (${subquery(ids.map(() => '?').join(', '))})`, ids)]: [] };
    },
  boolean:
    (property: string): FilterRule =>
    (value, field) => {
      if (typeof value !== 'boolean') invalid(field, 'debe ser true o false');
      return { [property]: value };
    },
  oneOf:
    (property: string, values: readonly (string | number)[]): FilterRule =>
    (value, field) => {
      const list = Array.isArray(value) ? value : [value];
      if (!list.length || !list.every((v) => values.includes(v as string | number))) invalid(field, `debe ser uno de: ${values.join(', ')}`);
      return { [property]: { $in: list } };
    },
  equals:
    (property: string, maxLength = 100): FilterRule =>
    (value, field) => {
      if (typeof value !== 'string' || value.length > maxLength) invalid(field, `debe ser un texto de a lo sumo ${maxLength} caracteres`);
      return { [property]: value };
    },
  search: (): FilterRule => (value, field) => {
    if (typeof value !== 'string' || value.length > MAX_SEARCH) invalid(field, `debe ser un texto de a lo sumo ${MAX_SEARCH} caracteres`);
    return value.trim() ? textSearch(value.trim()) : {};
  },
};

/**
 * The condition of a list's `filter`. Only the rules' own keys are read (an inherited name such as
 * `constructor` or `__proto__` is no rule); a key without a rule is a 400, so a misspelt filter never
 * silently returns everything. Empty values are ignored.
 */
export function whereOf<Filter extends object>(filter: Filter, rules: FilterRules<Filter>): WhereFragment {
  const values = filter as Record<string, unknown>;
  const declared = rules as Record<string, FilterRule>;
  const parts: WhereFragment[] = [];
  for (const key of Object.keys(values)) {
    const field = `query.filter.${key}`;
    if (!Object.hasOwn(declared, key)) invalid(field, `no es un filtro disponible (${Object.keys(declared).join(', ')})`);
    const value = values[key];
    if (value === undefined || value === null || value === '') continue;
    parts.push(declared[key](value, field));
  }
  return parts.length ? { $and: parts } : {};
}
