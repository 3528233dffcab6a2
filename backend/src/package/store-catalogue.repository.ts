import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import type { OfferType, StorageType } from './package.entity.js';

/** A feature of a store package, as PostgreSQL builds it in JSON. */
export interface StoreFeatureRow {
  itemPackageId: number;
  quantity: number;
  storageType: StorageType | null;
  serviceFeatureId: number;
  serviceId: number;
  serviceFeatureCode: string;
  serviceFeatureDescription: string;
  featureAlias: string | null;
  isunlimited: boolean;
}

/** One active package of a service and channel with what the store shows of it; `numeric` as text. */
export interface StorePackageRow {
  id: number;
  package_code: string;
  package_name: string;
  package_description: string;
  package_type_id: number;
  package_price: string;
  tax_iva: string;
  unit_price: string;
  validity_period: number;
  validity_type_id: 'A' | 'M' | 'D' | 'I';
  relevance: 'Alta' | 'Media' | 'Baja';
  display_order: number;
  public_visibility: boolean;
  summary_html: string | null;
  apply_offer: boolean;
  offer_type_code: OfferType;
  total_offer: string;
  offer_start_time: Date | string;
  offer_expiration_time: Date | string;
  image_sha256: string | null;
  price_by_quantity: boolean;
  customer_ids: number[];
  services: { serviceId: number; serviceName: string; appName: string | null }[];
  features: StoreFeatureRow[];
}

/** What the store shows of a package `p`, one row each (numeric as text, links and features as JSON). */
const STORE_PACKAGE_COLUMNS = `select p.id, p.package_code, p.package_name, p.package_description, p.package_type_id, p.package_price, p.tax_iva, p.unit_price,
              p.validity_period, p.validity_type_id, p.relevance, p.display_order, p.public_visibility, p.summary_html,
              p.apply_offer, p.offer_type_code, p.total_offer, p.offer_start_time, p.offer_expiration_time,
              (select i.sha256 from package_offer_image i where i.package_id = p.id) as image_sha256,
              exists (select 1 from package_price_tier t where t.package_id = p.id) as price_by_quantity,
              coalesce((select json_agg(pc.customer_id order by pc.customer_id) from package_customer pc where pc.package_id = p.id), '[]') as customer_ids,
              coalesce((select json_agg(json_build_object('serviceId', s.id, 'serviceName', s.service_name, 'appName', s.app_name) order by s.service_name)
                          from package_service ps join service s on s.id = ps.service_id where ps.package_id = p.id), '[]') as services,
              coalesce((select json_agg(json_build_object('itemPackageId', pf.id, 'quantity', pf.quantity, 'storageType', pf.storage_type,
                                                          'serviceFeatureId', sf.id, 'serviceId', sf.service_id, 'serviceFeatureCode', sf.service_feature_code,
                                                          'serviceFeatureDescription', sf.feature_description, 'featureAlias', sf.feature_alias,
                                                          'isunlimited', sf.isunlimited)
                                        order by sf.service_id, sf.service_feature_code)
                          from package_feature pf join service_feature sf on sf.id = pf.service_feature_id where pf.package_id = p.id), '[]') as features`;

/**
 * The store's reads: plain rows in one query each (no entities, no identity map), in the store's
 * order (type, relevance Alta-Media-Baja, order, id).
 */
@Injectable()
export class StoreCatalogueRepository {
  constructor(private readonly em: EntityManager) {}

  /** The active packages (public and private, with the customers of each) of a service sold through a channel. */
  packagesOf(serviceId: number, channelId: number): Promise<StorePackageRow[]> {
    return this.em.execute<StorePackageRow[]>(
      `${STORE_PACKAGE_COLUMNS}
         from package p
        where p.idstate = 0
          and exists (select 1 from package_service ps where ps.package_id = p.id and ps.service_id = ?)
          and exists (select 1 from package_channel pc where pc.package_id = p.id and pc.channel_id = ?)
        order by p.package_type_id, case p.relevance when 'Alta' then 1 when 'Media' then 2 else 3 end, p.display_order, p.id`,
      [serviceId, channelId],
    );
  }

  /** One active package (public or private, any channel) with what the store shows of it; null when missing or inactive. */
  async activePackage(id: number): Promise<StorePackageRow | null> {
    const rows = await this.em.execute<StorePackageRow[]>(`${STORE_PACKAGE_COLUMNS} from package p where p.id = ? and p.idstate = 0`, [id]);
    return rows[0] ?? null;
  }

  async activePackageByCode(code: string): Promise<StorePackageRow | null> {
    const rows = await this.em.execute<StorePackageRow[]>(`${STORE_PACKAGE_COLUMNS} from package p where lower(p.package_code) = lower(?) and p.idstate = 0`, [
      code,
    ]);
    return rows[0] ?? null;
  }
}
