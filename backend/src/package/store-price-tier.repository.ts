import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import type { OfferType } from './package.entity.js';

/** A tier as stored: `price` (VAT included) as text. */
export interface TierRow {
  quantity: number;
  price: string;
  label: string | null;
}

/** An active package with its tiers and what prices them in the store; `numeric` as text. */
export interface TieredPackageRow {
  id: number;
  package_code: string;
  tax_iva: string;
  public_visibility: boolean;
  apply_offer: boolean;
  offer_type_code: OfferType;
  total_offer: string;
  offer_start_time: Date | string;
  offer_expiration_time: Date | string;
  customer_ids: number[];
  tiers: TierRow[];
}

/** The price-by-quantity tiers of packages (`package_price_tier`): plain rows, one statement each. */
@Injectable()
export class StorePriceTierRepository {
  constructor(private readonly em: EntityManager) {}

  /** Every active package (with or without tiers): the store's index by package code. */
  activePackages(): Promise<TieredPackageRow[]> {
    return this.em.execute<TieredPackageRow[]>(
      `select p.id, p.package_code, p.tax_iva, p.public_visibility, p.apply_offer, p.offer_type_code, p.total_offer,
              p.offer_start_time, p.offer_expiration_time,
              coalesce((select json_agg(pc.customer_id order by pc.customer_id) from package_customer pc where pc.package_id = p.id), '[]') as customer_ids,
              coalesce((select json_agg(json_build_object('quantity', t.quantity, 'price', t.price::text, 'label', t.label) order by t.quantity)
                          from package_price_tier t where t.package_id = p.id), '[]') as tiers
         from package p
        where p.idstate = 0`,
    );
  }

  /** The tiers of one package, by quantity. */
  tiersOf(packageId: number): Promise<TierRow[]> {
    return this.em.execute<TierRow[]>('select quantity, price::text as price, label from package_price_tier where package_id = ? order by quantity', [
      packageId,
    ]);
  }

  /** Replaces every tier of a package (in the caller's transaction). */
  async replace(packageId: number, tiers: TierRow[]): Promise<void> {
    await this.em.execute('delete from package_price_tier where package_id = ?', [packageId]);
    if (!tiers.length) return;
    await this.em.execute(
      `insert into package_price_tier (package_id, quantity, price, label) values ${tiers.map(() => '(?, ?, ?, ?)').join(', ')}`,
      tiers.flatMap((t) => [packageId, t.quantity, t.price, t.label]),
    );
  }
}
