import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import { CustomerService } from '../customer/customer.service.js';
import { CREATE_PASSWORD_PATH, CustomerAccessService, PASSWORD_LINK_HOURS } from '../identity/customer-access.service.js';
import { LicenceService } from '../licence/licence.service.js';
import { MailService } from '../mail/mail.service.js';
import { mailTemplates } from '../mail/mail.types.js';
import { lineGrant, lineOrigin } from './order-activation.rules.js';
import { OrderRepository } from './order.repository.js';

/** What an activation granted. */
export interface Activation {
  /** Null when nothing was granted (no line holds a feature of the service). */
  customerId: number | null;
  licenceIds: number[];
}

/**
 * Turns a paid order into licences (issue 13 item 3), inside the transaction that marks it paid
 * (OrderService.transition): the activation customer (created from the order's activation data
 * when new), one licence per order line through LicenceService.grant (origin ORDER_LINE, the line
 * as reference, so a line is never granted twice), and the activation e-mail with the app's URL,
 * queued in the outbox with the order as dedupe key.
 */
@Injectable()
export class OrderActivation {
  private readonly logger = new Logger('OrderActivation');

  constructor(
    private readonly em: EntityManager,
    private readonly orders: OrderRepository,
    private readonly licences: LicenceService,
    private readonly customers: CustomerService,
    private readonly mail: MailService,
    private readonly access: CustomerAccessService,
  ) {}

  /** Where the customer uses what was granted: the brand's My Plan (the store's external-app button and e-mail link). */
  appUrl(appName: string): string {
    return this.mail.brandUrl(appName, '/myplan');
  }

  /** Grants the order's licences and queues the e-mail; call it inside the transaction that moved the order to PAID. */
  async activate(orderId: number, by: string, now: Date): Promise<Activation> {
    if (!this.em.isInTransaction()) throw new Error('OrderActivation.activate needs the transaction that marks the order paid');
    const order = await this.orders.activationOf(orderId);
    if (!order) throw new Error(`Order ${orderId} does not exist`);
    const grants = order.lines.flatMap((line) => {
      const grant = lineGrant(line, order.serviceId);
      if (grant) return [{ line, grant }];
      this.logger.warn(
        `Order line grants nothing: its package holds no feature of the service ${JSON.stringify({ order: order.referenceUuid, line: line.id })}`,
      );
      return [];
    });
    const customerId = grants.length ? await this.customers.ensureFromPurchase(order.customerService, by) : null;
    const licenceIds: number[] = [];
    for (const { line, grant } of grants) {
      const licence = await this.licences.grant(
        {
          customerId: customerId as number,
          serviceId: order.serviceId,
          packageId: line.packageId,
          features: grant.features,
          validity: grant.validity,
          origin: 'ORDER_LINE',
          originReference: lineOrigin(order.id, line.id),
          effectiveAt: now,
          purchaseDate: now,
          createdBy: by.slice(0, 100),
        },
        now,
      );
      licenceIds.push(licence.id);
    }
    const granted = [...new Set(grants.map((g) => g.line.packageName))];
    const to = order.customerService.email?.trim() || order.buyerEmail;
    // A company without a user gets one, and the e-mail its 'Crea tu contraseña' link.
    const access = customerId === null ? null : await this.access.grantCustomerAccess({ customerId, email: to, customer: order.customerService });
    const message = mailTemplates.activation(await this.mail.brandName(order.appName), {
      appUrl: this.appUrl(order.appName),
      productName: granted.join(', ') || (await this.mail.brandName(order.appName)),
      ...(access && {
        password: {
          url: `${this.mail.brandUrl(order.appName, CREATE_PASSWORD_PATH)}#${access.token}`,
          userName: access.userName,
          validHours: PASSWORD_LINK_HOURS,
        },
      }),
    });
    await this.mail.send(this.em, { ...message, appName: order.appName, to, dedupeKey: `order-activated:${order.id}` });
    return { customerId, licenceIds };
  }
}
