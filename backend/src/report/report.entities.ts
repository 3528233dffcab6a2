import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

/**
 * The ledger summed per Bogotá day, service, feature and licence origin, for the reports that
 * look at everything (the general consumption report): a 90-day window reads a few thousand rows
 * instead of the day's bags. Written by the same statement trigger as `licence_daily_use`, in the
 * movement's own transaction (migration report_daily_consumption), so it cannot disagree with the
 * ledger; split in 16 rows by bag (`shard` = the bag id modulo 16), so the busiest feature of the day is not one hot row.
 */
export const ReportDailyConsumption = defineEntity({
  name: 'ReportDailyConsumption',
  tableName: 'report_daily_consumption',
  properties: {
    day: p.date().primary(),
    serviceId: p.integer().primary(),
    serviceFeatureId: p.integer().primary(),
    /** The licence's origin (licence.types LICENCE_ORIGINS; entities import only entities). */
    origin: p.enum(['ORDER_LINE', 'TRIAL', 'MANUAL', 'AGREEMENT'] as const).primary(),
    shard: p.smallint().primary(),
    movements: p.integer(),
    consumed: p.bigint('number'),
    reversed: p.bigint('number'),
    granted: p.bigint('number'),
    expired: p.bigint('number'),
    adjusted: p.bigint('number'),
  },
});
export type ReportDailyConsumption = InferEntity<typeof ReportDailyConsumption>;

export const REPORT_ENTITIES = [ReportDailyConsumption];
