import type { FastifyReply } from 'fastify';
import { type ListQuery, MAX_PAGE, type Page } from '../database/list-query.js';
import { InvalidRequestError } from '../errors/errors.js';

/**
 * The `sort`, `range` and `filter` of a resource list (ra-data-simple-rest conventions), as the
 * validation layer hands them over: parsed from JSON and checked against the operation's schemas
 * (sortable fields, declared filter fields with their types).
 */
export interface ListParams<F extends string, Filter extends object> {
  sort?: readonly [F, 'ASC' | 'DESC' | 'asc' | 'desc'];
  range?: readonly [number, number];
  filter?: Filter;
}

/** The repository's view of a list request; a range the schema cannot bound (end before start, too many rows) is a 400. */
export function listQuery<F extends string, Filter extends object>(params: ListParams<F, Filter>, defaultLimit = 25): ListQuery<F, Filter> {
  const result: ListQuery<F, Filter> = { offset: 0, limit: defaultLimit, filter: params.filter ?? ({} as Filter) };
  if (params.sort) result.sort = { field: params.sort[0], order: params.sort[1].toUpperCase() as 'ASC' | 'DESC' };
  if (params.range) {
    const [first, last] = params.range;
    if (last < first || last - first + 1 > MAX_PAGE) {
      throw new InvalidRequestError([{ field: 'query.range', description: `debe ser [inicio,fin] con inicio <= fin y a lo sumo ${MAX_PAGE} filas` }]);
    }
    result.offset = first;
    result.limit = last - first + 1;
  }
  return result;
}

/** Content-Range (`resource first-last/total`) and X-Total-Count of a page. */
export function pageHeaders(resource: string, query: Pick<ListQuery, 'offset'>, page: Page<unknown>): Record<string, string> {
  const range = page.items.length ? `${query.offset}-${query.offset + page.items.length - 1}` : '*';
  return { 'content-range': `${resource} ${range}/${page.total}`, 'x-total-count': String(page.total) };
}

/** Sets Content-Range and X-Total-Count and returns the rows. */
export function sendPage<T>(reply: FastifyReply, resource: string, query: Pick<ListQuery, 'offset'>, page: Page<T>): T[] {
  void reply.headers(pageHeaders(resource, query, page));
  return page.items;
}

/** A whole lookup list (no paging) with its Content-Range. */
export function sendAll<T>(reply: FastifyReply, resource: string, items: T[]): T[] {
  return sendPage(reply, resource, { offset: 0 }, { items, total: items.length });
}
