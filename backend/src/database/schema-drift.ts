/**
 * What the migrations create by hand and no entity can declare (the immutable_unaccent function,
 * the exclusion constraint on licence ranges): a schema diff that names them is not a change.
 */
export const isHandWrittenSql = (sql: string): boolean => /immutable_unaccent|licence_transaction_range_no_overlap/.test(sql);
