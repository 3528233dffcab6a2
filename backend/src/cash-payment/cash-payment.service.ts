import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import { formatDate } from '@licencias/common/dates';
import { moneyOut } from '@licencias/common/money';
import type { AuthUser } from '../auth/auth-user.js';
import type { ListQuery, Page } from '../database/list-query.js';
import { BusinessRuleError, ConflictError, ForbiddenError, NotFoundError } from '../errors/errors.js';
import { MailService } from '../mail/mail.service.js';
import { mailTemplates } from '../mail/mail.types.js';
import { OrderService } from '../order/order.service.js';
import { PaymentSupportService } from '../payment-support/payment-support.service.js';
import { ReferenceService } from '../reference/reference.service.js';
import { type CashListFilter, CashPaymentRepository, type CashRow, type CashSortField } from './cash-payment.repository.js';
import {
  CASH_MESSAGES,
  type CashDecision,
  type CashDecisionView,
  type CashPurchase,
  DECIDE_PRIVILEGES,
  ID_STATES,
  orderReference,
  READ_PRIVILEGE,
} from './cash-payment.types.js';

/** A decision asked for: approve, or reject with a reject type. */
export interface DecisionInput {
  decision: CashDecision;
  rejectTypeId?: number | null;
}

const BOGOTA_TIME = new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** 'dd/MM/yyyy HH:mm' in Bogotá, for messages. */
const whenText = (at: Date) => `${formatDate(at)} ${BOGOTA_TIME.format(at)}`;

/**
 * 'Pagos en efectivo' (store §2, §4, §5, §6): the three tabs' lists and the decision on a cash
 * order's payment, one per order, taken in the transaction that moves the order (OrderService).
 */
@Injectable()
export class CashPaymentService {
  constructor(
    private readonly em: EntityManager,
    private readonly repo: CashPaymentRepository,
    private readonly orders: OrderService,
    private readonly reference: ReferenceService,
    private readonly mail: MailService,
    private readonly supports: PaymentSupportService,
  ) {}

  async list(query: ListQuery<CashSortField, CashListFilter>): Promise<Page<CashPurchase>> {
    const page = await this.repo.list(query);
    return { items: await this.views(page.items), total: page.total };
  }

  /** The cash payment of order `id` (404 when the order does not exist or is not paid in cash). */
  async get(id: number): Promise<CashPurchase> {
    const row = await this.repo.byId(id);
    if (!row || row.paymentMethod !== 'EFECTIVO' || !row.cashState) throw new NotFoundError(CASH_MESSAGES.notFound);
    return (await this.views([row]))[0] as CashPurchase;
  }

  /** The decision taken on order `orderId`'s cash payment (who, when, what, why), or null while none (the order's detail). */
  decisionFor(orderId: number): Promise<CashDecisionView | null> {
    return this.repo.decisionOf(orderId);
  }

  /** Every row of a tab for the export, in batches. */
  async *batches(filter: CashListFilter, actor: AuthUser, size = 500): AsyncGenerator<CashPurchase[]> {
    if (!actor.privileges.includes(READ_PRIVILEGE)) throw new ForbiddenError();
    for (let offset = 0; ; offset += size) {
      const page = await this.list({ offset, limit: size, filter, sort: { field: 'id', order: 'DESC' } });
      if (page.items.length) yield page.items;
      if (page.items.length < size) return;
    }
  }

  /**
   * Approves or rejects the payment of cash order `id`. Both ApprovePayments and ModifyPayments
   * are needed. The decision's unique row and the order's conditional move decide races: of
   * concurrent decisions exactly one commits, the others get 422 naming the winner.
   */
  async decide(id: number, input: DecisionInput, actor: AuthUser, now = new Date()): Promise<CashPurchase> {
    if (!DECIDE_PRIVILEGES.every((p) => actor.privileges.includes(p))) throw new ForbiddenError();
    const reason = input.decision === 'REJECTED' ? await this.rejectReason(input.rejectTypeId) : null;
    const row = await this.repo.byId(id);
    if (!row) throw new NotFoundError('La orden de compra no existe');
    const reference = orderReference(row.id);
    if (row.paymentMethod !== 'EFECTIVO') throw new BusinessRuleError(CASH_MESSAGES.notCash(reference));
    if (row.decision) throw this.alreadyDecided(row);
    if (row.orderState !== 'AWAITING_CASH_PROOF') throw new BusinessRuleError(CASH_MESSAGES.notAwaiting(reference));

    await this.em.transactional(async (em) => {
      const claimed = await this.repo.claim({
        orderId: row.id,
        decision: input.decision,
        rejectTypeId: reason?.id ?? null,
        reason: reason?.text ?? null,
        by: actor.username,
        byName: `${actor.names} ${actor.surnames}`.trim() || actor.username,
        at: now,
      });
      if (!claimed) {
        const winner = await this.repo.byId(row.id);
        throw winner?.decision ? this.alreadyDecided(winner) : new BusinessRuleError(CASH_MESSAGES.notAwaiting(reference));
      }
      try {
        await this.orders.transition(
          row.referenceUuid,
          'AWAITING_CASH_PROOF',
          input.decision === 'APPROVED' ? 'PAID' : 'REJECTED',
          actor.username,
          reason?.text ?? null,
          now,
        );
      } catch (error) {
        if (error instanceof ConflictError) throw new BusinessRuleError(CASH_MESSAGES.notAwaiting(reference));
        throw error;
      }
      if (reason) {
        const message = mailTemplates.paymentRejected(await this.mail.brandName(row.appName), {
          reference,
          reason: reason.text,
          summaryUrl: this.mail.brandUrl(row.appName, `/summaryorder/${row.referenceUuid}`),
        });
        await this.mail.send(em, { ...message, appName: row.appName, to: row.buyerEmail, dedupeKey: `payment-rejected:${row.id}` });
      }
    });
    return this.get(id);
  }

  private async rejectReason(rejectTypeId: number | null | undefined): Promise<{ id: number; text: string }> {
    const field = [{ field: 'body.rejectTypeId', description: CASH_MESSAGES.reasonRequired }];
    if (!rejectTypeId) throw new BusinessRuleError(CASH_MESSAGES.reasonRequired, field);
    const type = (await this.reference.rejectTypes()).records.find((r) => r.id === rejectTypeId);
    if (!type) throw new BusinessRuleError(CASH_MESSAGES.unknownRejectType, [{ field: 'body.rejectTypeId', description: CASH_MESSAGES.unknownRejectType }]);
    return { id: type.id, text: type.rejectTypeDescription };
  }

  private alreadyDecided(row: CashRow): BusinessRuleError {
    return new BusinessRuleError(
      CASH_MESSAGES.alreadyDecided(row.decision as CashDecision, row.decidedByName ?? row.decidedBy ?? '', row.decidedAt ? whenText(row.decidedAt) : ''),
    );
  }

  private async views(rows: readonly CashRow[]): Promise<CashPurchase[]> {
    const files = await this.supports.forOrders(rows.map((r) => r.id));
    const fileOf = (orderId: number, kind: 'PAYMENT_SUPPORT' | 'RUT') => files.find((f) => f.purchaseOrderId === orderId && f.supportType === kind);
    return rows.map((r) => {
      const state = r.cashState ?? 'PENDING';
      const proof = fileOf(r.id, 'PAYMENT_SUPPORT');
      return {
        id: r.id,
        paymentReference: orderReference(r.id),
        purchaseDate: r.createdAt.toISOString(),
        supportDate: proof ? proof.uploadedAt.toISOString() : null,
        totalPurchase: moneyOut(r.total),
        referenceUuid: r.referenceUuid,
        appName: r.appName,
        paymentSupport: proof?.fileName ?? null,
        rutSupport: fileOf(r.id, 'RUT')?.fileName ?? null,
        idState: ID_STATES[state],
        state,
        rejectTypeId: r.rejectTypeId,
        rejectTypeDescription: r.reason,
        decidedBy: r.decidedByName ? `${r.decidedByName} (${r.decidedBy})` : r.decidedBy,
        decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
        customer: { legalName: r.legalName, documentNumber: r.documentNumber, documentTypeLicense: { documentTypeCode: r.documentTypeCode } },
      };
    });
  }
}
