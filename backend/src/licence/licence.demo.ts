import { demoRef, type DemoSeeder } from '../database/seeding.js';
import { LicenceRepository } from './licence.repository.js';
import { licenceEnd, UNLIMITED_QUANTITY } from './licence.rules.js';
import { EXPIRY_JOB_ACTOR } from './licence.service.js';
import type { LicenceOrigin, PackageSnapshot } from './licence.types.js';

const DAY = 86_400_000;

interface DemoLicence {
  company: string;
  packageCode: string;
  origin: LicenceOrigin;
  /** Days from now the licence started, and (optionally) when it ends (negative: already over). */
  startedDaysAgo: number;
  endsInDays?: number;
  contractNumber?: string;
  /** Units used of each feature, spread over the months the licence has run. */
  used: Record<string, number>;
  /** Price per transaction by the count reached (COP), as a sales contract sets them. */
  ranges: [minimum: number, maximum: number, price: number][];
}

/** The top of the last range: whatever is consumed beyond the others. */
const NO_LIMIT = 999_999_999;

/**
 * Licences of the demo companies, with their transaction ranges and months of consumption (each
 * consumption records the range price of the count it reached): the `cliente` company (NIT
 * 900123456) holds a Colnómina plan with employees near 85 %, FirmaYa signatures exhausted, an
 * unlimited BIILIMITADO bag and a monthly plan that expired last month; two more companies hold
 * FirmaYa and Colfactura plans.
 */
const DEMO_LICENCES: DemoLicence[] = [
  {
    company: '900123456',
    packageCode: 'CN-EMPRESARIAL',
    origin: 'ORDER_LINE',
    startedDaysAgo: 200,
    used: { COLNOMINA_EMPLEADO: 86, COLNOMINA_USUARIO: 3, COLNOMINA_NOMINAELECTRONICA: 640 },
    ranges: [
      [1, 100, 3500],
      [101, 500, 2900],
      [501, NO_LIMIT, 2400],
    ],
  },
  {
    company: '900123456',
    packageCode: 'FY-PRO',
    origin: 'ORDER_LINE',
    startedDaysAgo: 150,
    used: { FIRMAYA_FIRMA: 500, FIRMAYA_FIRMA_OTP: 120, FIRMAYA_USUARIO: 4 },
    ranges: [
      [1, 200, 1200],
      [201, 1000, 950],
      [1001, NO_LIMIT, 780],
    ],
  },
  {
    company: '900123456',
    packageCode: 'BIILIMITADO',
    origin: 'MANUAL',
    startedDaysAgo: 90,
    contractNumber: 'CT-2026-0042',
    used: { FIRMAYA_FIRMA: 3870 },
    ranges: [
      [1, 1000, 650],
      [1001, 5000, 520],
      [5001, 20000, 430],
      [20001, NO_LIMIT, 350],
    ],
  },
  {
    company: '900123456',
    packageCode: 'CN-MENSUAL',
    origin: 'ORDER_LINE',
    startedDaysAgo: 70,
    endsInDays: -40,
    used: { COLNOMINA_EMPLEADO: 8, COLNOMINA_NOMINAELECTRONICA: 7 },
    ranges: [[1, NO_LIMIT, 4200]],
  },
  {
    company: '901234567',
    packageCode: 'FY-BASICO',
    origin: 'ORDER_LINE',
    startedDaysAgo: 120,
    used: { FIRMAYA_FIRMA: 42, FIRMAYA_USUARIO: 1 },
    ranges: [
      [1, 50, 1500],
      [51, NO_LIMIT, 1300],
    ],
  },
  {
    company: '830045678',
    packageCode: 'CF-INICIAL',
    origin: 'ORDER_LINE',
    startedDaysAgo: 180,
    used: { COLFACTURA_DOCUMENTO: 181, COLFACTURA_USUARIO: 2 },
    ranges: [
      [1, 100, 420],
      [101, 1000, 360],
      [1001, NO_LIMIT, 290],
    ],
  },
];

interface FeatureRow {
  serviceId: number;
  serviceFeatureId: number;
  serviceFeatureCode: string;
  quantity: number;
  unlimited: boolean;
  packageName: string;
  validityPeriod: number;
  validityTypeId: 'A' | 'M' | 'D' | 'I';
}

export const demoLicences: DemoSeeder = {
  name: 'licences',
  async run({ em, demo, now }) {
    const licences = new LicenceRepository(em);
    const author = demo.author ?? 'superadmin';
    for (const [index, spec] of DEMO_LICENCES.entries()) {
      const packageId = demoRef(demo.packages, spec.packageCode, 'package');
      const features = await em.execute<FeatureRow[]>(
        `select sf.service_id as "serviceId", sf.id as "serviceFeatureId", sf.service_feature_code as "serviceFeatureCode", pf.quantity,
                sf.isunlimited as unlimited, p.package_name as "packageName", p.validity_period as "validityPeriod", p.validity_type_id as "validityTypeId"
           from package_feature pf join service_feature sf on sf.id = pf.service_feature_id join package p on p.id = pf.package_id
          where pf.package_id = ? order by sf.id`,
        [packageId],
      );
      const [first] = features;
      const snapshot: PackageSnapshot = {
        packageCode: spec.packageCode,
        packageName: first.packageName,
        features: features.map((f) => {
          const unlimited = f.unlimited || f.quantity >= UNLIMITED_QUANTITY;
          return { serviceFeatureId: f.serviceFeatureId, serviceFeatureCode: f.serviceFeatureCode, quantity: unlimited ? null : f.quantity, unlimited };
        }),
      };
      const effectiveAt = new Date(now.getTime() - spec.startedDaysAgo * DAY);
      const expiresAt =
        spec.endsInDays !== undefined ? new Date(now.getTime() + spec.endsInDays * DAY) : licenceEnd(effectiveAt, first.validityPeriod, first.validityTypeId);
      const { id } = await licences.insertLicence({
        customerId: demoRef(demo.companies, spec.company, 'company'),
        serviceId: first.serviceId,
        packageId,
        packageSnapshot: snapshot,
        origin: spec.origin,
        originReference: `demo-${index + 1}`,
        contractNumber: spec.contractNumber ?? null,
        effectiveAt,
        expiresAt,
        purchaseDate: effectiveAt,
        state: 'ACTIVE',
        createdBy: author,
        now,
      });
      await licences.insertRanges(
        id,
        spec.ranges.map(([rangeMinimum, rangeMaximum, rangePrice]) => ({ rangeMinimum, rangeMaximum, rangePrice })),
      );
      await licences.grantBalances(id, snapshot.features, effectiveAt, `${spec.origin}:demo-${index + 1}`, author, now);
      const lastDay = Math.min(now.getTime(), expiresAt?.getTime() ?? now.getTime()) - DAY;
      for (const balance of await licences.balancesOf([id])) {
        const total = spec.used[balance.serviceFeatureCode] ?? 0;
        // Three movements a month, the months the licence ran, a little more each month.
        const count = Math.max(1, Math.min(total, Math.ceil(((lastDay - effectiveAt.getTime()) / (30 * DAY)) * 3)));
        let left = total;
        for (let i = 0; i < count && left > 0; i++) {
          const quantity = i === count - 1 ? left : Math.max(1, Math.floor((total * 2 * (i + 1)) / (count * (count + 1))));
          const take = Math.min(quantity, left);
          const occurredAt = new Date(effectiveAt.getTime() + ((lastDay - effectiveAt.getTime()) * (i + 1)) / count);
          await licences.consume(balance.id, { quantity: take, occurredAt, reference: `demo-${index + 1}-${i + 1}`, createdBy: author, now });
          left -= take;
        }
      }
    }
    // The licence whose end has passed is closed as the expiry job closes it.
    await licences.expire(await licences.lockExpiring(now, 100), EXPIRY_JOB_ACTOR, now);
  },
};
