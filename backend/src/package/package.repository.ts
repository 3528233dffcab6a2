import type { components } from '@licencias/common/schema';
import { type QueryOrderMap, raw, type RequiredEntityData } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import { type FilterRule, type FilterRules, filterRules, whereOf } from '../database/list-filter.js';
import type { ListQuery, Page } from '../database/list-query.js';
import { pageTotal } from '../database/paging.js';
import type { OfferImageFile } from './offer-image.js';
import { Channel, Package, PackageOfferImage, PackageType, RELEVANCES, type StorageType } from './package.entity.js';

export type PackageFilter = components['schemas']['PackageFilter'];
/** A list request for Package records: the sort fields and filters the contract declares. */
export type PackageListQuery = ListQuery<components['schemas']['PackageSort'][0], PackageFilter>;

/** The links of a package. */
export interface PackageLinks {
  services: { id: number; serviceName: string; appName: string | null }[];
  channels: { id: number; channelType: string }[];
  customerIds: number[];
  features: LinkedFeature[];
  image: { sha256: string } | null;
}

export interface LinkedFeature {
  itemPackageId: number;
  serviceFeatureId: number;
  serviceId: number;
  serviceFeatureCode: string;
  serviceFeatureDescription: string;
  quantity: number;
  storageType: StorageType | null;
  isunlimited: boolean;
}

/** A package with its links: what both API surfaces present. */
export interface PackageView {
  pkg: Package;
  links: PackageLinks;
}

/** An offer image, whether its package is active and public, and whether the asking customer is linked. */
export interface OfferImageWithAccess {
  fileName: string;
  contentType: string;
  sha256: string;
  content: Buffer;
  open: boolean;
  linked: boolean;
}

interface OfferImageRow extends Record<string, unknown> {
  file_name: string;
  content_type: string;
  sha256: string;
  content: Uint8Array;
  open: boolean;
  linked: boolean;
}

export type LinkKind = 'services' | 'channels' | 'customers';

interface LinkedRow extends Record<string, unknown> {
  link_services: PackageLinks['services'];
  link_channels: PackageLinks['channels'];
  link_customer_ids: number[];
  link_features: LinkedFeature[];
  link_image_sha256: string | null;
}

/** The links of each package row, as JSON built by PostgreSQL. */
const LINK_COLUMNS = [
  raw(`coalesce((select json_agg(json_build_object('id', s.id, 'serviceName', s.service_name, 'appName', s.app_name) order by s.service_name)
                   from package_service ps join service s on s.id = ps.service_id where ps.package_id = p.id), '[]') as link_services`),
  raw(`coalesce((select json_agg(json_build_object('id', c.id, 'channelType', c.channel_type) order by c.id)
                   from package_channel pc join channel c on c.id = pc.channel_id where pc.package_id = p.id), '[]') as link_channels`),
  raw(`coalesce((select json_agg(pcu.customer_id order by pcu.customer_id) from package_customer pcu where pcu.package_id = p.id), '[]') as link_customer_ids`),
  raw(`coalesce((select json_agg(json_build_object('itemPackageId', pf.id, 'serviceFeatureId', sf.id, 'serviceId', sf.service_id,
                                                   'serviceFeatureCode', sf.service_feature_code, 'serviceFeatureDescription', sf.feature_description,
                                                   'quantity', pf.quantity, 'storageType', pf.storage_type, 'isunlimited', sf.isunlimited)
                                 order by sf.service_id, sf.service_feature_code)
                   from package_feature pf join service_feature sf on sf.id = pf.service_feature_id where pf.package_id = p.id), '[]') as link_features`),
  raw(`(select i.sha256 from package_offer_image i where i.package_id = p.id) as link_image_sha256`),
];

/** Link tables and their columns: fixed names, never input. */
const LINK_TABLES: Record<LinkKind, { table: string; column: string; target: string }> = {
  services: { table: 'package_service', column: 'service_id', target: 'service' },
  channels: { table: 'package_channel', column: 'channel_id', target: 'channel' },
  customers: { table: 'package_customer', column: 'customer_id', target: 'customer' },
};

const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');

/** Packages linked to one of the given ids through a link table. */
function linkedTo(kind: LinkKind): FilterRule {
  const { table, column } = LINK_TABLES[kind];
  return filterRules.idIn((ids) => `select package_id from ${table} where ${column} in (${ids})`);
}

const FILTERS: FilterRules<PackageFilter> = {
  q: filterRules.search(),
  id: filterRules.ids(),
  packageTypeId: filterRules.oneOf('packageTypeId', [1, 2, 3]),
  relevance: filterRules.oneOf('relevance', RELEVANCES),
  idstate: filterRules.oneOf('idstate', [0, 1]),
  publicVisibility: filterRules.boolean('publicVisibility'),
  applyOffer: filterRules.boolean('applyOffer'),
  serviceId: linkedTo('services'),
  channelId: linkedTo('channels'),
  customerId: linkedTo('customers'),
};

/** The store's order: by type, relevance (Alta, Media, Baja) and order. */
const CATALOGUE_ORDER: QueryOrderMap<Package>[] = [
  { packageTypeId: 'asc' },
  { [raw((alias: string) => `case ${alias}.relevance when 'Alta' then 1 when 'Media' then 2 else 3 end`)]: 'asc' },
  { displayOrder: 'asc' },
  { id: 'asc' },
];

@Injectable()
export class PackageRepository {
  private columnList?: string;
  /** The SQL of an unfiltered page per order (its limit and offset are parameters). */
  private readonly pageSql = new Map<string, string>();
  private toRecord?: (row: Record<string, unknown>) => Package;

  constructor(private readonly em: EntityManager) {}

  /**
   * A page of packages with their links; newest first unless sorted, or in the store's order with
   * `catalogueOrder`: the rows with their links in one query, and the total when the page is full.
   */
  async list(query: PackageListQuery, catalogueOrder = false): Promise<Page<PackageView>> {
    const sort = query.sort;
    const orderBy: QueryOrderMap<Package>[] = sort
      ? [{ [sort.field === 'order' ? 'displayOrder' : sort.field]: sort.order === 'ASC' ? 'asc' : 'desc' }, { id: 'asc' }]
      : catalogueOrder
        ? CATALOGUE_ORDER
        : [{ id: 'desc' }];
    const where = whereOf(query.filter, FILTERS);
    const shape = sort ? `${sort.field}:${sort.order}` : catalogueOrder ? 'catalogue' : 'newest';
    const items = await this.select(where, orderBy, query.offset, query.limit, false, shape);
    return { items, total: await pageTotal(items.length, query.offset, query.limit, () => this.em.count(Package, where)) };
  }

  /** One package with its links; the package is managed (callers may change it in their transaction). */
  async view(id: number): Promise<PackageView | null> {
    return (await this.select({ id }, [{ id: 'asc' }], 0, 1, true))[0] ?? null;
  }

  /** Rows and links in one round trip: the links are correlated subqueries, run for the page only. */
  private async select(
    where: object,
    orderBy: QueryOrderMap<Package>[],
    offset: number,
    limit: number,
    managed = false,
    shape?: string,
  ): Promise<PackageView[]> {
    const query = () =>
      this.em
        .createQueryBuilder(Package, 'p')
        .select([raw(this.columns()), ...LINK_COLUMNS])
        .where(where)
        .orderBy(orderBy);
    let rows: LinkedRow[];
    if (shape !== undefined && Object.keys(where).length === 0) {
      // An unfiltered page (the usual list) runs SQL made once per order: building it was a third
      // of the list's CPU (npm run profile:reads).
      let sql = this.pageSql.get(shape);
      if (sql === undefined) this.pageSql.set(shape, (sql = `${query().getQuery()} limit ? offset ?`));
      rows = await this.em.execute<LinkedRow[]>(sql, [limit, offset]);
    } else {
      rows = await query().offset(offset).limit(limit).execute<LinkedRow[]>('all', false);
    }
    const toRecord = managed ? (row: Record<string, unknown>) => this.em.map(Package, row) : this.recordMapper();
    return rows.map(({ link_services, link_channels, link_customer_ids, link_features, link_image_sha256, ...columns }) => ({
      pkg: toRecord(columns),
      links: {
        services: link_services,
        channels: link_channels,
        customerIds: link_customer_ids,
        features: link_features,
        image: link_image_sha256 ? { sha256: link_image_sha256 } : null,
      },
    }));
  }

  /** The package's own columns (not the lazy search text), from its metadata. */
  private properties() {
    return Object.values(this.em.getMetadata().find(Package)?.properties ?? {}).filter(
      (prop) => !prop.lazy && prop.persist !== false && prop.fieldNames?.length,
    );
  }

  private columns(): string {
    this.columnList ??= this.properties()
      .map((prop) => `p."${prop.fieldNames[0]}"`)
      .join(', ');
    return this.columnList;
  }

  /**
   * Rows as plain records: no entity, no identity map, no unit of work (reads that only present
   * the package). `numeric` stays text (exact money); only timestamps need converting.
   */
  private recordMapper(): (row: Record<string, unknown>) => Package {
    this.toRecord ??= (() => {
      const props = this.properties().map((prop) => ({ name: prop.name, field: prop.fieldNames[0] as string, date: prop.runtimeType === 'Date' }));
      return (row: Record<string, unknown>) => {
        const record: Record<string, unknown> = {};
        for (const { name, field, date } of props) {
          const value = row[field];
          record[name] = date && value != null && !(value instanceof Date) ? new Date(value as string) : value;
        }
        return record as Package;
      };
    })();
    return this.toRecord;
  }

  findById(id: number): Promise<Package | null> {
    return this.em.findOne(Package, { id });
  }

  create(data: RequiredEntityData<Package>): Package {
    return this.em.create(Package, data);
  }

  async codeTaken(code: string, exceptId?: number): Promise<boolean> {
    const rows = await this.em.execute<{ id: number }[]>('select id from package where lower(package_code) = lower(?) and id <> ? limit 1', [
      code,
      exceptId ?? 0,
    ]);
    return rows.length > 0;
  }

  countOf(packageTypeId: number, relevance: string): Promise<number> {
    return this.em.count(Package, { packageTypeId, relevance: relevance as (typeof RELEVANCES)[number] });
  }

  types(): Promise<PackageType[]> {
    return this.em.find(PackageType, {}, { orderBy: { id: 'asc' } });
  }

  channels(): Promise<Channel[]> {
    return this.em.find(Channel, {}, { orderBy: { id: 'asc' } });
  }

  /** The ids among `ids` that do not exist (services, channels or customers). */
  async missing(kind: LinkKind, ids: readonly number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.em.execute<{ id: number }[]>(`select id from ${LINK_TABLES[kind].target} where id in (${placeholders(ids)})`, [...ids]);
    const found = new Set(rows.map((r) => Number(r.id)));
    return ids.filter((id) => !found.has(id));
  }

  async updateLinks(kind: LinkKind, packageId: number, add: readonly number[], remove: readonly number[]): Promise<void> {
    const { table, column } = LINK_TABLES[kind];
    if (remove.length) await this.em.execute(`delete from ${table} where package_id = ? and ${column} in (${placeholders(remove)})`, [packageId, ...remove]);
    if (add.length) {
      await this.em.execute(
        `insert into ${table} (package_id, ${column}) values ${add.map(() => '(?, ?)').join(', ')}`,
        add.flatMap((id) => [packageId, id]),
      );
    }
  }

  async upsertFeatures(packageId: number, features: readonly { serviceFeatureId: number; quantity: number; storageType: StorageType | null }[]): Promise<void> {
    if (!features.length) return;
    await this.em.execute(
      `insert into package_feature (package_id, service_feature_id, quantity, storage_type) values ${features.map(() => '(?, ?, ?, ?)').join(', ')}
       on conflict (package_id, service_feature_id) do update set quantity = excluded.quantity, storage_type = excluded.storage_type`,
      features.flatMap((f) => [packageId, f.serviceFeatureId, f.quantity, f.storageType]),
    );
  }

  async removeFeatures(packageId: number, serviceFeatureIds: readonly number[]): Promise<void> {
    if (!serviceFeatureIds.length) return;
    await this.em.execute(`delete from package_feature where package_id = ? and service_feature_id in (${placeholders(serviceFeatureIds)})`, [
      packageId,
      ...serviceFeatureIds,
    ]);
  }

  async saveImage(packageId: number, file: OfferImageFile, now: Date): Promise<void> {
    await this.em.upsert(PackageOfferImage, {
      packageId,
      fileName: file.fileName,
      contentType: file.contentType,
      size: file.content.length,
      sha256: file.sha256,
      content: file.content,
      uploadedAt: now,
    });
  }

  /**
   * The offer image with what decides who may see it, in one query: whether its package is active
   * and public, and whether `customerId` is among the customers the package is offered to.
   */
  async imageWithAccess(packageId: number, customerId: number | null): Promise<OfferImageWithAccess | null> {
    const rows = await this.em.execute<OfferImageRow[]>(
      `select i.file_name, i.content_type, i.sha256, i.content,
              (p.idstate = 0 and p.public_visibility) as open,
              exists (select 1 from package_customer c where c.package_id = p.id and c.customer_id = ?) as linked
         from package_offer_image i join package p on p.id = i.package_id
        where i.package_id = ?`,
      [customerId, packageId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      fileName: row.file_name,
      contentType: row.content_type,
      sha256: row.sha256,
      content: Buffer.from(row.content),
      open: row.open,
      linked: row.linked,
    };
  }
}
