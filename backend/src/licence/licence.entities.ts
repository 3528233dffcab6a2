import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { Customer } from '../customer/customer.entity.js';
import { ServiceFeature } from '../feature/service-feature.entity.js';
import { Package } from '../package/package.entity.js';
import { Service } from '../service/service.entity.js';
import { LICENCE_ORIGINS, LICENCE_STATES, MOVEMENT_KINDS, type PackageSnapshot } from './licence.types.js';

/**
 * What a customer holds of a service (DESIGN.md, "The commerce and licensing core"). Granted once
 * per origin reference (the order line, trial, agreement line or manual addition that caused it).
 */
export const Licence = defineEntity({
  name: 'Licence',
  tableName: 'licence',
  uniques: [{ name: 'licence_origin_unique', properties: ['origin', 'originReference'] }],
  indexes: [{ name: 'licence_customer_service_index', properties: ['customerId', 'serviceId'] }],
  checks: [{ name: 'licence_validity_check', expression: 'expires_at is null or expires_at > effective_at' }],
  properties: {
    id: p.integer().primary().autoincrement(),
    customerId: () => p.manyToOne(Customer).mapToPk().fieldName('customer_id'),
    serviceId: () => p.manyToOne(Service).mapToPk().fieldName('service_id').index(),
    packageId: () => p.manyToOne(Package).mapToPk().fieldName('package_id').nullable().index(),
    /** The package and its features as they were when granted (the catalogue may change later). */
    packageSnapshot: p.json<PackageSnapshot>(),
    origin: p.enum(LICENCE_ORIGINS),
    originReference: p.string().length(100),
    contractNumber: p.string().length(100).nullable(),
    effectiveAt: p.datetime(),
    /** Null: no end (validity type I). */
    expiresAt: p.datetime().nullable().index(),
    purchaseDate: p.datetime(),
    state: p.enum(LICENCE_STATES),
    createdBy: p.string().length(100),
    createdAt: p.datetime(),
    version: p.integer().version(),
    /** Contract number, origin reference and package without accents, lower-case: what `q` searches. */
    searchText: p
      .text()
      .generated(
        `(immutable_unaccent(lower("origin_reference" || ' ' || coalesce("contract_number", '') || ' ' || coalesce("package_snapshot" ->> 'packageCode', '') || ' ' || coalesce("package_snapshot" ->> 'packageName', '')))) stored`,
      )
      .nullable()
      .lazy()
      .hidden(),
  },
});
export type Licence = InferEntity<typeof Licence>;

/**
 * A price per transaction between two counts of a licence. Ranges of one licence never overlap:
 * the service refuses it with the spec's messages, and an exclusion constraint (GiST on
 * int4range; `=` on the one-value range of the licence id avoids the btree_gist extension)
 * decides what two concurrent edits could slip past the check. The constraint is written in the
 * migration only: MikroORM's schema diff cannot read exclusion constraints back.
 */
export const LicenceTransactionRange = defineEntity({
  name: 'LicenceTransactionRange',
  tableName: 'licence_transaction_range',
  checks: [
    { name: 'licence_transaction_range_bounds_check', expression: 'range_minimum >= 1 and range_minimum <= range_maximum and range_maximum <= 999999999' },
    { name: 'licence_transaction_range_price_check', expression: 'range_price >= 0' },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    licenceId: () => p.manyToOne(Licence).mapToPk().fieldName('licence_id').deleteRule('cascade'),
    rangeMinimum: p.integer(),
    rangeMaximum: p.integer(),
    rangePrice: p.decimal('string').precision(20).scale(2),
  },
});
export type LicenceTransactionRange = InferEntity<typeof LicenceTransactionRange>;

/**
 * A bag (bolsa): what a licence holds of one feature. Each counter is the sum of its movements:
 * total of GRANT and ADJUSTMENT, used of CONSUMPTION minus REVERSAL, expired of EXPIRY. It is
 * written only by the statement that appends the movement (licence.repository.ts).
 */
export const LicenceBalance = defineEntity({
  name: 'LicenceBalance',
  tableName: 'licence_balance',
  uniques: [{ name: 'licence_balance_feature_unique', properties: ['licenceId', 'serviceFeatureId'] }],
  checks: [
    { name: 'licence_balance_counters_check', expression: 'total >= 0 and used >= 0 and expired >= 0' },
    { name: 'licence_balance_no_overdraw_check', expression: 'unlimited or used + expired <= total' },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    licenceId: () => p.manyToOne(Licence).mapToPk().fieldName('licence_id'),
    serviceFeatureId: () => p.manyToOne(ServiceFeature).mapToPk().fieldName('service_feature_id').index(),
    unlimited: p.boolean(),
    total: p.integer(),
    used: p.integer(),
    expired: p.integer(),
    lastUsedAt: p.datetime().nullable(),
    /** Set by the EXPIRY movement: nothing more is drawn from it. */
    closedAt: p.datetime().nullable(),
  },
});
export type LicenceBalance = InferEntity<typeof LicenceBalance>;

/**
 * The append-only ledger: the only way a balance changes. A trigger refuses UPDATE and DELETE; a
 * movement is reversed at most once (unique `reverses_id`).
 */
export const LicenceMovement = defineEntity({
  name: 'LicenceMovement',
  tableName: 'licence_movement',
  indexes: [
    // With the id: the history and the exports read a bag's (a licence's) newest or oldest rows by
    // (occurred_at, id) straight from the index; without it each page sorted every row in range.
    { name: 'licence_movement_balance_occurred_index', properties: ['balanceId', 'occurredAt', 'id'] },
    { name: 'licence_movement_licence_occurred_index', properties: ['licenceId', 'occurredAt', 'id'] },
  ],
  triggers: [
    {
      name: 'licence_movement_no_update_delete',
      timing: 'before',
      events: ['update', 'delete'],
      forEach: 'row',
      body: `raise exception 'licence_movement is append-only: % refused', tg_op using errcode = '55000';`,
    },
  ],
  checks: [
    { name: 'licence_movement_quantity_check', expression: 'quantity >= 0' },
    { name: 'licence_movement_reversal_check', expression: `(kind = 'REVERSAL') = (reverses_id is not null)` },
  ],
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    balanceId: () => p.manyToOne(LicenceBalance).mapToPk().fieldName('balance_id'),
    licenceId: () => p.manyToOne(Licence).mapToPk().fieldName('licence_id'),
    kind: p.enum(MOVEMENT_KINDS),
    quantity: p.integer(),
    occurredAt: p.datetime(),
    recordedAt: p.datetime(),
    reference: p.string().length(200).nullable(),
    /** The transaction-range price per unit that applied to a consumption. */
    unitPrice: p.decimal('string').precision(20).scale(2).nullable(),
    reversesId: () => p.manyToOne(LicenceMovement).mapToPk().fieldName('reverses_id').nullable().unique('licence_movement_reverses_unique'),
    createdBy: p.string().length(100),
  },
});
export type LicenceMovement = InferEntity<typeof LicenceMovement>;

/**
 * The ledger summed per bag and Bogotá day, written by a statement trigger on licence_movement
 * (migration licence_daily_use) in the movement's own transaction: it can never disagree with the
 * ledger, whatever writes the movements (the group commit, a reversal, the expiry job, a seed). The
 * dashboards count a range's movements and the reports chart use from it instead of scanning them.
 */
export const LicenceDailyUse = defineEntity({
  name: 'LicenceDailyUse',
  tableName: 'licence_daily_use',
  // The reports' Excel reads every bag's days of a window in (day, bag) order.
  indexes: [{ name: 'licence_daily_use_day_index', properties: ['day', 'balanceId'] }],
  properties: {
    balanceId: () => p.manyToOne(LicenceBalance).mapToPk().fieldName('balance_id').primary(),
    /** The Bogotá day of the movements' occurrence. */
    day: p.date().primary(),
    movements: p.integer(),
    consumed: p.bigint('number'),
    reversed: p.bigint('number'),
    granted: p.bigint('number'),
    expired: p.bigint('number'),
    adjusted: p.bigint('number'),
  },
});
export type LicenceDailyUse = InferEntity<typeof LicenceDailyUse>;

export const LICENCE_ENTITIES = [Licence, LicenceTransactionRange, LicenceBalance, LicenceMovement, LicenceDailyUse];
