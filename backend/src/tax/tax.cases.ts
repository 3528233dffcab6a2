import type { TaxLine, TaxProfile } from './tax.types.js';

/**
 * Worked cases of DefaultColombianTaxRules, computed by hand (the arithmetic is in the comments).
 * Both the pure rules over a hand-written parameter table and the database-backed strategy over
 * the seeded table must give exactly these figures.
 *
 * Minimum bases in pesos (minBaseUvt × UVT rounded to the nearest thousand, art. 868 E.T.):
 *   2026 (UVT 52.374): 2 UVT = 104.748 → 105.000; 4 UVT = 209.496 → 209.000; 10 UVT = 523.740 → 524.000
 *   2025 (UVT 49.799): 2 UVT = 99.598 → 100.000; 4 UVT = 199.196 → 199.000; 10 UVT = 497.990 → 498.000
 *   Before 1 June 2025 services start at 4 UVT and purchases at 27 UVT; from then at 2 and 10 (Decreto 0572 de 2025).
 */
export interface TaxCase {
  name: string;
  lines: TaxLine[];
  buyer: TaxProfile;
  date: Date | string;
  expected: { subTotal: string; taxIva: string; taxReteFuente: string; taxReteIva: string; taxReteIca: string; total: string };
}

const profile = (changes: Partial<TaxProfile>): TaxProfile => ({
  personType: 'J',
  largeTaxpayer: false,
  ivaWithholdingAgent: false,
  icaWithholdingAgent: false,
  municipalityDaneCode: null,
  ...changes,
});

const NATURAL = profile({ personType: 'N' });
const COMPANY = profile({});
const LARGE = profile({ largeTaxpayer: true });
const IVA_AGENT = profile({ ivaWithholdingAgent: true });
const ICA_BOGOTA = profile({ icaWithholdingAgent: true, municipalityDaneCode: '11001' });
const DAY_2026 = '2026-03-10';

export const TAX_CASES: TaxCase[] = [
  {
    // base = 480.000 × 100 / 119 = 403.361,34 (the cart's split); IVA = 480.000 − 403.361,34 = 76.638,66; nobody withholds.
    name: 'a natural person buys a licence: IVA only, total as the card shows',
    lines: [{ total: 480000, ivaRate: 19, kind: 'SOFTWARE_LICENCE' }],
    buyer: NATURAL,
    date: DAY_2026,
    expected: { subTotal: '403361.34', taxIva: '76638.66', taxReteFuente: '0', taxReteIva: '0', taxReteIca: '0', total: '480000' },
  },
  {
    // retefuente software 3,5 % with no minimum: 403.361,34 × 0,035 = 14.117,6469 → 14.117,65; total 480.000 − 14.117,65.
    name: 'a legal person withholds 3.5 % on a software licence',
    lines: [{ total: 480000, ivaRate: 19, kind: 'SOFTWARE_LICENCE' }],
    buyer: COMPANY,
    date: DAY_2026,
    expected: { subTotal: '403361.34', taxIva: '76638.66', taxReteFuente: '14117.65', taxReteIva: '0', taxReteIca: '0', total: '465882.35' },
  },
  {
    // Software has no minimum base: 10.000 × 0,035 = 350; IVA 11.900 − 10.000 = 1.900; total 11.900 − 350 = 11.550.
    name: 'software licence withholding applies on a small amount too',
    lines: [{ total: 11900, ivaRate: 19, kind: 'SOFTWARE_LICENCE' }],
    buyer: COMPANY,
    date: DAY_2026,
    expected: { subTotal: '10000', taxIva: '1900', taxReteFuente: '350', taxReteIva: '0', taxReteIca: '0', total: '11550' },
  },
  {
    // Half up: 10.003 × 0,035 = 350,105 → 350,11 (half-even would give 350,10); IVA 10.003 × 0,19 = 1.900,57;
    // total 10.003 + 1.900,57 − 350,11 = 11.553,46.
    name: 'a withholding of half a cent rounds up',
    lines: [{ base: 10003, ivaRate: 19, kind: 'SOFTWARE_LICENCE' }],
    buyer: COMPANY,
    date: DAY_2026,
    expected: { subTotal: '10003', taxIva: '1900.57', taxReteFuente: '350.11', taxReteIva: '0', taxReteIca: '0', total: '11553.46' },
  },
  {
    // Purchase of 523.800: above 10 UVT unrounded (523.740) but below the rounded 524.000: nothing withheld.
    // IVA 523.800 × 0,19 = 99.522; total 623.322.
    name: 'a purchase below 10 UVT (rounded to the thousand) is not withheld',
    lines: [{ base: 523800, ivaRate: 19, kind: 'PURCHASE' }],
    buyer: LARGE,
    date: DAY_2026,
    expected: { subTotal: '523800', taxIva: '99522', taxReteFuente: '0', taxReteIva: '0', taxReteIca: '0', total: '623322' },
  },
  {
    // Purchase of 524.000 = the minimum: retefuente 524.000 × 2,5 % = 13.100; IVA 99.560; reteIVA (large taxpayer)
    // 99.560 × 15 % = 14.934; total 524.000 + 99.560 − 13.100 − 14.934 = 595.526.
    name: 'a purchase from 10 UVT: retefuente 2.5 % and reteIVA 15 % for a large taxpayer',
    lines: [{ base: 524000, ivaRate: 19, kind: 'PURCHASE' }],
    buyer: LARGE,
    date: DAY_2026,
    expected: { subTotal: '524000', taxIva: '99560', taxReteFuente: '13100', taxReteIva: '14934', taxReteIca: '0', total: '595526' },
  },
  {
    // Service of 104.000 < 105.000 (2 UVT): nothing withheld, not even by an IVA agent. IVA 19.760; total 123.760.
    name: 'a service below 2 UVT is not withheld',
    lines: [{ base: 104000, ivaRate: 19, kind: 'SERVICE' }],
    buyer: IVA_AGENT,
    date: DAY_2026,
    expected: { subTotal: '104000', taxIva: '19760', taxReteFuente: '0', taxReteIva: '0', taxReteIca: '0', total: '123760' },
  },
  {
    // Service of 105.000: retefuente 4 % = 4.200; IVA 19.950; reteIVA (designated agent) 19.950 × 15 % = 2.992,50;
    // total 105.000 + 19.950 − 4.200 − 2.992,50 = 117.757,50.
    name: 'a service from 2 UVT: retefuente 4 % and reteIVA for a designated IVA agent',
    lines: [{ base: 105000, ivaRate: 19, kind: 'SERVICE' }],
    buyer: IVA_AGENT,
    date: DAY_2026,
    expected: { subTotal: '105000', taxIva: '19950', taxReteFuente: '4200', taxReteIva: '2992.5', taxReteIca: '0', total: '117757.5' },
  },
  {
    // A natural person who is a large taxpayer: no retefuente (not a legal person), reteIVA 190.000 × 15 % = 28.500;
    // total 1.000.000 + 190.000 − 28.500 = 1.161.500.
    name: 'a natural person large taxpayer withholds IVA only',
    lines: [{ base: 1000000, ivaRate: 19, kind: 'SOFTWARE_LICENCE' }],
    buyer: profile({ personType: 'N', largeTaxpayer: true }),
    date: DAY_2026,
    expected: { subTotal: '1000000', taxIva: '190000', taxReteFuente: '0', taxReteIva: '28500', taxReteIca: '0', total: '1161500' },
  },
  {
    // Bogotá ICA agent: base 1.190.000 × 100/119 = 1.000.000, IVA 190.000; retefuente 35.000; reteICA 9,66 ‰ =
    // 9.660 (1.000.000 ≥ 4 UVT = 209.000); total 1.190.000 − 35.000 − 9.660 = 1.145.340.
    name: 'an ICA agent in Bogotá withholds 9.66 per mil',
    lines: [{ total: 1190000, ivaRate: 19, kind: 'SOFTWARE_LICENCE' }],
    buyer: ICA_BOGOTA,
    date: DAY_2026,
    expected: { subTotal: '1000000', taxIva: '190000', taxReteFuente: '35000', taxReteIva: '0', taxReteIca: '9660', total: '1145340' },
  },
  {
    // Bogotá ICA starts at 4 UVT = 209.000: 200.000 is below. Retefuente 7.000, IVA 38.000; total 231.000.
    name: 'Bogotá ICA below 4 UVT is not withheld',
    lines: [{ base: 200000, ivaRate: 19, kind: 'SOFTWARE_LICENCE' }],
    buyer: ICA_BOGOTA,
    date: DAY_2026,
    expected: { subTotal: '200000', taxIva: '38000', taxReteFuente: '7000', taxReteIva: '0', taxReteIca: '0', total: '231000' },
  },
  {
    // Medellín 10 ‰: 1.000.000 × 10 / 1000 = 10.000; retefuente 35.000; total 1.190.000 − 45.000 = 1.145.000.
    name: 'an ICA agent in Medellín withholds its own rate',
    lines: [{ base: 1000000, ivaRate: 19, kind: 'SOFTWARE_LICENCE' }],
    buyer: profile({ icaWithholdingAgent: true, municipalityDaneCode: '05001' }),
    date: DAY_2026,
    expected: { subTotal: '1000000', taxIva: '190000', taxReteFuente: '35000', taxReteIva: '0', taxReteIca: '10000', total: '1145000' },
  },
  {
    // Tunja (15001) has no seeded rate: no ICA; retefuente 35.000; total 1.155.000.
    name: 'an ICA agent in a municipality without rates withholds no ICA',
    lines: [{ base: 1000000, ivaRate: 19, kind: 'SOFTWARE_LICENCE' }],
    buyer: profile({ icaWithholdingAgent: true, municipalityDaneCode: '15001' }),
    date: DAY_2026,
    expected: { subTotal: '1000000', taxIva: '190000', taxReteFuente: '35000', taxReteIva: '0', taxReteIca: '0', total: '1155000' },
  },
  {
    // Bogotá buyer that is not an ICA agent: no ICA.
    name: 'a buyer in Bogotá that is not an ICA agent withholds no ICA',
    lines: [{ base: 1000000, ivaRate: 19, kind: 'SOFTWARE_LICENCE' }],
    buyer: profile({ municipalityDaneCode: '11001' }),
    date: DAY_2026,
    expected: { subTotal: '1000000', taxIva: '190000', taxReteFuente: '35000', taxReteIva: '0', taxReteIca: '0', total: '1155000' },
  },
  {
    // Every agent, three lines. Software: 403.361,34 + 100.000 (IVA 0 %) = 503.361,34, IVA 76.638,66;
    // service: 105.000, IVA 19.950. subTotal 608.361,34; IVA 96.588,66.
    // retefuente 503.361,34 × 3,5 % = 17.617,6469 → 17.617,65 + 105.000 × 4 % = 4.200 → 21.817,65
    // reteIVA 76.638,66 × 15 % = 11.495,799 → 11.495,80 + 19.950 × 15 % = 2.992,50 → 14.488,30
    // reteICA 503.361,34 × 9,66 ‰ = 4.862,4705 → 4.862,47; service 105.000 < 209.000 → 0
    // total 608.361,34 + 96.588,66 − 21.817,65 − 14.488,30 − 4.862,47 = 663.781,58
    name: 'every agent on a mixed order, each kind against its own minimum',
    lines: [
      { total: 480000, ivaRate: 19, kind: 'SOFTWARE_LICENCE' },
      { base: 105000, ivaRate: 19, kind: 'SERVICE' },
      { base: 100000, ivaRate: 0, kind: 'SOFTWARE_LICENCE' },
    ],
    buyer: profile({ largeTaxpayer: true, ivaWithholdingAgent: true, icaWithholdingAgent: true, municipalityDaneCode: '11001' }),
    date: DAY_2026,
    expected: {
      subTotal: '608361.34',
      taxIva: '96588.66',
      taxReteFuente: '21817.65',
      taxReteIva: '14488.3',
      taxReteIca: '4862.47',
      total: '663781.58',
    },
  },
  {
    // 31 December 2025 23:30 in Bogotá (04:30 UTC on 1 January): UVT 49.799, 10 UVT = 498.000 ≤ 500.000:
    // retefuente 12.500; IVA 95.000; total 582.500.
    name: 'the UVT of 2025 on the last Bogotá evening of 2025',
    lines: [{ base: 500000, ivaRate: 19, kind: 'PURCHASE' }],
    buyer: COMPANY,
    date: new Date('2026-01-01T04:30:00Z'),
    expected: { subTotal: '500000', taxIva: '95000', taxReteFuente: '12500', taxReteIva: '0', taxReteIca: '0', total: '582500' },
  },
  {
    // 1 January 2026 00:00 in Bogotá: UVT 52.374, 10 UVT = 524.000 > 500.000: nothing withheld; total 595.000.
    name: 'the UVT of 2026 from the first Bogotá minute of 2026',
    lines: [{ base: 500000, ivaRate: 19, kind: 'PURCHASE' }],
    buyer: COMPANY,
    date: new Date('2026-01-01T05:00:00Z'),
    expected: { subTotal: '500000', taxIva: '95000', taxReteFuente: '0', taxReteIva: '0', taxReteIca: '0', total: '595000' },
  },
  {
    // 31 May 2025: services from 4 UVT = 199.000 > 150.000: nothing withheld; IVA 28.500; total 178.500.
    name: 'a service of 150.000 before Decreto 0572 de 2025',
    lines: [{ base: 150000, ivaRate: 19, kind: 'SERVICE' }],
    buyer: COMPANY,
    date: '2025-05-31',
    expected: { subTotal: '150000', taxIva: '28500', taxReteFuente: '0', taxReteIva: '0', taxReteIca: '0', total: '178500' },
  },
  {
    // 1 June 2025: services from 2 UVT = 100.000: 150.000 × 4 % = 6.000; total 150.000 + 28.500 − 6.000 = 172.500.
    name: 'the same service from 1 June 2025',
    lines: [{ base: 150000, ivaRate: 19, kind: 'SERVICE' }],
    buyer: COMPANY,
    date: '2025-06-01',
    expected: { subTotal: '150000', taxIva: '28500', taxReteFuente: '6000', taxReteIva: '0', taxReteIca: '0', total: '172500' },
  },
];
