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

/** The demo company (the demo customer user acts for it; the private demo package is offered to it). */
export const demoCompany: DemoSeeder = {
  name: 'company',
  async run({ em, demo }) {
    const company = em.create(Customer, { ...DEMO_COMPANY, dv: nitCheckDigit(DEMO_COMPANY.documentNumber), createdBy: 'superadmin', modifiedBy: 'superadmin' });
    await em.flush();
    demo.companyId = company.id;
  },
};
