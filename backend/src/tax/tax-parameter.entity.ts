import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { invalidatesCache } from '../cache/invalidation-trigger.js';

/**
 * A dated tax parameter (tax-parameters.ts): the UVT, a withholding rate and its minimum base in
 * UVT, for a line kind and a municipality ('*': any), in force from `validFrom` (a Bogotá day)
 * until the next row of the same key starts. Each row names its legal source. Seeded by the
 * migrations; a new year's UVT or a new decree is a new row, never an edit, so an old order's
 * taxes can be computed again as they were.
 */
export const TaxParameter = defineEntity({
  name: 'TaxParameter',
  tableName: 'tax_parameter',
  // Append-only: an old order's taxes are recomputed from the rows of its day, so none may change.
  triggers: [
    {
      name: 'tax_parameter_no_update_delete',
      timing: 'before',
      events: ['update', 'delete'],
      forEach: 'row',
      body: `raise exception 'tax_parameter is append-only (a change of law is a new row): % refused', tg_op using errcode = '55000';`,
    },
    // Orders read the rows of their day from a cache (DefaultColombianTaxRules): a new row drops it on every instance.
    invalidatesCache('tax_parameter', ['taxParameters']),
  ],
  checks: [
    { name: 'tax_parameter_value_check', expression: 'value >= 0 and min_base_uvt >= 0' },
    { name: 'tax_parameter_kind_check', expression: `kind in ('*', 'SOFTWARE_LICENCE', 'SERVICE', 'PURCHASE')` },
    { name: 'tax_parameter_dane_code_check', expression: `dane_code = '*' or dane_code ~ '^[0-9]{5}$'` },
  ],
  properties: {
    concept: p.enum(['UVT', 'RETEFUENTE', 'RETEIVA', 'RETEICA'] as const).primary(),
    kind: p.string().length(20).primary(),
    daneCode: p.string().length(5).primary(),
    validFrom: p.date().primary(),
    value: p.decimal('string').precision(14).scale(4),
    minBaseUvt: p.decimal('string').precision(10).scale(2).default('0'),
    source: p.text(),
  },
});
export type TaxParameter = InferEntity<typeof TaxParameter>;

export const TAX_ENTITIES = [TaxParameter];
