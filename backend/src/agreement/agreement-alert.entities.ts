import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { Licence, LicenceBalance } from '../licence/licence.entities.js';
import { Agreement, AgreementService } from './agreement.entities.js';

/**
 * A consumption alert of an agreement (issue 23 item 6): a bag (licence balance) of one of its
 * contracted services found by the alert sweep at or above the agreement's alert percentage. At
 * most one alert per bag is open (the partial unique index): the sweep inserts with ON CONFLICT DO
 * NOTHING, so one crossing gives one alert and one e-mail per recipient whatever the number of
 * instances. The sweep closes it (re-arms the bag) once the bag is below the threshold again, its
 * total changed (a new grant or adjustment) or the agreement's percentage changed.
 */
export const AgreementAlert = defineEntity({
  name: 'AgreementAlert',
  tableName: 'agreement_alert',
  uniques: [
    {
      name: 'agreement_alert_open_balance_unique',
      expression: 'create unique index "agreement_alert_open_balance_unique" on "agreement_alert" ("balance_id") where "open"',
    },
  ],
  indexes: [{ name: 'agreement_alert_agreement_index', properties: ['agreementId', 'crossedAt'] }],
  checks: [{ name: 'agreement_alert_threshold_check', expression: 'threshold >= 1 and threshold <= 100' }],
  properties: {
    id: p.integer().primary().autoincrement(),
    agreementId: () => p.manyToOne(Agreement).mapToPk().fieldName('agreement_id'),
    agreementServiceId: () => p.manyToOne(AgreementService).mapToPk().fieldName('agreement_service_id').index(),
    licenceId: () => p.manyToOne(Licence).mapToPk().fieldName('licence_id').index(),
    balanceId: () => p.manyToOne(LicenceBalance).mapToPk().fieldName('balance_id').index(),
    packageCode: p.string().length(50).nullable(),
    serviceFeatureCode: p.string().length(50),
    /** The agreement's alert percentage when it was crossed. */
    threshold: p.integer(),
    used: p.integer(),
    total: p.integer(),
    percentageUsed: p.decimal('string').precision(5).scale(2),
    crossedAt: p.datetime(),
    /** The addresses told (the supervisor's and the commercial manager's), lower-case. */
    recipients: p.json<string[]>(),
    /** The mail_message rows queued for it (sent when all of them are SENT). */
    mailIds: p.json<number[]>(),
    open: p.boolean().default(true),
    closedAt: p.datetime().nullable(),
  },
});
export type AgreementAlert = InferEntity<typeof AgreementAlert>;

export const AGREEMENT_ALERT_ENTITIES = [AgreementAlert];
