/**
 * Domain events (DESIGN.md, "Events after commit"): what happened, written to the outbox by the
 * transaction that made it happen (OutboxService.publish) and handled after commit by e-mail,
 * partner webhooks and whatever else subscribes to its type. The payload is what partners
 * receive as `data` (api/partners, WebhookEvent), so it holds no personal data beyond the
 * customer's document, which partners already use to read balances.
 */
export interface OrderEventData {
  referenceUuid: string;
  appName: string;
  serviceId: number;
  paymentMethod: string;
  /** Numeric text, two decimals. */
  total: string;
  /** Who moved the order (a gateway, a staff user's name, the system). */
  by: string;
}

export interface LicenceGrantedData {
  licenceId: number;
  /** The brand of the licence's service (null: none, then no partner is told). */
  appName: string | null;
  serviceId: number;
  packageCode: string | null;
  customer: { documentType: string | null; documentNumber: string };
  origin: string;
  originReference: string;
  effectiveAt: string;
  expiresAt: string | null;
  features: { serviceFeatureCode: string; quantity: number | null; unlimited: boolean }[];
}

/** A bag of an agreement reached its alert percentage (once per bag and crossing: agreement_alert). */
export interface BalanceThresholdReachedData {
  /** The brand of the agreement's service (null: none, then no partner is told). */
  appName: string | null;
  agreementId: number;
  contractNumber: string;
  customer: { documentType: string | null; documentNumber: string };
  licenceId: number;
  packageCode: string | null;
  serviceFeatureCode: string;
  threshold: number;
  used: number;
  total: number;
  percentageUsed: number;
  crossedAt: string;
  /** The agreement_alert row: one event per alert. */
  alertId: number;
}

export type DomainEvent =
  | { type: 'order.paid'; data: OrderEventData }
  | { type: 'payment.rejected'; data: OrderEventData & { reason: string | null } }
  | { type: 'licence.granted'; data: LicenceGrantedData }
  | { type: 'balance.threshold_reached'; data: BalanceThresholdReachedData };

/** The outbox dedupe key: an order is paid or rejected once, a licence granted once, an alert raised once. */
export function domainEventKey(event: DomainEvent): string {
  switch (event.type) {
    case 'order.paid':
    case 'payment.rejected':
      return `order:${event.data.referenceUuid}`;
    case 'licence.granted':
      return `licence:${event.data.licenceId}`;
    case 'balance.threshold_reached':
      return `agreement-alert:${event.data.alertId}`;
  }
}
