import type { DemoSeeder } from '../database/seeding.js';
import { Service } from './service.entity.js';

/** The product of each brand (demo data). */
export const DEMO_SERVICES = [
  {
    serviceName: 'Colnómina',
    serviceTypeId: 1,
    appName: 'colnomina',
    descriptionService: 'Nómina electrónica y gestión de empleados',
    serviceNameContract: 'Nómina electrónica Colnómina',
    isContractFullAccess: true,
  },
  {
    serviceName: 'FirmaYa',
    serviceTypeId: 2,
    appName: 'firmaya',
    descriptionService: 'Firma electrónica de documentos',
    serviceNameContract: 'Firma electrónica FirmaYa',
    isContractFullAccess: true,
  },
  {
    serviceName: 'Colfactura',
    serviceTypeId: 3,
    appName: 'colfactura',
    descriptionService: 'Facturación electrónica DIAN',
    serviceNameContract: 'Facturación electrónica Colfactura',
    isContractFullAccess: true,
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
    isContractFullAccess: true,
    // Digital certificates: agreements contract devices (a token or a cloud certificate).
    contractedServices: 'isComponentECD' as const,
    deviceTypeIds: '1,2',
  },
];

/** The product of each brand. */
export const demoServices: DemoSeeder = {
  name: 'services',
  async run({ em, now, demo }) {
    const author = demo.author;
    const services = DEMO_SERVICES.map((service) =>
      em.create(Service, { ...service, idstate: 0, createdby: author, createdon: now, modifiedby: author, modifiedon: now }),
    );
    await em.flush();
    for (const service of services) demo.services.set(service.serviceName, service.id);
  },
};
