import { nitCheckDigit } from '@licencias/common/rules';
import type { DemoSeeder } from '../database/seeding.js';
import { Customer } from './customer.entity.js';

/** The demo company the `cliente` user acts for. */
export const DEMO_COMPANY = {
  personType: 'J' as const,
  documentTypeId: 4,
  documentNumber: '900123456',
  legalName: 'Distribuciones El Roble S.A.S.',
  fulladdress: 'Calle 10 # 43A-30',
  addressAdditionalInformation: 'Oficina 402',
  departmentId: 5,
  cityId: 5001,
  cellphoneNumber: '3004567890',
  email: 'compras@elroble.com.co',
  legalDocumentTypeId: 1,
  legalDocumentNumber: '71234567',
  legalFirstName: 'Andrés',
  legalLastName: 'Gómez Salazar',
  linkToApp: 'otras_apps' as const,
};

/** More demo companies, customers of other brands: licences and balances are seeded for them too. */
const OTHER_DEMO_COMPANIES = [
  { documentNumber: '901234567', legalName: 'Constructora Los Andes S.A.', email: 'gerencia@losandes.com.co', cellphoneNumber: '3101234567' },
  { documentNumber: '830045678', legalName: 'Laboratorios del Pacífico Ltda.', email: 'facturacion@labpacifico.com.co', cellphoneNumber: '3157654321' },
];

/** The demo company (the demo customer user acts for it; the private demo package is offered to it). */
export const demoCompany: DemoSeeder = {
  name: 'company',
  async run({ em, demo }) {
    const company = em.create(Customer, { ...DEMO_COMPANY, dv: nitCheckDigit(DEMO_COMPANY.documentNumber), createdBy: 'superadmin', modifiedBy: 'superadmin' });
    const others = OTHER_DEMO_COMPANIES.map((other) =>
      em.create(Customer, { ...DEMO_COMPANY, ...other, dv: nitCheckDigit(other.documentNumber), createdBy: 'superadmin', modifiedBy: 'superadmin' }),
    );
    await em.flush();
    demo.companyId = company.id;
    for (const c of [company, ...others]) demo.companies.set(c.documentNumber, c.id);
  },
};
