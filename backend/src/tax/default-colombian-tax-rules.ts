import { priceBeforeIva, round2 } from '@licencias/common/cart-pricing';
import { bogotaDay, isCalendarDay } from '@licencias/common/dates';
import { EntityManager } from '@mikro-orm/sql';
import { Injectable, Logger } from '@nestjs/common';
import { Decimal } from 'decimal.js';
import { ReadCache } from '../cache/read-cache.js';
import { isUvtOutdated, parametersOn, type TaxParameters, type TaxRate } from './tax-parameters.js';
import { TaxParameterRepository } from './tax.repository.js';
import { TAX_LINE_KINDS, type TaxComputation, type TaxInput, type TaxLine, type TaxLineKind, type TaxProfile, type TaxRules } from './tax.types.js';

const ZERO = new Decimal(0);
const HUNDRED = new Decimal(100);
const THOUSAND = new Decimal(1000);

interface KindSums {
  base: Decimal;
  iva: Decimal;
}

/** A line's taxable base and IVA: the cart's split of an IVA-included total, or base × rate. */
function splitLine(line: TaxLine): KindSums {
  const rate = new Decimal(String(line.ivaRate));
  const amount = new Decimal(String(line.total ?? line.base));
  // A caller's bug, never a buyer's input: the order recompute gives neither.
  if (!rate.isFinite() || rate.isNegative() || !amount.isFinite() || amount.isNegative()) {
    throw new RangeError(`Línea de impuestos no válida: ${String(line.total ?? line.base)} al ${String(line.ivaRate)} %`);
  }
  if (line.total !== undefined) {
    const total = new Decimal(String(line.total));
    const base = priceBeforeIva(total, line.ivaRate);
    return { base, iva: total.minus(base) };
  }
  const base = round2(new Decimal(String(line.base)));
  return { base, iva: round2(base.times(new Decimal(String(line.ivaRate))).dividedBy(HUNDRED)) };
}

/**
 * One withholding: for every kind whose amount reaches its minimum base (compared on the kind's
 * taxable base, the payment's "cuantía"), amount × rate / `per`, 2 decimals half up per kind.
 */
function withhold(sums: Map<TaxLineKind, KindSums>, rates: Partial<Record<TaxLineKind, TaxRate>>, per: Decimal, of: keyof KindSums): Decimal {
  let withheld = ZERO;
  for (const [kind, sum] of sums) {
    const rate = rates[kind];
    if (!rate || sum.base.lte(ZERO) || sum.base.lt(rate.minBase)) continue;
    withheld = withheld.plus(round2(sum[of].times(rate.rate).dividedBy(per)));
  }
  return withheld;
}

/**
 * The Colombian rules on one order (docs/architecture.md "Colombian taxes"): IVA per line at its
 * package's rate; retefuente when the buyer is a legal person, reteIVA (a percentage of the IVA)
 * when it is a large taxpayer or a designated IVA agent, reteICA (per mil of the base) when it
 * withholds ICA in a municipality with seeded rates; each from its minimum base in UVT.
 */
export function computeColombianTaxes(lines: readonly TaxLine[], buyer: TaxProfile, parameters: TaxParameters): TaxComputation {
  const sums = new Map<TaxLineKind, KindSums>();
  let subTotal = ZERO;
  let taxIva = ZERO;
  for (const line of lines) {
    if (!TAX_LINE_KINDS.includes(line.kind)) throw new RangeError(`Tipo de línea no válido: ${String(line.kind)}`);
    const { base, iva } = splitLine(line);
    subTotal = subTotal.plus(base);
    taxIva = taxIva.plus(iva);
    const sum = sums.get(line.kind) ?? { base: ZERO, iva: ZERO };
    sums.set(line.kind, { base: sum.base.plus(base), iva: sum.iva.plus(iva) });
  }
  const taxReteFuente = buyer.personType === 'J' ? withhold(sums, parameters.reteFuente, HUNDRED, 'base') : ZERO;
  const taxReteIva = buyer.largeTaxpayer || buyer.ivaWithholdingAgent ? withhold(sums, parameters.reteIva, HUNDRED, 'iva') : ZERO;
  const taxReteIca = buyer.icaWithholdingAgent ? withhold(sums, parameters.reteIca, THOUSAND, 'base') : ZERO;
  return {
    subTotal,
    taxIva,
    taxReteFuente,
    taxReteIva,
    taxReteIca,
    total: subTotal.plus(taxIva).minus(taxReteFuente).minus(taxReteIva).minus(taxReteIca),
  };
}

/** The order's Bogotá calendar day. */
export function taxDay(date: Date | string): string {
  return typeof date === 'string' && isCalendarDay(date) ? date : bogotaDay(date);
}

/** The built-in `TaxRules`: the Colombian rules over the dated parameters of `tax_parameter`. */
@Injectable()
export class DefaultColombianTaxRules implements TaxRules {
  private readonly logger = new Logger('Taxes');
  private warnedYear = '';

  constructor(
    private readonly em: EntityManager,
    private readonly parameters: TaxParameterRepository,
    private readonly cache: ReadCache,
  ) {}

  /**
   * `em`: the caller's transaction, read as is. Without one, the parameters of the day and municipality
   * come from the cache (topic `taxParameters`, dropped when a row is added): an order reads none.
   */
  async compute(input: TaxInput, em?: EntityManager): Promise<TaxComputation> {
    const day = taxDay(input.date);
    const daneCode = input.buyer.icaWithholdingAgent ? input.buyer.municipalityDaneCode : null;
    const parameters = em
      ? parametersOn(await this.parameters.rowsOn(em, day, daneCode), day, daneCode)
      : await this.cache.value('taxParameters', `${day}|${daneCode ?? '*'}`, async () =>
          parametersOn(await this.parameters.rowsOn(this.em.fork(), day, daneCode), day, daneCode),
        );
    if (isUvtOutdated(parameters) && this.warnedYear !== day.slice(0, 4)) {
      this.warnedYear = day.slice(0, 4);
      this.logger.warn(
        `tax_parameter has no UVT for ${this.warnedYear}: the UVT from ${parameters.uvtValidFrom} still applies. Add the year's row (with its DIAN resolution).`,
      );
    }
    return computeColombianTaxes(input.lines, input.buyer, parameters);
  }
}
