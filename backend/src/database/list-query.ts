import type { components } from '@licencias/common/schema';

/** A list request as repositories read it: bounded paging, an optional sort and the declared filter. */
export interface ListQuery<F extends string = string, Filter extends object = Record<string, never>> {
  sort?: { field: F; order: 'ASC' | 'DESC' };
  offset: number;
  limit: number;
  filter: Filter;
}

export interface Page<T> {
  items: T[];
  total: number;
}

/** Most rows one list request may ask for. */
export const MAX_PAGE = 500;

type Schemas = components['schemas'];

/** A list request of the contract resource `N`: the sort fields of its `${N}Sort` schema and its `${N}Filter`. */
export type ResourceListQuery<N extends string> = ListQuery<
  Extract<(`${N}Sort` extends keyof Schemas ? Schemas[`${N}Sort`] : never) extends readonly [infer F, ...unknown[]] ? F : never, string>,
  `${N}Filter` extends keyof Schemas ? Extract<Schemas[`${N}Filter`], object> : never
>;
