import { AGREEMENT_ALERT_ENTITIES } from '../agreement/agreement-alert.entities.js';
import { AGREEMENT_ENTITIES } from '../agreement/agreement.entities.js';
import { CustomerDocument } from '../customer/customer-document.view.js';
import { Customer } from '../customer/customer.entity.js';
import { FeatureType } from '../feature/feature-type.entity.js';
import { ServiceFeatureBrand } from '../feature/service-feature-brand.view.js';
import { ServiceFeature } from '../feature/service-feature.entity.js';
import { IDENTITY_ENTITIES } from '../identity/identity.entities.js';
import { LICENCE_ENTITIES } from '../licence/licence.entities.js';
import { MAIL_ENTITIES } from '../mail/mail.entities.js';
import { ORDER_ENTITIES } from '../order/order.entities.js';
import { OUTBOX_ENTITIES } from '../outbox/outbox.entities.js';
import { WEBHOOK_ENTITIES } from '../partner/webhook.entities.js';
import { PAYMENT_ENTITIES } from '../payment/payment.entities.js';
import { PAYMENT_SUPPORT_ENTITIES } from '../payment-support/payment-support.entities.js';
import { CASH_PAYMENT_ENTITIES } from '../cash-payment/cash-payment.entities.js';
import { PACKAGE_ENTITIES } from '../package/package.entity.js';
import { PARTNER_ENTITIES } from '../partner/consumption.entity.js';
import { PROMO_CODE_ENTITIES } from '../promo-code/promo-code.entity.js';
import { REFERENCE_ENTITIES } from '../reference/reference.entities.js';
import { Service, ServiceType } from '../service/service.entity.js';
import { TAX_ENTITIES } from '../tax/tax-parameter.entity.js';
import { TRIAL_ENTITIES } from '../trial/trial.entities.js';
import { REPORT_ENTITIES } from '../report/report.entities.js';

/** Every entity of the application; migrations are generated from this list. */
export const ENTITIES = [
  ...REFERENCE_ENTITIES,
  ...IDENTITY_ENTITIES,
  Customer,
  ServiceType,
  Service,
  FeatureType,
  ServiceFeature,
  // Read-only views the owning domains publish to others.
  CustomerDocument,
  ServiceFeatureBrand,
  ...PACKAGE_ENTITIES,
  ...PROMO_CODE_ENTITIES,
  ...PARTNER_ENTITIES,
  ...LICENCE_ENTITIES,
  ...OUTBOX_ENTITIES,
  ...WEBHOOK_ENTITIES,
  ...MAIL_ENTITIES,
  ...TAX_ENTITIES,
  ...ORDER_ENTITIES,
  ...PAYMENT_ENTITIES,
  ...PAYMENT_SUPPORT_ENTITIES,
  ...TRIAL_ENTITIES,
  ...CASH_PAYMENT_ENTITIES,
  ...AGREEMENT_ENTITIES,
  ...AGREEMENT_ALERT_ENTITIES,
  ...REPORT_ENTITIES,
];
