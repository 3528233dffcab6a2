import { Decimal } from 'decimal.js';
import { computeColombianTaxes, taxDay } from './default-colombian-tax-rules.js';
import { isUvtOutdated, MissingTaxParameter, parametersOn, type TaxParameterRow, uvtToPesos } from './tax-parameters.js';
import { TAX_CASES } from './tax.cases.js';
import { defaultTaxProfile } from './tax.types.js';

// The parameters written by hand here (not read from the migration), so a wrong seed row fails
// the database test and a wrong rule fails this one.
const row = (
  concept: TaxParameterRow['concept'],
  kind: TaxParameterRow['kind'],
  daneCode: string,
  validFrom: string,
  value: string,
  minBaseUvt = '0',
): TaxParameterRow => ({
  concept,
  kind,
  daneCode,
  validFrom,
  value,
  minBaseUvt,
  source: 'test',
});
const ROWS: TaxParameterRow[] = [
  row('UVT', '*', '*', '2025-01-01', '49799'),
  row('UVT', '*', '*', '2026-01-01', '52374'),
  row('RETEFUENTE', 'SOFTWARE_LICENCE', '*', '2025-01-01', '3.5'),
  row('RETEFUENTE', 'PURCHASE', '*', '2025-01-01', '2.5', '27'),
  row('RETEFUENTE', 'PURCHASE', '*', '2025-06-01', '2.5', '10'),
  row('RETEFUENTE', 'SERVICE', '*', '2025-01-01', '4', '4'),
  row('RETEFUENTE', 'SERVICE', '*', '2025-06-01', '4', '2'),
  row('RETEIVA', 'SOFTWARE_LICENCE', '*', '2025-01-01', '15'),
  row('RETEIVA', 'PURCHASE', '*', '2025-01-01', '15', '27'),
  row('RETEIVA', 'PURCHASE', '*', '2025-06-01', '15', '10'),
  row('RETEIVA', 'SERVICE', '*', '2025-01-01', '15', '4'),
  row('RETEIVA', 'SERVICE', '*', '2025-06-01', '15', '2'),
  row('RETEICA', 'SOFTWARE_LICENCE', '11001', '2025-01-01', '9.66', '4'),
  row('RETEICA', 'SERVICE', '11001', '2025-01-01', '9.66', '4'),
  row('RETEICA', 'PURCHASE', '11001', '2025-01-01', '11.04', '27'),
  row('RETEICA', 'SOFTWARE_LICENCE', '05001', '2025-01-01', '10'),
  row('RETEICA', 'SERVICE', '05001', '2025-01-01', '10'),
];

const text = (figures: Record<string, Decimal>) => Object.fromEntries(Object.entries(figures).map(([key, value]) => [key, value.toString()]));

describe('DefaultColombianTaxRules: the worked cases', () => {
  it.each(TAX_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const day = taxDay(c.date);
    const daneCode = c.buyer.icaWithholdingAgent ? c.buyer.municipalityDaneCode : null;
    expect(text({ ...computeColombianTaxes(c.lines, c.buyer, parametersOn(ROWS, day, daneCode)) })).toEqual(c.expected);
  });
});

describe('tax parameters', () => {
  it('converts UVT to pesos rounded to the nearest thousand (art. 868 E.T.)', () => {
    expect(uvtToPesos(new Decimal(10), new Decimal(52374)).toString()).toBe('524000'); // 523.740
    expect(uvtToPesos(new Decimal(2), new Decimal(52374)).toString()).toBe('105000'); // 104.748
    expect(uvtToPesos(new Decimal(4), new Decimal(52374)).toString()).toBe('209000'); // 209.496
    expect(uvtToPesos(new Decimal(10), new Decimal(49799)).toString()).toBe('498000'); // 497.990
  });

  it('takes the latest row started on or before the day', () => {
    expect(parametersOn(ROWS, '2025-12-31', null).uvt.toString()).toBe('49799');
    expect(parametersOn(ROWS, '2026-01-01', null).uvt.toString()).toBe('52374');
    expect(parametersOn(ROWS, '2025-05-31', null).reteFuente.SERVICE?.minBase.toString()).toBe('199000');
    expect(parametersOn(ROWS, '2025-06-01', null).reteFuente.SERVICE?.minBase.toString()).toBe('100000');
  });

  it('keeps the last UVT in a year without its row, and says it is outdated', () => {
    const in2027 = parametersOn(ROWS, '2027-01-01', null);
    expect(in2027.uvt.toString()).toBe('52374');
    expect(isUvtOutdated(in2027)).toBe(true);
    expect(isUvtOutdated(parametersOn(ROWS, '2026-12-31', null))).toBe(false);
  });

  it('refuses a day before the first UVT', () => {
    expect(() => parametersOn(ROWS, '2024-12-31', null)).toThrow(MissingTaxParameter);
  });

  it('reads the Bogotá day of an instant', () => {
    expect(taxDay(new Date('2026-01-01T04:59:59Z'))).toBe('2025-12-31');
    expect(taxDay(new Date('2026-01-01T05:00:00Z'))).toBe('2026-01-01');
    expect(taxDay('2026-02-03')).toBe('2026-02-03');
  });

  it('refuses a negative or non-numeric line, and an unknown kind', () => {
    const parameters = parametersOn(ROWS, '2026-03-10', null);
    const buyer = defaultTaxProfile('J');
    expect(() => computeColombianTaxes([{ base: -1, ivaRate: 19, kind: 'SERVICE' }], buyer, parameters)).toThrow(RangeError);
    expect(() => computeColombianTaxes([{ total: 'NaN', ivaRate: 19, kind: 'SERVICE' }], buyer, parameters)).toThrow(RangeError);
    expect(() => computeColombianTaxes([{ base: 100, ivaRate: -19, kind: 'SERVICE' }], buyer, parameters)).toThrow(RangeError);
    expect(() => computeColombianTaxes([{ base: 100, ivaRate: 19, kind: 'RENT' as 'SERVICE' }], buyer, parameters)).toThrow(RangeError);
  });

  it('gives a buyer known only by person type no designated role', () => {
    const lines = [{ base: 1000000, ivaRate: 19, kind: 'SOFTWARE_LICENCE' as const }];
    const parameters = parametersOn(ROWS, '2026-03-10', null);
    expect(computeColombianTaxes(lines, defaultTaxProfile('N'), parameters).taxReteFuente.toString()).toBe('0');
    expect(computeColombianTaxes(lines, defaultTaxProfile('J'), parameters).taxReteFuente.toString()).toBe('35000');
    expect(computeColombianTaxes(lines, defaultTaxProfile('J'), parameters).taxReteIva.toString()).toBe('0');
  });
});
