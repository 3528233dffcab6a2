import { createHash } from 'node:crypto';
import { Decimal } from 'decimal.js';
import { type DemoSeeder, demoRef } from '../database/seeding.js';
import { startOfBogotaDay } from '@licencias/common/dates';
import { bannerPng } from './demo-png.js';
import { moneyColumn } from '@licencias/common/money';
import { Package, PackageChannelLink, PackageCustomerLink, PackageFeature, PackageOfferImage, PackageServiceLink, type StorageType } from './package.entity.js';
import { DefaultPackagePricing } from './package-pricing.js';
import { UNLIMITED_QUANTITY } from './package.rules.js';

const DAY = 24 * 60 * 60 * 1000;
const COLOURS: Record<string, [string, string]> = {
  Colnómina: ['#00796b', '#f9a825'],
  FirmaYa: ['#5e35b1', '#ff7043'],
  Colfactura: ['#1565c0', '#ffb300'],
  FirmaMail: ['#c62828', '#455a64'],
  BeMyself: ['#26c6da', '#101418'],
};

interface DemoPackage {
  code: string;
  name: string;
  description: string;
  type: 1 | 2 | 3;
  price: number;
  tax?: number;
  validity?: [number, 'A' | 'M' | 'D' | 'I'];
  relevance: 'Alta' | 'Media' | 'Baja';
  services: string[];
  channels?: number[];
  /** feature code → quantity (and storage unit) */
  features: Record<string, number | [number, StorageType]>;
  offer?: { type: 'PTJ' | 'VLR'; value: number };
  private?: boolean;
  inactive?: boolean;
  summary?: string;
}

const PACKAGES: DemoPackage[] = [
  {
    code: 'CN-GRATIS',
    name: 'Colnómina Gratis',
    description: 'Plan gratuito para empresas de hasta 5 empleados',
    type: 1,
    price: 0,
    tax: 0,
    relevance: 'Alta',
    services: ['Colnómina'],
    features: { COLNOMINA_EMPLEADO: 5, COLNOMINA_USUARIO: 1, COLNOMINA_NOMINAELECTRONICA: 60, COLNOMINA_ALMACENAMIENTO: [500, 'MB'] },
    summary: '<p>Tu nómina electrónica <strong>sin costo</strong> para siempre.</p>',
  },
  {
    code: 'CN-EMPRENDEDOR',
    name: 'Colnómina Emprendedor',
    description: 'Nómina electrónica para pequeñas empresas de hasta 20 empleados',
    type: 1,
    price: 480000,
    relevance: 'Media',
    services: ['Colnómina'],
    features: { COLNOMINA_EMPLEADO: 20, COLNOMINA_USUARIO: 2, COLNOMINA_NOMINAELECTRONICA: 240, COLNOMINA_ALMACENAMIENTO: [5, 'GB'] },
  },
  {
    code: 'CN-EMPRESARIAL',
    name: 'Colnómina Empresarial',
    description: 'Nómina electrónica para empresas de hasta 100 empleados con soporte prioritario',
    type: 1,
    price: 1500000,
    relevance: 'Alta',
    services: ['Colnómina'],
    features: { COLNOMINA_EMPLEADO: 100, COLNOMINA_USUARIO: 5, COLNOMINA_NOMINAELECTRONICA: 1200, COLNOMINA_ALMACENAMIENTO: [20, 'GB'] },
    offer: { type: 'PTJ', value: 20 },
    summary: '<p><strong>20% de descuento</strong> por lanzamiento.</p>',
  },
  {
    code: 'CN-MENSUAL',
    name: 'Colnómina Mensual',
    description: 'Nómina electrónica mes a mes para hasta 10 empleados',
    type: 1,
    price: 45000,
    validity: [1, 'M'],
    relevance: 'Baja',
    services: ['Colnómina'],
    features: { COLNOMINA_EMPLEADO: 10, COLNOMINA_USUARIO: 1, COLNOMINA_NOMINAELECTRONICA: 10 },
  },
  {
    code: 'CN-EMPLEADOS-10',
    name: 'Paquete 10 empleados adicionales',
    description: 'Amplía tu plan de Colnómina con 10 empleados más',
    type: 3,
    price: 150000,
    relevance: 'Media',
    services: ['Colnómina'],
    features: { COLNOMINA_EMPLEADO: 10 },
  },
  {
    code: 'FY-BASICO',
    name: 'FirmaYa Básico',
    description: '100 firmas electrónicas al año para un usuario',
    type: 1,
    price: 250000,
    relevance: 'Media',
    services: ['FirmaYa'],
    features: { FIRMAYA_FIRMA: 100, FIRMAYA_USUARIO: 1, FIRMAYA_ALMACENAMIENTO: [2, 'GB'] },
  },
  {
    code: 'FY-PRO',
    name: 'FirmaYa Profesional',
    description: '500 firmas electrónicas y 200 con validación OTP para tu equipo',
    type: 1,
    price: 650000,
    relevance: 'Alta',
    services: ['FirmaYa'],
    features: { FIRMAYA_FIRMA: 500, FIRMAYA_FIRMA_OTP: 200, FIRMAYA_USUARIO: 5, FIRMAYA_ALMACENAMIENTO: [10, 'GB'] },
    offer: { type: 'VLR', value: 100000 },
  },
  // The free trials (brand parameter `trialPackageCode`): sold through no store channel, granted only by the trial.
  {
    code: 'CN-PRUEBA',
    name: 'Colnómina Prueba gratis',
    description: 'Prueba gratuita de Colnómina durante 15 días',
    type: 1,
    price: 0,
    tax: 0,
    validity: [15, 'D'],
    relevance: 'Baja',
    services: ['Colnómina'],
    channels: [2],
    features: { COLNOMINA_EMPLEADO: 5, COLNOMINA_USUARIO: 1, COLNOMINA_NOMINAELECTRONICA: 10 },
  },
  {
    code: 'FY-PRUEBA',
    name: 'FirmaYa Prueba gratis',
    description: 'Prueba gratuita de FirmaYa: 10 firmas durante 15 días',
    type: 1,
    price: 0,
    tax: 0,
    validity: [15, 'D'],
    relevance: 'Baja',
    services: ['FirmaYa'],
    channels: [2],
    features: { FIRMAYA_FIRMA: 10, FIRMAYA_USUARIO: 1 },
  },
  {
    code: 'FY-FIRMAS-100',
    name: '100 firmas adicionales',
    description: 'Recarga de 100 firmas electrónicas',
    type: 3,
    price: 90000,
    relevance: 'Media',
    services: ['FirmaYa'],
    features: { FIRMAYA_FIRMA: 100 },
  },
  {
    code: 'BIILIMITADO',
    name: 'Firmas ilimitadas',
    description: 'Firmas electrónicas ilimitadas durante un año',
    type: 3,
    price: 2400000,
    relevance: 'Baja',
    services: ['FirmaYa'],
    features: { FIRMAYA_FIRMA: UNLIMITED_QUANTITY },
  },
  {
    code: 'FY-LEGADO',
    name: 'FirmaYa Legado 2024',
    description: 'Plan anterior, ya no se ofrece',
    type: 1,
    price: 200000,
    relevance: 'Baja',
    services: ['FirmaYa'],
    features: { FIRMAYA_FIRMA: 80, FIRMAYA_USUARIO: 1 },
    inactive: true,
  },
  {
    code: 'CF-INICIAL',
    name: 'Colfactura Inicial',
    description: '300 documentos electrónicos al año para dos usuarios',
    type: 1,
    price: 300000,
    relevance: 'Alta',
    services: ['Colfactura'],
    features: { COLFACTURA_DOCUMENTO: 300, COLFACTURA_USUARIO: 2 },
  },
  {
    code: 'CF-DOCS-500',
    name: '500 documentos electrónicos',
    description: 'Recarga de 500 facturas o notas electrónicas',
    type: 3,
    price: 120000,
    relevance: 'Media',
    services: ['Colfactura'],
    features: { COLFACTURA_DOCUMENTO: 500 },
  },
  {
    code: 'FM-CORREOS-200',
    name: 'FirmaMail 200 correos',
    description: '200 correos electrónicos certificados al año',
    type: 1,
    price: 180000,
    relevance: 'Alta',
    services: ['FirmaMail'],
    features: { FIRMAMAIL_CORREO: 200 },
  },
  {
    code: 'BM-CERT-PN',
    name: 'Certificado digital persona natural',
    description: 'Certificado de firma digital para persona natural, vigencia de un año',
    type: 1,
    price: 95000,
    relevance: 'Alta',
    services: ['BeMyself'],
    features: { BEMYSELF_CERTIFICADODIGITALPE: 1 },
  },
  {
    code: 'BM-CERT-PJ',
    name: 'Certificado digital persona jurídica',
    description: 'Certificado de firma digital para representante legal, vigencia de dos años',
    type: 1,
    price: 160000,
    validity: [2, 'A'],
    relevance: 'Media',
    services: ['BeMyself'],
    features: { BEMYSELF_CERTIFICADODIGITALPJ: 1 },
  },
  {
    code: 'CMB-NOMINA-FIRMA',
    name: 'Combo Colnómina + FirmaYa',
    description: 'Nómina electrónica para 50 empleados y 300 firmas para sus contratos',
    type: 2,
    price: 1900000,
    relevance: 'Alta',
    services: ['Colnómina', 'FirmaYa'],
    channels: [1, 2, 3],
    features: { COLNOMINA_EMPLEADO: 50, COLNOMINA_USUARIO: 3, FIRMAYA_FIRMA: 300, FIRMAYA_USUARIO: 3 },
  },
  {
    code: 'CMB-FACTURA-MAIL',
    name: 'Combo Colfactura + FirmaMail',
    description: 'Facturación electrónica con envío certificado de 200 facturas',
    type: 2,
    price: 420000,
    relevance: 'Media',
    services: ['Colfactura', 'FirmaMail'],
    channels: [1, 2, 3],
    features: { COLFACTURA_DOCUMENTO: 300, COLFACTURA_USUARIO: 2, FIRMAMAIL_CORREO: 200 },
  },
  {
    code: 'PRV-ELROBLE',
    name: 'Plan corporativo El Roble',
    description: 'Plan negociado para Distribuciones El Roble: nómina de 250 empleados y firmas ilimitadas',
    type: 1,
    price: 3200000,
    relevance: 'Alta',
    services: ['Colnómina', 'FirmaYa'],
    channels: [2, 4],
    features: { COLNOMINA_EMPLEADO: 250, COLNOMINA_USUARIO: 10, FIRMAYA_FIRMA: UNLIMITED_QUANTITY },
    private: true,
  },
];

/** Demo packages of every brand, with their offer images drawn in code. */
/** Base, combo and complementary packages of every brand, with offers, a private and an inactive one. */
export const demoPackages: DemoSeeder = {
  name: 'packages',
  async run({ em, now, demo: refs }) {
    const author = refs.author;
    const pricing = new DefaultPackagePricing();
    const orders = new Map<string, number>();
    const today = startOfBogotaDay(now);
    for (const demo of PACKAGES) {
      const group = `${demo.type}-${demo.relevance}`;
      const order = (orders.get(group) ?? 0) + 1;
      orders.set(group, order);
      const price = new Decimal(demo.price);
      const tax = new Decimal(demo.tax ?? 19);
      const pkg = em.create(Package, {
        packageCode: demo.code,
        packageName: demo.name,
        packageDescription: demo.description,
        packageTypeId: demo.type,
        packagePrice: moneyColumn(price),
        taxIva: moneyColumn(tax),
        unitPrice: moneyColumn(pricing.unitPrice(price, tax)),
        validityPeriod: demo.validity?.[0] ?? 1,
        validityTypeId: demo.validity?.[1] ?? 'A',
        relevance: demo.relevance,
        displayOrder: order,
        publicVisibility: !demo.private,
        summaryHtml: demo.summary ?? null,
        applyOffer: !!demo.offer,
        offerTypeCode: demo.offer?.type ?? 'VLR',
        totalOffer: moneyColumn(new Decimal(demo.offer?.value ?? 0)),
        offerStartTime: demo.offer ? new Date(today.getTime() - 3 * DAY) : today,
        offerExpirationTime: demo.offer ? new Date(today.getTime() + 45 * DAY - 1) : today,
        idstate: demo.inactive ? 1 : 0,
        createdby: author,
        createdon: now,
        modifiedby: author,
        modifiedon: now,
      });
      await em.flush();
      refs.packages.set(demo.code, pkg.id);
      for (const service of demo.services) em.create(PackageServiceLink, { packageId: pkg.id, serviceId: demoRef(refs.services, service, 'service') });
      for (const channelId of demo.channels ?? (demo.private ? [2] : [1, 2])) em.create(PackageChannelLink, { packageId: pkg.id, channelId });
      if (demo.private) em.create(PackageCustomerLink, { packageId: pkg.id, customerId: demoRef(refs.companyId, 'company', 'customer') });
      for (const [code, quantity] of Object.entries(demo.features)) {
        const [amount, storageType] = Array.isArray(quantity) ? quantity : [quantity, null];
        em.create(PackageFeature, { packageId: pkg.id, serviceFeatureId: demoRef(refs.features, code, 'feature'), quantity: amount, storageType });
      }
      const [from, to] = COLOURS[demo.services[0] as string] ?? ['#2e7d32', '#ff8f00'];
      const content = bannerPng(from, to, !!demo.offer);
      em.create(PackageOfferImage, {
        packageId: pkg.id,
        fileName: `${demo.code.toLowerCase()}.png`,
        contentType: 'image/png',
        size: content.length,
        sha256: createHash('sha256').update(content).digest('hex'),
        content,
        uploadedAt: now,
      });
    }
    await em.flush();
  },
};
