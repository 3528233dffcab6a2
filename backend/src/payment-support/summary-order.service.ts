import { Injectable } from '@nestjs/common';
import { Decimal } from 'decimal.js';
import type { components } from '@licencias/common/schema';
import { moneyOut } from '@licencias/common/money';
import { NotFoundError } from '../errors/errors.js';
import { OrderService } from '../order/order.service.js';
import { ORDER_NOT_FOUND_MESSAGE } from '../order/order.types.js';
import { PaymentSupportService } from './payment-support.service.js';

type SummaryOrder = components['schemas']['SummaryOrder'];

/**
 * The purchase summary (store §2, §3): an order's packages and the totals stored when it was
 * registered (nothing is recomputed: the buyer sees what was charged), with its attached files.
 */
@Injectable()
export class SummaryOrderService {
  constructor(
    private readonly orders: OrderService,
    private readonly supports: PaymentSupportService,
  ) {}

  /** 404 for an unknown order, one of another brand, or one without packages ('¡Orden de compra vacía o no existe!'). */
  async summary(referenceUuid: string, appName: string): Promise<SummaryOrder> {
    const order = await this.orders.get(referenceUuid);
    if (order.appName.toLowerCase() !== appName.toLowerCase()) throw new NotFoundError(ORDER_NOT_FOUND_MESSAGE);
    const lines = await this.orders.lines(order.id);
    if (!lines.length) throw new NotFoundError(ORDER_NOT_FOUND_MESSAGE);
    const files = await this.supports.forOrders([order.id]);
    const fileName = (type: string) => files.find((f) => f.supportType === type)?.fileName ?? null;
    const withheld = new Decimal(order.taxReteFuente).plus(order.taxReteIva).plus(order.taxReteIca);
    return {
      referenceUuid: order.referenceUuid,
      paymentReference: `OC-${order.id}`,
      state: order.state,
      paymentMethod: order.paymentMethod,
      awaitingProof: order.state === 'AWAITING_CASH_PROOF',
      summaryPackages: lines.map((l) => ({
        packageId: l.packageId,
        packageCode: l.packageCode,
        packageName: l.packageName,
        quantity: l.quantity,
        unitPrice: moneyOut(l.unitPrice),
        discount: moneyOut(l.discount),
        taxIva: moneyOut(l.ivaValue),
        subTotal: moneyOut(l.gross),
      })),
      subTotal: moneyOut(order.subTotal),
      totalDiscount: moneyOut(order.totalDiscount),
      taxIva: moneyOut(order.taxIva),
      retefuente: moneyOut(order.taxReteFuente),
      reteiva: moneyOut(order.taxReteIva),
      reteica: moneyOut(order.taxReteIca),
      totalTaxDiscount: moneyOut(withheld),
      totalPurchase: moneyOut(order.total),
      fileNamePaymentSupport: fileName('PAYMENT_SUPPORT'),
      fileNamePaymentRUT: fileName('RUT'),
    };
  }
}
