import type { EntityName, FilterQuery, QueryOrderMap, RequiredEntityData } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/sql';
import { type FilterRules, whereOf } from './list-filter.js';
import type { ListQuery, Page } from './list-query.js';

/** How a unique index compares its column: `lower` (case aside) or `unaccented` (case and accents aside). */
type Comparison = 'lower' | 'unaccented';

const COMPARE: Record<Comparison, (sql: string) => string> = {
  lower: (sql) => `lower(${sql})`,
  unaccented: (sql) => `immutable_unaccent(lower(${sql}))`,
};

/** A condition on the columns every catalogue entity has (MikroORM cannot check them on a type parameter). */
function where<E>(condition: object): FilterQuery<E> {
  return condition as FilterQuery<E>;
}

/** What the shared queries need to know of a catalogue table. */
interface CatalogueTable<Q extends ListQuery<string, object>> {
  table: string;
  /** A rule for each filter field the contract declares (filterRules). */
  filters: FilterRules<Q['filter']>;
  /** The list's order when the request asks for none; end it with the id so that pages never overlap. */
  order: Record<string, 'asc' | 'desc'>;
}

/**
 * The data access every catalogue record (a table with a numeric id) shares: a page of its
 * resource list, reads by id, creation, and the duplicate check of its unique code or name. A
 * domain's repository extends it with its table and adds its own queries:
 *
 *   @Injectable()
 *   export class ServiceRepository extends CatalogueRepository<Service, ResourceListQuery<'Service'>> {
 *     constructor(em: EntityManager) {
 *       super(em, Service, { table: 'service', filters: FILTERS, order: { serviceName: 'asc', id: 'asc' } });
 *     }
 *   }
 */
export abstract class CatalogueRepository<E extends { id: number }, Q extends ListQuery<string, object>> {
  protected constructor(
    protected readonly em: EntityManager,
    private readonly entity: EntityName<E>,
    private readonly options: CatalogueTable<Q>,
  ) {}

  findById(id: number): Promise<E | null> {
    return this.em.findOne(this.entity, where({ id }));
  }

  findByIds(ids: readonly number[]): Promise<E[]> {
    return ids.length ? this.em.find(this.entity, where({ id: { $in: [...ids] } })) : Promise.resolve([]);
  }

  create(data: RequiredEntityData<E>): E {
    return this.em.create(this.entity, data);
  }

  /** A page of the list: the declared filters only, the sort asked for with ties broken by id, else the table's order. */
  async list(query: Q): Promise<Page<E>> {
    const orderBy = query.sort ? { [query.sort.field]: query.sort.order.toLowerCase(), id: 'asc' } : this.options.order;
    const [items, total] = await this.em.findAndCount(this.entity, where(whereOf(query.filter, this.options.filters)), {
      orderBy: orderBy as QueryOrderMap<E>,
      offset: query.offset,
      limit: query.limit,
    });
    return { items, total };
  }

  /**
   * Whether a record other than `exceptId` holds `value` in `column`, compared as the column's
   * unique index compares, so that the check and the index agree (the index still decides races).
   */
  protected async taken(column: string, value: string, exceptId?: number, comparison: Comparison = 'lower'): Promise<boolean> {
    const compare = COMPARE[comparison];
    const rows = await this.em.execute<{ id: number }[]>(
      `select id from ${this.options.table} where ${compare(column)} = ${compare('?')} and id <> ? limit 1`,
      [value, exceptId ?? 0],
    );
    return rows.length > 0;
  }
}
