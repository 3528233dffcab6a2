import type { EntityManager } from '@mikro-orm/sql';
import { User } from '../identity/identity.entities.js';
import { Service } from './service.entity.js';

/** The product of each brand (demo data). */
export const DEMO_SERVICES = [
  {
    serviceName: 'Colnómina',
    serviceTypeId: 1,
    appName: 'colnomina',
    descriptionService: 'Nómina electrónica y gestión de empleados',
    serviceNameContract: 'Nómina electrónica Colnómina',
  },
  {
    serviceName: 'FirmaYa',
    serviceTypeId: 2,
    appName: 'firmaya',
    descriptionService: 'Firma electrónica de documentos',
    serviceNameContract: 'Firma electrónica FirmaYa',
  },
  {
    serviceName: 'Colfactura',
    serviceTypeId: 3,
    appName: 'colfactura',
    descriptionService: 'Facturación electrónica DIAN',
    serviceNameContract: 'Facturación electrónica Colfactura',
  },
  {
    serviceName: 'FirmaMail',
    serviceTypeId: 4,
    appName: 'firmamail',
    descriptionService: 'Correo electrónico certificado',
    serviceNameContract: 'Correo certificado FirmaMail',
  },
  {
    serviceName: 'BeMyself',
    serviceTypeId: 5,
    appName: 'bemyself',
    descriptionService: 'Certificados digitales y validación de identidad',
    serviceNameContract: 'Certificados digitales BeMyself',
    requiresSupervision: true,
  },
];

/** The user the demo catalogue is audited as. */
export async function demoAuthor(em: EntityManager): Promise<string | null> {
  return (await em.findOne(User, { username: 'superadmin' }))?.id ?? null;
}

export async function seedDemoServices(em: EntityManager): Promise<void> {
  const author = await demoAuthor(em);
  const now = new Date();
  for (const service of DEMO_SERVICES) {
    em.create(Service, { ...service, idstate: 0, createdby: author, createdon: now, modifiedby: author, modifiedon: now });
  }
  await em.flush();
}
