/**
 * What the migrations create by hand and no entity can declare (the immutable_unaccent function,
 * the exclusion constraint on licence ranges, the ledger's daily-rollup statement trigger with its
 * transition table): a schema diff that names them is not a change.
 */
export const isHandWrittenSql = (sql: string): boolean => /immutable_unaccent|licence_transaction_range_no_overlap|licence_movement_daily_use/.test(sql);
