import { addDays, bogotaToday, endOfBogotaDay, startOfBogotaDay } from '@licencias/common/dates';
import { addCalendarMonths, identifierCode, validityEndDay } from '@licencias/common/rules';
import { demoRef, type DemoSeeder } from '../database/seeding.js';
import { LicenceRepository } from '../licence/licence.repository.js';
import type { PackageSnapshot } from '../licence/licence.types.js';
import { Agreement, AgreementService } from '../agreement/agreement.entities.js';
import type { SupervisorFields } from '../agreement/agreement.types.js';

interface DemoLine {
  packageCode: string;
  /** Null: unlimited. */
  quantity: number | null;
  months: number;
  /** Units used of each feature of the bag. */
  used: number;
}

interface DemoAgreement {
  contractNumber: string;
  company: string;
  service: string;
  startedDaysAgo: number;
  months: number;
  alertPercentage: number;
  supervisor: SupervisorFields;
  lines: DemoLine[];
}

/**
 * Agreements of the demo companies, managed by `comercial`: Los Andes' FirmaYa bag is at 88 % with
 * its alert at 90 % (one more consumption of 2 % crosses it), Laboratorios del Pacífico holds a
 * Colfactura bag and an unlimited one, and El Roble (the `cliente` company) a Colfactura agreement.
 */
const DEMO_AGREEMENTS: DemoAgreement[] = [
  {
    contractNumber: 'CONV-2026-0101',
    company: '901234567',
    service: 'FirmaYa',
    startedDaysAgo: 60,
    months: 12,
    alertPercentage: 90,
    supervisor: {
      documentTypeId: 1,
      documentNumber: '52345678',
      firstName: 'Lucía',
      lastName: 'Pardo Ríos',
      email: 'lucia.pardo@losandes.com.co',
      phoneNumber: '3201234567',
      jobTitle: 'Directora administrativa',
    },
    lines: [{ packageCode: 'FY-PRO', quantity: 5000, months: 12, used: 4400 }],
  },
  {
    contractNumber: 'CONV-2026-0102',
    company: '830045678',
    service: 'Colfactura',
    startedDaysAgo: 30,
    months: 24,
    alertPercentage: 85,
    supervisor: {
      documentTypeId: 1,
      documentNumber: '80456789',
      firstName: 'Jorge',
      lastName: 'Mejía Toro',
      email: 'jorge.mejia@labpacifico.com.co',
      phoneNumber: null,
      jobTitle: 'Contador',
    },
    lines: [
      { packageCode: 'CF-INICIAL', quantity: 20000, months: 24, used: 3100 },
      { packageCode: 'CF-INICIAL', quantity: null, months: 12, used: 950 },
    ],
  },
  {
    contractNumber: 'CONV-2026-0103',
    company: '900123456',
    service: 'Colfactura',
    startedDaysAgo: 15,
    months: 12,
    alertPercentage: 90,
    supervisor: {
      documentTypeId: 1,
      documentNumber: '71234567',
      firstName: 'Andrés',
      lastName: 'Gómez Salazar',
      email: 'compras@elroble.com.co',
      phoneNumber: '3004567890',
      jobTitle: 'Gerente',
    },
    lines: [{ packageCode: 'CF-INICIAL', quantity: 2400, months: 12, used: 310 }],
  },
];

interface FeatureRow {
  serviceFeatureId: number;
  serviceFeatureCode: string;
  packageName: string;
}

/** In `seed`, not in `agreement`: the demo writes an agreement's licences as the licence domain's seeder does, without the app's services. */
export const demoAgreements: DemoSeeder = {
  name: 'agreements',
  async run({ em, demo, now }) {
    const licences = new LicenceRepository(em);
    const author = demo.author ?? 'superadmin';
    const [manager] = await em.execute<{ id: string }[]>(`select id from app_user where username = 'comercial'`);
    if (!manager) throw new Error('Demo user comercial is missing: it must be seeded before the agreements');
    for (const spec of DEMO_AGREEMENTS) {
      const serviceId = demoRef(demo.services, spec.service, 'service');
      const [service] = await em.execute<{ name: string }[]>(`select coalesce(service_name_contract, service_name) as name from service where id = ?`, [
        serviceId,
      ]);
      const start = addDays(bogotaToday(now), -spec.startedDaysAgo);
      const end = addDays(addCalendarMonths(start, spec.months), -1);
      const agreement = em.create(Agreement, {
        contractNumber: spec.contractNumber,
        serviceId,
        serviceDescription: service!.name,
        customerId: demoRef(demo.companies, spec.company, 'company'),
        contractStartDate: start,
        contractEndDate: end,
        commercialManagerId: manager.id,
        paymentConditionId: 2,
        supervisor: spec.supervisor,
        alertPercentage: spec.alertPercentage,
        alertDeliveryTime: '08:00',
        alertFrequency: 'D',
        alertWeekdays: 0,
        alertSweptOn: null,
        createdBy: author,
        createdAt: now,
        updatedBy: null,
        updatedAt: null,
      });
      await em.flush();
      for (const [index, line] of spec.lines.entries()) {
        const packageId = demoRef(demo.packages, line.packageCode, 'package');
        const features = await em.execute<FeatureRow[]>(
          `select sf.id as "serviceFeatureId", sf.service_feature_code as "serviceFeatureCode", p.package_name as "packageName"
             from package_feature pf join service_feature sf on sf.id = pf.service_feature_id join package p on p.id = pf.package_id
            where pf.package_id = ? and sf.service_id = ? order by sf.id limit 1`,
          [packageId, serviceId],
        );
        const feature = features[0]!;
        const snapshot: PackageSnapshot = {
          packageCode: line.packageCode,
          packageName: feature.packageName,
          features: [
            {
              serviceFeatureId: feature.serviceFeatureId,
              serviceFeatureCode: feature.serviceFeatureCode,
              quantity: line.quantity,
              unlimited: line.quantity === null,
            },
          ],
        };
        const effectiveAt = startOfBogotaDay(start);
        const reference = `CONV-${agreement.id}/${index + 1}`;
        const { id } = await licences.insertLicence({
          customerId: agreement.customerId,
          serviceId,
          packageId,
          packageSnapshot: snapshot,
          origin: 'AGREEMENT',
          originReference: reference,
          contractNumber: spec.contractNumber,
          effectiveAt,
          expiresAt: endOfBogotaDay(validityEndDay(start, line.months, 'M')),
          purchaseDate: effectiveAt,
          state: 'ACTIVE',
          createdBy: author,
          now,
        });
        await licences.grantBalances(id, snapshot.features, effectiveAt, `AGREEMENT:${reference}`, author, now);
        for (const balance of await licences.balancesOf([id])) {
          // Spread over the days the agreement has run, a little each time.
          const times = Math.min(6, line.used);
          for (let i = 0; i < times; i++) {
            const quantity = i === times - 1 ? line.used - Math.floor(line.used / times) * (times - 1) : Math.floor(line.used / times);
            const occurredAt = new Date(effectiveAt.getTime() + ((now.getTime() - effectiveAt.getTime()) * (i + 1)) / (times + 1));
            await licences.consume(balance.id, { quantity, occurredAt, reference: `${reference}-${i + 1}`, createdBy: author, now });
          }
        }
        em.create(AgreementService, {
          agreementId: agreement.id,
          licenceId: id,
          packageId,
          packageCode: line.packageCode,
          packageName: feature.packageName,
          unlimited: line.quantity === null,
          totalQuantity: line.quantity,
          validityType: 'M',
          validityPeriod: line.months,
          identifierCode: identifierCode({ packageCode: line.packageCode, validityPeriod: line.months, validityType: 'M' }),
          reassignmentQuota: null,
          deviceTypeId: null,
          credentialsDeliveryType: null,
          createdAt: now,
          updatedAt: null,
        });
      }
      await em.flush();
    }
  },
};
