import { Injectable } from '@nestjs/common';
import type { components } from '@licencias/common/schema';
import { offerDiscountOf } from '@licencias/common/cart-pricing';
import { StorePriceTierService } from '../package/store-price-tier.service.js';
import { STORE_CHANNEL, StoreCatalogueService } from '../package/store-catalogue.service.js';
import type { PricedInput } from './promotion.rules.js';

type StorePackage = components['schemas']['StorePackage'];

export const packageUnavailableMessage = (code: string) => `El paquete ${code} no está disponible.`;
export const employeePriceMessage = (code: string) => `No es posible calcular el precio del paquete ${code} para esa cantidad.`;

/** A package of the cart the brand's store does not sell (to this buyer), or an employee quantity it has no tier for. */
export class UnavailablePackage extends Error {
  constructor(
    readonly code: string,
    readonly index: number,
    message = packageUnavailableMessage(code),
  ) {
    super(message);
  }
}

/** A line of the cart priced from the store's catalogue of the brand, with the package as shown. */
export interface CatalogueLine extends PricedInput {
  record: StorePackage;
}

/**
 * Prices a cart from the catalogue the store shows the buyer (the brand's service, the public
 * packages plus the private ones offered to a signed-in customer, offers in force now): never
 * from what the browser sent.
 */
@Injectable()
export class OrderCatalogue {
  constructor(
    private readonly store: StoreCatalogueService,
    private readonly tiers: StorePriceTierService,
  ) {}

  async lines(
    appName: string,
    items: readonly { packageId: number; quantity: number; packageCode?: string }[],
    customerId: number | null,
  ): Promise<{ serviceId: number; lines: CatalogueLine[] }> {
    const serviceId = await this.store.serviceId(appName);
    const snapshot = await this.store.snapshot(serviceId, STORE_CHANNEL);
    const shown = this.store.forCustomer(snapshot, customerId) ?? snapshot.open;
    const byId = new Map(shown.map((record) => [record.packageId, record]));
    const lines = await Promise.all(
      items.map(async (item, index) => {
        const record = byId.get(item.packageId);
        const code = record?.packageCode ?? item.packageCode ?? String(item.packageId);
        if (!record) throw new UnavailablePackage(code, index);
        if (record.priceByQuantity) {
          // An employee package: the tier of that many employees is the line's price (not multiplied), its offer on the tier.
          const price = await this.tiers.tierPrice(record.packageId, item.quantity);
          if (price === null) throw new UnavailablePackage(code, index, employeePriceMessage(code));
          const offer = { applyOffer: record.applyOffer, offerTypeCode: record.offerTypeCode, totalOffer: record.totalOffer };
          return {
            packageId: record.packageId,
            price,
            taxIva: record.taxIva,
            number: item.quantity,
            offerDiscount: offerDiscountOf(price, offer),
            employee: true,
            record,
          };
        }
        return {
          packageId: record.packageId,
          price: record.packagePrice,
          taxIva: record.taxIva,
          number: item.quantity,
          offerDiscount: record.applyOffer ? String(record.discount) : 0,
          employee: false,
          record,
        } satisfies CatalogueLine;
      }),
    );
    return { serviceId, lines };
  }
}
