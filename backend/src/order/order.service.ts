import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/sql';
import { Decimal } from 'decimal.js';
import type { components } from '@licencias/common/schema';
import { cartTotals, round2 } from '@licencias/common/cart-pricing';
import { formatMoney } from '@licencias/common/format';
import { MONEY_DECIMALS_MESSAGE, moneyColumn, moneyOut, parseMoney } from '@licencias/common/money';
import { keptPurchaseCustomer, parseParameterValue, purchaseOrderProblems } from '@licencias/common/rules';
import type { AuthUser } from '../auth/auth-user.js';
import { ReadCache } from '../cache/read-cache.js';
import { BusinessRuleError, ConflictError, invalidField, NotFoundError } from '../errors/errors.js';
import { UserService } from '../identity/user.service.js';
import { LicenceService } from '../licence/licence.service.js';
import { CustomerService } from '../customer/customer.service.js';
import { EmailVerificationService } from '../mail/email-verification.service.js';
import { MailService } from '../mail/mail.service.js';
import { type MailInput, mailTemplates } from '../mail/mail.types.js';
import { OutboxService } from '../outbox/outbox.service.js';
import { PackageService } from '../package/package.service.js';
import { PaymentCheckoutService } from '../payment/checkout.service.js';
import { ReferenceService } from '../reference/reference.service.js';
import { defaultTaxProfile, TAX_RULES, type TaxProfile, type TaxRules } from '../tax/tax.types.js';
import { type CatalogueLine, OrderCatalogue, UnavailablePackage } from './order.catalogue.js';
import { OrderIds } from './order-ids.js';
import { PurchaseOrder } from './order.entities.js';
import { type Activation, OrderActivation } from './order-activation.js';
import { documentKey, type NewOrder, type NewOrderLine, OrderRepository } from './order.repository.js';
import { orderStatus } from './order-status.rules.js';
import { ACTIVE_ACCOUNT_CODE, DEFAULT_MIN_DAYS_TO_RENEW, type HeldLicence, licenceBlock, ORDER_MESSAGES, responseData } from './order.rules.js';
import { ORDER_NOT_FOUND_MESSAGE, ORDER_TRANSITIONS, type OrderLineView, type OrderState, type OrderView } from './order.types.js';
import { buyerOf, type AppliedCode, PromotionService } from './promotion.service.js';
import { priceWithPromo, PromoRefusal } from './promotion.rules.js';

type RegisterRequest = components['schemas']['RegisterPurchaseOrderRequest'];
type OrderResponse = components['schemas']['PurchaseOrderResponse'];
type OrderStatus = components['schemas']['OrderStatus'];

/** The request as JSON with keys sorted at every level, hashed: what "the same body" means for a replay. */
function fingerprint(value: unknown): string {
  const sorted = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sorted)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, x]) => [k, sorted(x)]),
          )
        : v;
  return createHash('sha256')
    .update(JSON.stringify(sorted(value)))
    .digest('hex');
}

type Prepared = Awaited<ReturnType<OrderService['prepare']>>;

/** A record written meanwhile under the key this request claimed: its transaction rolls back and the request is replayed. */
class KeyRecordedMeanwhile extends Error {}

const MAX_LICENCES = 500;
/** How long a submission's Idempotency-Key replays its answer (the IETF draft suggests 24 hours). */
export const ORDER_KEY_RETENTION_HOURS = 24;
const PURGE_BATCH = 1000;
const PAYMENT_METHOD_LABELS = { EN_LINEA: 'Pago en línea', EFECTIVO: 'Pago en efectivo', SIN_PAGO: 'Sin pago' } as const;
const BASE_TYPES = new Set(['BAS', 'CMB']);

/**
 * Purchase orders (store §3, §4, §8): RegisterPurchaseOrder recomputes everything from the
 * catalogue, takes the promotion code's use and the Idempotency-Key in the order's transaction,
 * and leaves the order in a state that only `transition` moves (the payments issue calls it).
 */
@Injectable()
export class OrderService {
  constructor(
    private readonly em: EntityManager,
    private readonly orders: OrderRepository,
    private readonly promotions: PromotionService,
    private readonly catalogue: OrderCatalogue,
    private readonly reference: ReferenceService,
    private readonly verification: EmailVerificationService,
    private readonly licences: LicenceService,
    private readonly packages: PackageService,
    private readonly customers: CustomerService,
    private readonly mail: MailService,
    private readonly outbox: OutboxService,
    private readonly orderIds: OrderIds,
    private readonly activation: OrderActivation,
    private readonly users: UserService,
    private readonly checkout: PaymentCheckoutService,
    private readonly cache: ReadCache,
    @Inject(TAX_RULES) private readonly taxRules: TaxRules,
  ) {}

  async register(
    appName: string,
    body: RegisterRequest,
    key: string | undefined,
    user: AuthUser | undefined,
    now = new Date(),
  ): Promise<{ replayed: boolean; records: OrderResponse }> {
    for (const field of ['totalPurchase', 'totalDiscount', 'totalTaxIva'] as const) {
      const amount = body[field];
      if (typeof amount === 'number' && !parseMoney(amount)) invalidField(`body.${field}`, MONEY_DECIMALS_MESSAGE);
    }
    const print = fingerprint({ ...body, appName });
    body = {
      ...body,
      customerBilling: keptPurchaseCustomer('Billing', body.customerBilling),
      customerService: keptPurchaseCustomer('Service', body.customerService),
    };
    let prepared: Prepared;
    try {
      prepared = await this.prepare(appName, body, user, now);
    } catch (error) {
      // A retry replays the answer given under its key even when the rules would now refuse; a
      // new key (the usual case) is not read before the rules, only claimed with the order.
      const known = key ? await this.orders.knownKey(key) : null;
      if (known) return this.replay(known, print);
      throw error;
    }
    try {
      return await this.save(prepared, key, print, now);
    } catch (error) {
      if (error instanceof KeyRecordedMeanwhile) return this.save(prepared, key, print, now);
      throw error;
    }
  }

  private replay(known: { fingerprint: string; response: Record<string, unknown> }, print: string) {
    if (known.fingerprint !== print)
      throw new BusinessRuleError(ORDER_MESSAGES.keyReused, [{ field: 'header.Idempotency-Key', description: ORDER_MESSAGES.keyReused }]);
    return { replayed: true, records: known.response as unknown as OrderResponse };
  }

  /** Every rule of the order and every figure, before anything is written. */
  private async prepare(appName: string, body: RegisterRequest, user: AuthUser | undefined, now: Date) {
    const brand = await this.reference.brand(appName);
    const blockedDomains = await this.reference.blockedDomainRules();
    const problems = purchaseOrderProblems(body, { documentTypes: brand.documentTypes, blockedDomains });
    if (problems.length) {
      throw new BusinessRuleError(
        problems[0]?.message as string,
        problems.map((p) => ({ field: `body.${p.field}`, description: p.message })),
      );
    }
    const billing = body.customerBilling;
    const service = body.customerService;
    if (!(await this.verification.isVerified(billing.email as string, appName))) throw new BusinessRuleError(ORDER_MESSAGES.emailNotVerified);
    if (appName === 'bemyself' && body.paymentMethod === 'EFECTIVO') throw new BusinessRuleError(ORDER_MESSAGES.noCashForBrand);

    const buyer = buyerOf(user);
    const { serviceId, lines } = await this.priced(appName, body, buyer.customerId);
    let applied: AppliedCode | null = null;
    const code = body.promotionCodeUse?.trim();
    if (code) {
      try {
        applied = await this.promotions.apply(code, lines, buyer, now);
      } catch (error) {
        if (error instanceof PromoRefusal) throw promoRefused(error);
        throw error;
      }
    }
    const priced = applied ? applied.priced : priceWithPromo(lines, null);
    const totals = cartTotals(priced.map((p) => p.line));
    if (!new Decimal(String(body.totalPurchase)).equals(round2(totals.total))) {
      throw new BusinessRuleError(ORDER_MESSAGES.totalChanged(formatMoney(totals.total.toFixed(2))), [
        { field: 'body.totalPurchase', description: ORDER_MESSAGES.totalChanged(formatMoney(totals.total.toFixed(2))) },
      ]);
    }
    if (totals.total.isZero() !== (body.paymentMethod === 'SIN_PAGO')) {
      throw new BusinessRuleError(totals.total.isZero() ? ORDER_MESSAGES.freeNeedsNoPayment : ORDER_MESSAGES.paidNeedsMethod);
    }
    const documentCodes = new Map((await this.reference.documentTypes()).records.map((d) => [d.id, d.documentTypeCode]));
    // The activation and the billing companies in one read (one document when they are the same company).
    const serviceDocument = { documentTypeCode: documentCodes.get(service.documentTypeId as number) ?? '', documentNumber: service.documentNumber as string };
    const billingDocument = { documentTypeCode: documentCodes.get(billing.documentTypeId as number) ?? '', documentNumber: billing.documentNumber as string };
    const customerIds = await this.orders.customerIdsByDocument([serviceDocument, billingDocument]);
    const customerOf = (d: typeof serviceDocument) => customerIds.get(documentKey(d.documentTypeCode, d.documentNumber)) ?? null;
    const block = licenceBlock(
      await this.held(customerOf(serviceDocument), serviceId),
      lines.some((l) => BASE_TYPES.has(l.record.packageType.packageTypeCode)),
      now,
      await this.minDaysToRenew(),
    );
    if (block)
      throw new BusinessRuleError(block.message, [{ field: 'body.customerService', code: block.code, description: block.message }], responseData(block));

    const taxes = await this.taxRules.compute({
      lines: priced.map(({ line }, i) => ({ total: line.total, ivaRate: (lines[i] as CatalogueLine).taxIva, kind: 'SOFTWARE_LICENCE' as const })),
      buyer: await this.taxProfile(customerOf(billingDocument), billing.personType),
      date: now,
    });
    return { appName, body, buyer, serviceId, lines, priced, totals, taxes, applied, documentCodes };
  }

  /** The cart priced from the catalogue; a package the store does not sell here is a 422. */
  private async priced(appName: string, body: RegisterRequest, customerId: number | null) {
    try {
      const items = body.packagesToPurchase.map((p) => ({ packageId: p.packageId, quantity: p.packageQuantity, packageCode: p.packageCode }));
      return await this.catalogue.lines(appName, items, customerId);
    } catch (error) {
      if (error instanceof UnavailablePackage)
        throw new BusinessRuleError(error.message, [{ field: `body.packagesToPurchase[${error.index}]`, description: error.message }]);
      throw error;
    }
  }

  /** The activation customer's licences of the service (none when it is not a customer yet). */
  private async held(customerId: number | null, serviceId: number): Promise<HeldLicence[]> {
    if (customerId === null) return [];
    const page = await this.licences.list({ offset: 0, limit: MAX_LICENCES, filter: { customerId, serviceId } });
    const types = new Map((await this.packages.types()).map((t) => [t.id, t.packageTypeCode]));
    return Promise.all(
      page.items.map(async (l) => ({
        state: l.state,
        expiresAt: l.expiresAt,
        base: l.packageId === null || BASE_TYPES.has(types.get((await this.packages.view(l.packageId)).pkg.packageTypeId as 1 | 2 | 3) ?? ''),
      })),
    );
  }

  /** The billing company's tax profile (its record: large taxpayer, withholding agent, municipality), or a new buyer's by its person type. */
  private taxProfile(customerId: number | null, personType: string | null | undefined): Promise<TaxProfile> | TaxProfile {
    return customerId === null ? defaultTaxProfile(personType === 'J' ? 'J' : 'N') : this.customers.taxProfile(customerId);
  }

  /**
   * The parameter MinDaysToRenewLicense ({"type":"number","value":30}); 30 when absent or
   * unreadable. Kept parsed under the parameters' topic: an absent parameter is not an error
   * built on every order.
   */
  private minDaysToRenew(): Promise<number> {
    return this.cache.value('parameters', 'order:MinDaysToRenewLicense', async () => {
      try {
        const value = parseParameterValue((await this.reference.systemParameter('MinDaysToRenewLicense')).parameterValue);
        return value?.type === 'number' && value.value >= 0 ? value.value : DEFAULT_MIN_DAYS_TO_RENEW;
      } catch (error) {
        if (error instanceof NotFoundError) return DEFAULT_MIN_DAYS_TO_RENEW;
        throw error;
      }
    });
  }

  /**
   * A paid order without a promotion code is one statement (`saveAtOnce`); a code's use, a free
   * plan's activation, or a key held by a request of the other kind take the transaction.
   */
  private async save(prepared: Prepared, key: string | undefined, print: string, now: Date) {
    if (!prepared.applied && prepared.body.paymentMethod !== 'SIN_PAGO') {
      const saved = await this.saveAtOnce(prepared, key, print, now);
      if (saved) return saved;
    }
    return this.saveInTransaction(prepared, key, print, now);
  }

  /**
   * The key's answer, the order with its history and lines, and the buyer's e-mail in one
   * statement outside any transaction (the order's id taken ahead, OrderIds): nothing is written
   * unless the key's answer was, and the unique key decides a double click (the statement waits
   * for the request holding the key, then writes nothing and this one replays its answer). Null
   * when this path cannot decide: the transaction then does.
   */
  private async saveAtOnce(prepared: Prepared, key: string | undefined, print: string, now: Date) {
    const id = await this.orderIds.next();
    const { order, orderLines, by } = this.newOrder(prepared, id, now);
    const records = this.response(prepared, { ...order, id });
    const mailPart = await this.mail.sendPart(await this.placedMail(prepared, order, records, id), 'o');
    if (!mailPart) return null;
    const inserted = await this.orders.insertOrderAtOnce(
      { ...order, id },
      orderLines,
      { changedBy: by },
      key ? { key, fingerprint: print, response: records } : null,
      mailPart,
    );
    if (inserted !== null) return { replayed: false, records };
    const known = key ? await this.orders.knownKey(key) : null;
    return known ? this.replay(known, print) : null;
  }

  /**
   * One transaction: the key's claim (one statement, which also takes the order's id), the code's
   * use (conditional update), the order with its lines, history, the key's answer and the
   * buyer's e-mail with its outbox event (one statement; the e-mail is a statement of its own when
   * the answer is known only after the insert).
   */
  private saveInTransaction(prepared: Prepared, key: string | undefined, print: string, now: Date) {
    const { body, applied } = prepared;
    return this.em.transactional(async (em) => {
      // Orders, their lines, keys, code uses and mail are behind no cache topic; a free plan's activation writes customers (packageLists).
      if (body.paymentMethod !== 'SIN_PAGO') this.cache.writesNoCachedTable(em);
      let orderId: number | null = null;
      if (key) {
        const claim = await this.orders.claimKey(key);
        if (!claim.locked) throw new ConflictError(ORDER_MESSAGES.keyInFlight);
        if (claim.known) return this.replay(claim.known, print);
        orderId = claim.orderId;
      }
      if (applied && !(await this.orders.claimUse(applied.terms.id, applied.period.start, applied.terms.useQuantity))) {
        throw promoRefused(new PromoRefusal(applied.period.monthly ? 'PROMO_MONTH_EXHAUSTED' : 'PROMO_EXHAUSTED'));
      }
      const { order, orderLines, by } = this.newOrder(prepared, orderId, now);
      // The answer is final before the insert when the id is known and nothing follows the registration: then the key keeps it in the same statement.
      const final = orderId !== null && order.paymentMethod !== 'SIN_PAGO';
      let records = final ? this.response(prepared, { ...order, id: orderId as number }) : null;
      // The buyer's copy of the order, queued with it (cash: '...se ha enviado la orden de pedido a tu correo'):
      // in the order's own statement when its answer is known before it.
      const mailPart = final && records ? await this.mail.sendPart(await this.placedMail(prepared, order, records, orderId as number)) : null;
      let inserted: { id: number; keyed: boolean };
      try {
        inserted = await this.orders.insertOrder(
          order,
          orderLines,
          { changedBy: by },
          key && records ? { key, fingerprint: print, response: records } : null,
          mailPart ?? undefined,
        );
      } catch (error) {
        // The customer's other order with this code committed meanwhile (partial unique index).
        if (applied && (error instanceof UniqueConstraintViolationException || (error as { code?: string }).code === '23505'))
          throw promoRefused(new PromoRefusal('PROMO_ALREADY_USED'));
        throw error;
      }
      if (key && records && !inserted.keyed) throw new KeyRecordedMeanwhile();
      const saved = { ...order, id: inserted.id };
      records ??= this.response(prepared, saved);
      // A free plan (SIN_PAGO) has nothing to wait for: it is paid and activated with its registration.
      if (order.paymentMethod === 'SIN_PAGO') {
        if (!(await this.orders.transition(order.referenceUuid, 'REGISTERED', 'PAID', by, 'Plan sin pago', now)))
          throw new Error('A new order left REGISTERED');
        await this.publishMove(em, await this.get(order.referenceUuid), 'PAID', by, 'Plan sin pago', now);
        const { customerId } = await this.activate(order.referenceUuid, saved.id, by, now);
        // The activation check (store §4): a company that can already sign in is told so (OK16) instead of the status page.
        const active = order.checkUserActivation && customerId !== null && (await this.users.hasActiveAccount(customerId));
        records = { ...records, state: 'ACTIVATED', ...(active ? { code: ACTIVE_ACCOUNT_CODE, statusMessage: ORDER_MESSAGES.activeAccount } : {}) };
      }
      if (!mailPart) await this.mail.send(em, await this.placedMail(prepared, order, records, saved.id));
      if (key && !final && !(await this.orders.recordKey(key, print, saved.id, records, now))) throw new KeyRecordedMeanwhile();
      return { replayed: false, records };
    });
  }

  /** The order's row and lines as registered, from what `prepare` computed. */
  private newOrder(prepared: Prepared, id: number | null, now: Date): { order: NewOrder; orderLines: NewOrderLine[]; by: string } {
    const { body, applied, taxes, totals, priced, lines } = prepared;
    const state: OrderState = body.paymentMethod === 'EFECTIVO' ? 'AWAITING_CASH_PROOF' : 'REGISTERED';
    const by = prepared.buyer.customerId ? `cliente:${prepared.buyer.customerId}` : 'tienda';
    const order: NewOrder = {
      id,
      referenceUuid: randomUUID(),
      appName: prepared.appName,
      serviceId: prepared.serviceId,
      state,
      paymentMethod: body.paymentMethod,
      customerBilling: body.customerBilling,
      customerService: body.customerService,
      buyerEmail: (body.customerBilling.email as string).trim().toLowerCase(),
      buyerCustomerId: prepared.buyer.customerId,
      userRegisterPurchase: body.userRegisterPurchase ?? null,
      additionalInfo: body.additionalInfo ?? null,
      promotionalCodeId: applied?.terms.id ?? null,
      promoPeriodStart: applied?.period.start ?? null,
      subTotal: moneyColumn(totals.subtotal),
      totalDiscount: moneyColumn(totals.discount),
      taxIva: moneyColumn(taxes.taxIva),
      taxReteIva: moneyColumn(taxes.taxReteIva),
      taxReteIca: moneyColumn(taxes.taxReteIca),
      taxReteFuente: moneyColumn(taxes.taxReteFuente),
      total: moneyColumn(taxes.total),
      sendEmailActivationLicense: body.sendEmailActivationLicense ?? false,
      checkUserActivation: body.checkUserActivation ?? false,
      createdAt: now,
    };
    const orderLines: NewOrderLine[] = priced.map(({ line }, i) => {
      const input = lines[i] as CatalogueLine;
      return {
        packageId: input.packageId,
        packageCode: input.record.packageCode,
        packageName: input.record.packageName,
        packageTypeId: input.record.packageTypeId,
        quantity: input.number,
        employee: input.employee === true,
        price: moneyColumn(new Decimal(String(input.price))),
        ivaRate: moneyColumn(new Decimal(String(input.taxIva))),
        unitPrice: moneyColumn(line.base),
        gross: moneyColumn(line.gross),
        offerDiscount: moneyColumn(line.offerDiscount),
        promoDiscount: moneyColumn(line.promoDiscount),
        discount: moneyColumn(line.discount),
        newBase: moneyColumn(line.newBase),
        ivaValue: moneyColumn(line.ivaValue),
        total: moneyColumn(line.total),
        snapshot: input.record as unknown as Record<string, unknown>,
      };
    });
    return { order, orderLines, by };
  }

  /** The buyer's copy of a registered order. */
  private async placedMail(prepared: Prepared, order: NewOrder, records: OrderResponse, orderId: number): Promise<MailInput> {
    const message = mailTemplates.orderPlaced(await this.mail.brandName(prepared.appName), {
      reference: records.paymentRequest.fullReference,
      total: formatMoney(order.total),
      paymentMethod: PAYMENT_METHOD_LABELS[order.paymentMethod],
      summaryUrl: this.mail.brandUrl(prepared.appName, `/summaryorder/${order.referenceUuid}`),
    });
    return { ...message, appName: prepared.appName, to: order.buyerEmail, dedupeKey: `order-placed:${orderId}` };
  }

  private response(prepared: Prepared, order: NewOrder & { id: number }): OrderResponse {
    const { body, lines, priced, documentCodes } = prepared;
    const serviceName = lines[0]?.record.services.find((s) => s.serviceId === prepared.serviceId)?.serviceName ?? prepared.appName;
    const documentType = documentCodes.get(body.customerService.documentTypeId as number) ?? '';
    const documentNumber = (body.customerService.documentNumber as string).replace(/\s+/g, '');
    // An online order goes on to its brand's gateway with a signed checkout link (store §4 "Online").
    const session =
      order.paymentMethod === 'EN_LINEA'
        ? this.checkout.session({ referenceUuid: order.referenceUuid, appName: order.appName, documentType, documentNumber })
        : { token: null, paymentGateway: null, epaycoPaymentCode: null, checkoutUrl: null };
    return {
      ...session,
      referenceUuid: order.referenceUuid,
      code: 'OK01',
      statusMessage: order.state === 'AWAITING_CASH_PROOF' ? ORDER_MESSAGES.cashRegistered : ORDER_MESSAGES.registered,
      state: order.state,
      paymentMethod: order.paymentMethod,
      documentType,
      documentNumber,
      customerBillingDocumentType: documentCodes.get(body.customerBilling.documentTypeId as number) ?? '',
      paymentRequest: {
        fullReference: `OC-${order.id}`,
        redirectionUrl: `/registerPurchaseOrder/statusOrder/${order.referenceUuid}`,
        subTotal: moneyOut(order.subTotal),
        totalDiscount: moneyOut(order.totalDiscount),
        taxIva: moneyOut(order.taxIva),
        taxReteIva: moneyOut(order.taxReteIva),
        taxReteIca: moneyOut(order.taxReteIca),
        taxReteFuente: moneyOut(order.taxReteFuente),
        total: moneyOut(order.total),
        service: serviceName,
        productsList: priced.map(({ line }, i) => ({
          reference: (lines[i] as CatalogueLine).record.packageCode,
          quantity: (lines[i] as CatalogueLine).number,
          unitPrice: moneyOut(line.base),
        })),
      },
    };
  }

  /**
   * Moves an order from `from` to `to` (payments: REGISTERED → PAID online, AWAITING_CASH_PROOF →
   * PAID or REJECTED for cash). A conditional update decides: of two concurrent moves from the
   * same state one wins, the other gets 409. A rejected or cancelled order gives its code's use
   * back. A move to PAID activates the order in the same transaction (joining the caller's):
   * its licences are granted, the activation e-mail queued, and it ends in ACTIVATED.
   */
  async transition(referenceUuid: string, from: OrderState, to: OrderState, by: string, reason: string | null = null, now = new Date()): Promise<OrderView> {
    if (!ORDER_TRANSITIONS[from].includes(to)) throw new BusinessRuleError(`La orden no puede pasar de ${from} a ${to}.`);
    return this.em.transactional(async (em) => {
      const moved = await this.orders.transition(referenceUuid, from, to, by, reason, now);
      if (!moved) throw new ConflictError(`La orden ${referenceUuid} no está en el estado ${from}.`);
      if ((to === 'REJECTED' || to === 'CANCELLED') && moved.promotionalCodeId !== null && moved.promoPeriodStart) {
        await this.orders.releaseUse(moved.promotionalCodeId, moved.promoPeriodStart);
      }
      const order = await this.get(referenceUuid);
      await this.publishMove(em, order, to, by, reason, now);
      if (to !== 'PAID') return order;
      await this.activate(referenceUuid, moved.id, by, now);
      return this.get(referenceUuid);
    });
  }

  /** PAID → ACTIVATED with the licences granted, in the transaction that marked it paid. */
  private async activate(referenceUuid: string, orderId: number, by: string, now: Date): Promise<Activation> {
    const activation = await this.activation.activate(orderId, by, now);
    const reason = activation.licenceIds.length ? `Licencias otorgadas: ${activation.licenceIds.join(', ')}`.slice(0, 300) : 'Sin licencias que otorgar';
    if (!(await this.orders.transition(referenceUuid, 'PAID', 'ACTIVATED', by, reason, now)))
      throw new ConflictError(`La orden ${referenceUuid} no está en el estado PAID.`);
    return activation;
  }

  /** Order paid and payment rejected go to the outbox in the move's transaction (e-mails, partner webhooks). */
  private async publishMove(em: EntityManager, order: OrderView, to: OrderState, by: string, reason: string | null, now: Date): Promise<void> {
    const data = {
      referenceUuid: order.referenceUuid,
      appName: order.appName,
      serviceId: order.serviceId,
      paymentMethod: order.paymentMethod,
      total: order.total,
      by,
    };
    if (to === 'PAID') await this.outbox.publish(em, { type: 'order.paid', data }, now);
    if (to === 'REJECTED') await this.outbox.publish(em, { type: 'payment.rejected', data: { ...data, reason } }, now);
  }

  /**
   * Deletes the Idempotency-Key records older than ORDER_KEY_RETENTION_HOURS in batches (a key
   * only has to outlive a submission's retries; the order stays). Answers how many it deleted.
   */
  async purgeIdempotencyKeys(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - ORDER_KEY_RETENTION_HOURS * 3_600_000);
    let purged = 0;
    for (;;) {
      const batch = await this.em.transactional(() => this.orders.purgeKeys(cutoff, PURGE_BATCH));
      purged += batch;
      if (batch < PURGE_BATCH) return purged;
    }
  }

  /** GetStatusPurchaseOrder: the order's payment status for its brand's status page (another brand's order is 404, as a missing one). */
  async status(referenceUuid: string, appName: string): Promise<OrderStatus> {
    const order = await this.get(referenceUuid);
    if (order.appName !== appName.toLowerCase()) throw new NotFoundError(ORDER_NOT_FOUND_MESSAGE);
    return orderStatus(order, this.activation.appUrl(order.appName));
  }

  /** An order by its reference (404 'La orden de compra no existe'). */
  async get(referenceUuid: string): Promise<OrderView> {
    const order = await this.em.findOne(PurchaseOrder, { referenceUuid });
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND_MESSAGE);
    return toView(order);
  }

  /** An order by its number, as `OC-{id}` names it outside (404 'La orden de compra no existe', also for a number no order can have). */
  async getById(id: number): Promise<OrderView> {
    const order = Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647 ? await this.em.findOne(PurchaseOrder, { id }) : null;
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND_MESSAGE);
    return toView(order);
  }

  /**
   * The order, its row locked until the caller's transaction ends (call it inside one): what is
   * done with an order meanwhile (a cash proof stored) and a concurrent `transition` are ordered.
   */
  async lock(referenceUuid: string): Promise<OrderView> {
    const order = await this.em.findOne(PurchaseOrder, { referenceUuid }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND_MESSAGE);
    return toView(order);
  }

  /** The packages of an order with the figures stored when it was registered, in the cart's order (the purchase summary). */
  async lines(orderId: number): Promise<OrderLineView[]> {
    return (await this.orders.lines(orderId)).map(({ id: _lineId, ...line }) => line);
  }

  /**
   * The companies an order belongs to: the signed-in buyer's and the customers of its billing and
   * activation documents (a visitor who is a customer bought for its own company).
   */
  async ownerCustomerIds(referenceUuid: string): Promise<number[]> {
    const order = await this.em.findOne(PurchaseOrder, { referenceUuid });
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND_MESSAGE);
    const codes = new Map((await this.reference.documentTypes()).records.map((d) => [d.id, d.documentTypeCode]));
    const owners = new Set<number>();
    if (order.buyerCustomerId !== null && order.buyerCustomerId !== undefined) owners.add(order.buyerCustomerId);
    for (const who of [order.customerBilling, order.customerService]) {
      const code = codes.get(who.documentTypeId as number);
      const id = code && who.documentNumber ? await this.orders.customerIdByDocument(code, who.documentNumber) : null;
      if (id !== null) owners.add(id);
    }
    return [...owners];
  }
}

function toView(order: PurchaseOrder): OrderView {
  return {
    id: order.id,
    referenceUuid: order.referenceUuid,
    appName: order.appName,
    serviceId: order.serviceId,
    state: order.state,
    paymentMethod: order.paymentMethod,
    subTotal: order.subTotal,
    totalDiscount: order.totalDiscount,
    taxIva: order.taxIva,
    taxReteIva: order.taxReteIva,
    taxReteIca: order.taxReteIca,
    taxReteFuente: order.taxReteFuente,
    total: order.total,
  };
}

/** A code refused at registration: 422 with the reason's text (the order is not registered). */
function promoRefused(refusal: PromoRefusal): BusinessRuleError {
  return new BusinessRuleError(refusal.message, [{ field: 'body.promotionCodeUse', code: refusal.reason, description: refusal.message }]);
}
