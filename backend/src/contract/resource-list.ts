import type { FastifyReply } from 'fastify';
import { type ListQuery, MAX_PAGE, type Page } from '../database/list-query.js';
import { InvalidRequestError } from '../errors/errors.js';

function parseJson(name: string, raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new InvalidRequestError([{ field: `query.${name}`, description: 'debe ser JSON válido' }]);
  }
}

/** Parses `sort`, `range` and `filter`; sort fields outside `sortable` are refused with 400. */
export function parseListQuery<F extends string>(
  query: { sort?: string; range?: string; filter?: string },
  sortable: readonly F[],
  defaultLimit = 25,
): ListQuery<F> {
  const result: ListQuery<F> = { offset: 0, limit: defaultLimit, filter: {} };
  if (query.sort) {
    const sort = parseJson('sort', query.sort);
    if (!Array.isArray(sort) || sort.length !== 2 || !sortable.includes(sort[0] as F) || !['ASC', 'DESC'].includes(String(sort[1]).toUpperCase())) {
      throw new InvalidRequestError([{ field: 'query.sort', description: `debe ser ["campo","ASC"|"DESC"] con un campo entre: ${sortable.join(', ')}` }]);
    }
    result.sort = { field: sort[0] as F, order: String(sort[1]).toUpperCase() as 'ASC' | 'DESC' };
  }
  if (query.range) {
    const range = parseJson('range', query.range);
    if (
      !Array.isArray(range) ||
      range.length !== 2 ||
      !range.every((n) => Number.isInteger(n) && n >= 0) ||
      range[1] < range[0] ||
      range[1] - range[0] + 1 > MAX_PAGE
    ) {
      throw new InvalidRequestError([{ field: 'query.range', description: `debe ser [inicio,fin] con 0 <= inicio <= fin y a lo sumo ${MAX_PAGE} filas` }]);
    }
    result.offset = range[0] as number;
    result.limit = (range[1] as number) - (range[0] as number) + 1;
  }
  if (query.filter) {
    const filter = parseJson('filter', query.filter);
    if (!filter || typeof filter !== 'object' || Array.isArray(filter)) {
      throw new InvalidRequestError([{ field: 'query.filter', description: 'debe ser un objeto JSON' }]);
    }
    result.filter = filter as Record<string, unknown>;
  }
  return result;
}

/** Sets Content-Range (`resource first-last/total`) and returns the rows. */
export function sendPage<T>(reply: FastifyReply, resource: string, query: Pick<ListQuery, 'offset'>, page: Page<T>): T[] {
  const range = page.items.length ? `${query.offset}-${query.offset + page.items.length - 1}` : '*';
  void reply.header('Content-Range', `${resource} ${range}/${page.total}`);
  void reply.header('X-Total-Count', String(page.total));
  return page.items;
}
