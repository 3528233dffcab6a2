import { Decimal } from 'decimal.js';
import { TAX_LINE_KINDS, type TaxLineKind } from './tax.types.js';

/**
 * The dated tax parameters (table `tax_parameter`): one row per concept, line kind and
 * municipality from its valid-from day; the row in force on a day is the latest one that started
 * on or before it. `value` is pesos for UVT, a percentage for RETEFUENTE and RETEIVA, per mil
 * for RETEICA; `minBaseUvt` is the minimum base in UVT (0: none). '*' means any kind or any
 * municipality.
 */
export const TAX_CONCEPTS = ['UVT', 'RETEFUENTE', 'RETEIVA', 'RETEICA'] as const;
export type TaxConcept = (typeof TAX_CONCEPTS)[number];

export interface TaxParameterRow {
  concept: TaxConcept;
  kind: TaxLineKind | '*';
  daneCode: string;
  /** Bogotá calendar day 'yyyy-MM-dd'. */
  validFrom: string;
  value: string;
  minBaseUvt: string;
  source: string;
}

export interface TaxRate {
  /** Percentage (RETEFUENTE, RETEIVA) or per mil (RETEICA). */
  rate: Decimal;
  /** The minimum base in pesos: minBaseUvt × UVT rounded to the nearest thousand (art. 868 E.T.). */
  minBase: Decimal;
}

/** The parameters in force on one day, for one municipality. */
export interface TaxParameters {
  day: string;
  uvt: Decimal;
  /** The day the UVT in force started (a new year's UVT is a new row). */
  uvtValidFrom: string;
  reteFuente: Partial<Record<TaxLineKind, TaxRate>>;
  reteIva: Partial<Record<TaxLineKind, TaxRate>>;
  /** The municipality's ICA withholding rates (empty when none is seeded for it). */
  reteIca: Partial<Record<TaxLineKind, TaxRate>>;
}

export class MissingTaxParameter extends Error {}

/** The latest row of each (concept, kind, municipality) that started on or before `day`. */
function inForce(rows: readonly TaxParameterRow[], day: string): Map<string, TaxParameterRow> {
  const chosen = new Map<string, TaxParameterRow>();
  for (const row of rows) {
    if (row.validFrom > day) continue;
    const key = `${row.concept}|${row.kind}|${row.daneCode}`;
    const current = chosen.get(key);
    if (!current || current.validFrom < row.validFrom) chosen.set(key, row);
  }
  return chosen;
}

/** UVT values in pesos are rounded to the nearest multiple of 1.000 (art. 868 E.T.): 10 UVT of 2026 = 523.740 → 524.000. */
export function uvtToPesos(uvts: Decimal, uvt: Decimal): Decimal {
  return uvts.times(uvt).dividedBy(1000).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).times(1000);
}

/** The parameters of `day` for a buyer in `daneCode` (null: no ICA). */
export function parametersOn(rows: readonly TaxParameterRow[], day: string, daneCode: string | null): TaxParameters {
  const chosen = inForce(rows, day);
  const uvtRow = chosen.get('UVT|*|*');
  if (!uvtRow) throw new MissingTaxParameter(`No hay UVT vigente el ${day}.`);
  const uvt = new Decimal(uvtRow.value);
  const rates = (concept: TaxConcept, dane: string): Partial<Record<TaxLineKind, TaxRate>> => {
    const found: Partial<Record<TaxLineKind, TaxRate>> = {};
    for (const kind of TAX_LINE_KINDS) {
      const row = chosen.get(`${concept}|${kind}|${dane}`) ?? chosen.get(`${concept}|*|${dane}`);
      if (row) found[kind] = { rate: new Decimal(row.value), minBase: uvtToPesos(new Decimal(row.minBaseUvt), uvt) };
    }
    return found;
  };
  return {
    day,
    uvt,
    uvtValidFrom: uvtRow.validFrom,
    reteFuente: rates('RETEFUENTE', '*'),
    reteIva: rates('RETEIVA', '*'),
    reteIca: daneCode ? rates('RETEICA', daneCode) : {},
  };
}

/**
 * Whether the UVT in force is an earlier year's: the DIAN fixes each year's UVT before it starts
 * (art. 868 E.T.), so a day of a year without its row means the table was not updated. The last
 * UVT still applies (an order is never refused for it); the strategy warns.
 */
export function isUvtOutdated(parameters: Pick<TaxParameters, 'day' | 'uvtValidFrom'>): boolean {
  return parameters.uvtValidFrom.slice(0, 4) < parameters.day.slice(0, 4);
}
