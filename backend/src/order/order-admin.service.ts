import { Injectable } from '@nestjs/common';
import { addDays, startOfBogotaDay } from '@licencias/common/dates';
import { moneyOut } from '@licencias/common/money';
import type { components } from '@licencias/common/schema';
import { Decimal } from 'decimal.js';
import { CashPaymentService } from '../cash-payment/cash-payment.service.js';
import { orderReference } from '../cash-payment/cash-payment.types.js';
import type { ListQuery, Page } from '../database/list-query.js';
import { InvalidRequestError, NotFoundError } from '../errors/errors.js';
import { LicenceService } from '../licence/licence.service.js';
import { PaymentSupportService } from '../payment-support/payment-support.service.js';
import { PaymentService } from '../payment/payment.service.js';
import { ReferenceService } from '../reference/reference.service.js';
import { OrderRepository } from './order.repository.js';
import { type OrderListFilter, OrderReadRepository, type OrderRow, type OrderSortField } from './order-read.repository.js';
import { ORDER_NOT_FOUND_MESSAGE, type OrderCustomerSnapshot, type OrderState, type PaymentMethod } from './order.types.js';

type Schemas = components['schemas'];
export type OrderSummary = Schemas['OrderSummary'];
export type OrderDetail = Schemas['OrderDetail'];
type OrderAuditEntry = Schemas['OrderAuditEntry'];
type OrderPayment = Schemas['OrderPayment'];

/** The list's filter as the contract checked it. */
export interface OrderFilterInput {
  q?: string;
  id?: number | number[];
  state?: OrderState | OrderState[];
  paymentMethod?: PaymentMethod;
  appName?: string;
  documentNumber?: string;
  createdFrom?: string;
  createdTo?: string;
}

const iso = (at: Date) => at.toISOString();

/**
 * The back office's reads of purchase orders (issue 13 item 6): the list, and one order with what
 * every domain holds of it, each read through its owner's service: gateway confirmations
 * (PaymentService), the cash decision (CashPaymentService), the proofs (PaymentSupportService) and
 * the licences its lines granted (LicenceService). Nothing here writes.
 */
@Injectable()
export class OrderAdminService {
  constructor(
    private readonly orders: OrderReadRepository,
    private readonly registered: OrderRepository,
    private readonly reference: ReferenceService,
    private readonly payments: PaymentService,
    private readonly cash: CashPaymentService,
    private readonly supports: PaymentSupportService,
    private readonly licences: LicenceService,
  ) {}

  /** A page of orders; with `brand` (a partner's API client) only that brand's, whatever the filter's `appName`. */
  async list(query: ListQuery<OrderSortField, OrderFilterInput>, brand?: string): Promise<Page<OrderSummary>> {
    const filter = brand === undefined ? query.filter : { ...query.filter, appName: brand };
    const page = await this.orders.list({ ...query, filter: listFilter(filter) });
    const codes = await this.documentCodes();
    return { items: page.items.map((row) => summary(row, codes)), total: page.total };
  }

  /**
   * Order `id` with its lines, payments, proofs, licences and its log of changes and decisions (404 'La orden de
   * compra no existe'); with `brand` (a partner's API client) another brand's order is as missing as one that does not exist.
   */
  async get(id: number, brand?: string, now = new Date()): Promise<OrderDetail> {
    const order = await this.orders.byId(id);
    if (!order || (brand !== undefined && order.appName !== brand)) throw new NotFoundError(ORDER_NOT_FOUND_MESSAGE);
    const [codes, lines, changes, confirmations, decision, supports] = await Promise.all([
      this.documentCodes(),
      this.registered.lines(id),
      this.orders.stateChanges(id),
      this.payments.forOrder(id),
      this.cash.decisionFor(id),
      this.supports.forOrders([id]),
    ]);
    const licences = await this.licences.granted(
      'ORDER_LINE',
      lines.map((l) => `${orderReference(id)}/${l.id}`),
      now,
    );
    const payments: OrderPayment[] = confirmations.map((c) => ({
      kind: 'ONLINE',
      gateway: c.gateway,
      reference: c.gatewayReference,
      transactionId: c.transactionId,
      outcome: c.outcome,
      responseCode: c.responseCode,
      amount: moneyOut(c.amount),
      currency: c.currency,
      at: iso(c.receivedAt),
      by: null,
      reason: null,
    }));
    const history: OrderAuditEntry[] = changes.map((c) => ({
      action: 'STATE_CHANGE',
      at: iso(c.changedAt),
      by: c.changedBy,
      byName: null,
      fromState: c.fromState,
      toState: c.toState,
      reason: c.reason,
    }));
    if (decision) {
      const who = `${decision.decidedByName} (${decision.decidedBy})`;
      payments.push({
        kind: 'CASH',
        gateway: null,
        reference: null,
        transactionId: null,
        outcome: decision.decision,
        responseCode: null,
        amount: moneyOut(order.total),
        currency: 'COP',
        at: iso(decision.decidedAt),
        by: who,
        reason: decision.reason,
      });
      // The decision and the move it caused share their instant: the decision is told first.
      history.push({
        action: decision.decision === 'APPROVED' ? 'CASH_APPROVED' : 'CASH_REJECTED',
        at: iso(decision.decidedAt),
        by: decision.decidedBy,
        byName: decision.decidedByName,
        fromState: null,
        toState: null,
        reason: decision.reason,
      });
      for (const entry of history) if (entry.action === 'STATE_CHANGE' && entry.by === decision.decidedBy) entry.byName = decision.decidedByName;
    }
    payments.sort((a, b) => a.at.localeCompare(b.at));
    history.sort((a, b) => a.at.localeCompare(b.at) || rank(a) - rank(b));
    const withholdings = new Decimal(order.taxReteFuente).plus(order.taxReteIva).plus(order.taxReteIca);
    return {
      ...summary(order, codes),
      activationCustomer: customer(order.activation, codes),
      subTotal: moneyOut(order.subTotal),
      totalDiscount: moneyOut(order.totalDiscount),
      taxIva: moneyOut(order.taxIva),
      taxReteIva: moneyOut(order.taxReteIva),
      taxReteIca: moneyOut(order.taxReteIca),
      taxReteFuente: moneyOut(order.taxReteFuente),
      totalWithholdings: moneyOut(withholdings.toFixed(2)),
      lines: lines.map(({ id: _lineId, ...l }) => ({
        ...l,
        unitPrice: moneyOut(l.unitPrice),
        gross: moneyOut(l.gross),
        discount: moneyOut(l.discount),
        ivaValue: moneyOut(l.ivaValue),
        total: moneyOut(l.total),
      })),
      payments,
      supports: supports.map((s) => ({
        supportType: s.supportType,
        fileName: s.fileName,
        contentType: s.contentType,
        size: s.size,
        uploadedAt: iso(s.uploadedAt),
      })),
      licences: licences.map((l) => ({
        id: l.id,
        originReference: l.originReference,
        packageCode: l.packageCode ?? '',
        packageName: l.packageName ?? l.packageCode ?? '',
        customerId: l.customerId,
        state: l.state,
        isActive: l.isActive,
        effectiveAt: iso(l.effectiveAt),
        expiresAt: l.expiresAt ? iso(l.expiresAt) : null,
      })),
      history,
    };
  }

  private async documentCodes(): Promise<ReadonlyMap<number, string>> {
    return new Map((await this.reference.documentTypes()).records.map((d) => [d.id, d.documentTypeCode]));
  }
}

/** At one instant a decision precedes the moves it caused, and a move to PAID precedes PAID → ACTIVATED. */
function rank(entry: OrderAuditEntry): number {
  if (entry.action !== 'STATE_CHANGE') return 0;
  return entry.fromState === 'PAID' ? 2 : 1;
}

/** Days of Bogotá to instants; a range that ends before it starts is a 400 on `createdTo`. */
function listFilter(filter: OrderFilterInput): OrderListFilter {
  if (filter.createdFrom && filter.createdTo && filter.createdTo < filter.createdFrom) {
    throw new InvalidRequestError([{ field: 'query.filter.createdTo', description: 'debe ser el mismo día de createdFrom o posterior' }]);
  }
  return {
    q: filter.q,
    ids: filter.id === undefined ? undefined : Array.isArray(filter.id) ? filter.id : [filter.id],
    states: filter.state === undefined ? undefined : Array.isArray(filter.state) ? filter.state : [filter.state],
    paymentMethod: filter.paymentMethod,
    appName: filter.appName,
    documentNumber: filter.documentNumber,
    from: filter.createdFrom ? startOfBogotaDay(filter.createdFrom) : undefined,
    before: filter.createdTo ? startOfBogotaDay(addDays(filter.createdTo, 1)) : undefined,
  };
}

function customer(who: OrderCustomerSnapshot, codes: ReadonlyMap<number, string>): Schemas['OrderCustomer'] {
  const name = who.legalName?.trim() || `${who.firstName ?? ''} ${who.lastName ?? ''}`.trim();
  return {
    legalName: name,
    documentTypeCode: codes.get(Number(who.documentTypeId)) ?? '',
    documentNumber: who.documentNumber ?? '',
    email: who.email ?? '',
  };
}

function summary(row: OrderRow, codes: ReadonlyMap<number, string>): OrderSummary {
  return {
    id: row.id,
    reference: orderReference(row.id),
    referenceUuid: row.referenceUuid,
    appName: row.appName,
    state: row.state,
    paymentMethod: row.paymentMethod,
    total: moneyOut(row.total),
    buyerEmail: row.buyerEmail,
    customer: customer(row.billing, codes),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
