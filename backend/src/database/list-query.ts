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
