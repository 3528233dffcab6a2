import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

/**
 * A read-only view the customer domain publishes for other domains' one-statement reads: a
 * customer's id by its document (type code and number). Other domains read it, never the
 * customer and document-type tables behind it; the customer domain may change those as long as
 * the view keeps its columns.
 */
export const CustomerDocument = defineEntity({
  name: 'CustomerDocument',
  tableName: 'customer_document',
  view: true,
  expression: 'select c.id as customer_id, d.document_type_code, c.document_number from customer c join document_type d on d.id = c.document_type_id',
  properties: {
    customerId: p.integer().primary(),
    documentTypeCode: p.string().length(10),
    documentNumber: p.string().length(15),
  },
});
export type CustomerDocument = InferEntity<typeof CustomerDocument>;
