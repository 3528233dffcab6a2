import { type DemoSeeder, demoRef } from '../database/seeding.js';
import { FeatureType } from './feature-type.entity.js';
import { ServiceFeature } from './service-feature.entity.js';

const TYPES = [
  { featureTypeName: 'Empleados', categoryType: 'T' as const },
  { featureTypeName: 'Usuarios', categoryType: 'F' as const },
  { featureTypeName: 'Almacenamiento', categoryType: 'F' as const },
  { featureTypeName: 'Documentos electrónicos', categoryType: 'T' as const },
  { featureTypeName: 'Firmas', categoryType: 'T' as const },
  { featureTypeName: 'Correos certificados', categoryType: 'T' as const },
  { featureTypeName: 'Certificados digitales', categoryType: 'T' as const },
  { featureTypeName: 'Soporte prioritario', categoryType: 'F' as const, idstate: 1 as const },
];

/** [service, code, description, type, alias, colour, parent code] */
const FEATURES: [string, string, string, string, string, string, string?][] = [
  ['Colnómina', 'COLNOMINA_EMPLEADO', 'Empleados', 'Empleados', 'Empleados', '#00796b'],
  ['Colnómina', 'COLNOMINA_USUARIO', 'Usuarios administradores', 'Usuarios', 'Usuarios', '#004d40'],
  ['Colnómina', 'COLNOMINA_NOMINAELECTRONICA', 'Documentos de nómina electrónica', 'Documentos electrónicos', 'Nóminas', '#26a69a'],
  ['Colnómina', 'COLNOMINA_ALMACENAMIENTO', 'Almacenamiento de soportes', 'Almacenamiento', 'Almacenamiento', '#80cbc4'],
  ['FirmaYa', 'FIRMAYA_FIRMA', 'Firmas electrónicas', 'Firmas', 'Firmas', '#5e35b1'],
  ['FirmaYa', 'FIRMAYA_FIRMA_OTP', 'Firmas con validación OTP', 'Firmas', 'Firmas OTP', '#7e57c2', 'FIRMAYA_FIRMA'],
  ['FirmaYa', 'FIRMAYA_USUARIO', 'Usuarios firmantes', 'Usuarios', 'Usuarios', '#4527a0'],
  ['FirmaYa', 'FIRMAYA_ALMACENAMIENTO', 'Almacenamiento de documentos firmados', 'Almacenamiento', 'Almacenamiento', '#b39ddb'],
  ['Colfactura', 'COLFACTURA_DOCUMENTO', 'Documentos electrónicos (facturas y notas)', 'Documentos electrónicos', 'Documentos', '#1565c0'],
  ['Colfactura', 'COLFACTURA_USUARIO', 'Usuarios facturadores', 'Usuarios', 'Usuarios', '#0d47a1'],
  ['FirmaMail', 'FIRMAMAIL_CORREO', 'Correos electrónicos certificados', 'Correos certificados', 'Correos', '#c62828'],
  ['BeMyself', 'BEMYSELF_CERTIFICADODIGITALPE', 'Certificado digital persona natural', 'Certificados digitales', 'Certificado PN', '#26c6da'],
  ['BeMyself', 'BEMYSELF_CERTIFICADODIGITALPJ', 'Certificado digital persona jurídica', 'Certificados digitales', 'Certificado PJ', '#00acc1'],
];

/** Feature types and the features of each demo service (one inactive type). */
export const demoFeatures: DemoSeeder = {
  name: 'features',
  async run({ em, now, demo }) {
    const audit = { createdby: demo.author, createdon: now, modifiedby: demo.author, modifiedon: now };
    const types = new Map(TYPES.map((t) => [t.featureTypeName, em.create(FeatureType, { idstate: 0, ...t, ...audit })]));
    await em.flush();
    for (const [service, code, description, type, alias, colour, parent] of FEATURES) {
      const feature = em.create(ServiceFeature, {
        serviceId: demoRef(demo.services, service, 'service'),
        serviceFeatureCode: code,
        featureDescription: description,
        featureTypeId: (types.get(type) as FeatureType).id,
        featureRelation: parent ? demoRef(demo.features, parent, 'feature') : null,
        featureAlias: alias,
        colorFeature: colour,
        urlImageFeature: null,
        isunlimited: false,
        idstate: 0,
        ...audit,
      });
      await em.flush();
      demo.features.set(code, feature.id);
    }
  },
};
