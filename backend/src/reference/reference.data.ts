import type { BrandAppInfo, BrandPalette, BrandTheme } from './reference.entities.js';
import { faviconSvg, logoSvg } from './brand-art.js';

interface BrandSeed {
  appName: string;
  title: string;
  description: string;
  initials: string;
  variant: BrandTheme['variant'];
  palette: BrandPalette;
  site: string;
  documentTypes: { N: number[]; J: number[]; R: number[] };
  cashPayment: boolean;
  identityValidation: boolean;
  configurable?: boolean;
  /** The package code the free trial grants (parameter `trialPackageCode`); brands without one offer no trial. */
  trialPackage?: string;
}

const light = (primary: string, secondary: string): BrandPalette => ({
  mode: 'light',
  primary,
  secondary,
  background: '#f6f7fb',
  surface: '#ffffff',
  text: '#1f2933',
});

/** The brands of the specs; `{product}` is the configurable brand named by PRODUCT_BRAND. */
export function brandSeeds(productBrand: string): BrandSeed[] {
  return [
    {
      appName: 'license',
      // The licence app is named by its default sub-brand (the one of roles without letmicert), so
      // the storefront's sign-in, the tab title and the back office's header say the same name.
      title: 'Myselfcert',
      description: 'Tienda y administración de licencias',
      initials: 'MC',
      variant: 'orange',
      palette: light('#ef6c00', '#37474f'),
      site: 'https://www.licencias.com.co',
      documentTypes: { N: [1, 2, 6, 3], J: [4], R: [1, 2, 6] },
      cashPayment: true,
      identityValidation: false,
    },
    {
      appName: 'colnomina',
      title: 'Colnómina',
      description: 'Nómina electrónica',
      initials: 'CN',
      variant: 'light',
      palette: light('#00796b', '#f9a825'),
      site: 'https://www.colnomina.com',
      documentTypes: { N: [1, 2], J: [4], R: [1, 2, 6] },
      cashPayment: true,
      identityValidation: false,
      trialPackage: 'CN-PRUEBA',
    },
    {
      appName: 'firmaya',
      title: 'FirmaYa',
      description: 'Firma electrónica',
      initials: 'FY',
      variant: 'light',
      palette: light('#5e35b1', '#ff7043'),
      site: 'https://www.firmaya.co',
      documentTypes: { N: [1], J: [4], R: [1] },
      cashPayment: true,
      identityValidation: true,
      trialPackage: 'FY-PRUEBA',
    },
    {
      appName: 'colfactura',
      title: 'Colfactura',
      description: 'Facturación electrónica',
      initials: 'CF',
      variant: 'light',
      palette: light('#1565c0', '#ffb300'),
      site: 'https://www.colfactura.com',
      documentTypes: { N: [1, 2], J: [4], R: [1, 2, 6] },
      cashPayment: true,
      identityValidation: false,
    },
    {
      appName: 'firmamail',
      title: 'FirmaMail',
      description: 'Correo electrónico certificado',
      initials: 'FM',
      variant: 'light',
      palette: light('#c62828', '#455a64'),
      site: 'https://www.firmamail.co',
      documentTypes: { N: [1, 2, 6], J: [4], R: [1, 2, 6] },
      cashPayment: true,
      identityValidation: false,
    },
    {
      appName: 'bemyself',
      title: 'BeMyself',
      description: 'Identidad y certificados digitales',
      initials: 'BM',
      variant: 'dark',
      palette: { mode: 'dark', primary: '#26c6da', secondary: '#ffca28', background: '#101418', surface: '#1b2229', text: '#eceff1' },
      site: 'https://www.bemyself.co',
      documentTypes: { N: [1, 2, 6], J: [4], R: [1, 2, 6] },
      cashPayment: false,
      identityValidation: false,
    },
    {
      appName: productBrand,
      title: productBrand.charAt(0).toUpperCase() + productBrand.slice(1),
      description: 'Marca configurable',
      initials: productBrand.slice(0, 2).toUpperCase(),
      variant: 'light',
      palette: light('#2e7d32', '#ff8f00'),
      site: `https://www.${productBrand}.co`,
      documentTypes: { N: [1, 2, 6], J: [4], R: [1, 2, 6] },
      cashPayment: true,
      identityValidation: false,
      configurable: true,
    },
  ];
}

export function brandRow(seed: BrandSeed, order: number) {
  const theme: BrandTheme = {
    variant: seed.variant,
    palette: seed.palette,
    logoSvg: logoSvg(seed.title, seed.palette, seed.initials),
    faviconSvg: faviconSvg(seed.palette, seed.initials),
  };
  if (seed.appName === 'license') {
    const letmicert = light('#d84315', '#263238');
    const myselfcert = light('#ef6c00', '#37474f');
    theme.variants = {
      letmicert: { title: 'Letmicert', palette: letmicert, logoSvg: logoSvg('Letmicert', letmicert, 'LC') },
      myselfcert: { title: 'Myselfcert', palette: myselfcert, logoSvg: logoSvg('Myselfcert', myselfcert, 'MC') },
    };
  }
  const appInfo: BrandAppInfo = {
    urlLandingPage: seed.site,
    urlPersonalDataTreatmentPolicy: `${seed.site}/politica-de-tratamiento-de-datos`,
    urlTermsAndConditions: `${seed.site}/terminos-y-condiciones`,
    urlSecutityLogin: '/login',
    userActivateTokenTime: 60,
  };
  return {
    appName: seed.appName,
    tenant: 'CO',
    title: seed.title,
    description: seed.description,
    configurable: !!seed.configurable,
    theme,
    appInfo,
    sortOrder: order,
  };
}

const param = (type: 'boolean' | 'number' | 'string' | 'object', value: unknown) => JSON.stringify({ type, value });

export function parameterRows(seed: BrandSeed) {
  const rows: [string, string, string][] = [
    ['paymentCashApply', param('boolean', seed.cashPayment), 'Permite el pago en efectivo con comprobante'],
    ['integrationServiceApply', param('boolean', seed.identityValidation), 'Solicita validación de identidad antes de la compra'],
    ['promotionCodeApply', param('boolean', true), 'Permite aplicar códigos promocionales'],
    ['planFeaturesview', param('boolean', true), 'Muestra las características del plan en Mi Plan'],
    ['paymentStatusPolling', param('boolean', true), 'Reconsulta el estado del pago mientras está pendiente'],
    ['maxPackageQuantity', param('number', 999), 'Cantidad máxima de un paquete en el carrito'],
    ...(seed.trialPackage ? [['trialPackageCode', param('string', seed.trialPackage), 'Paquete que activa la prueba gratis'] as [string, string, string]] : []),
    [
      'urlsFromBack',
      param('object', { urlLandingPage: `${seed.site}`, urlPersonalDataTreatmentPolicy: `${seed.site}/politica-de-tratamiento-de-datos` }),
      'Direcciones de la marca',
    ],
  ];
  return rows.map(([parameterCode, parameterValue, description]) => ({
    appName: seed.appName,
    countryCode: 'CO',
    parameterType: 'STORE',
    parameterCode,
    parameterValue,
    description,
  }));
}

export const SYSTEM_PARAMETERS = [
  { parameterCode: 'UNLIMITED_QUANTITY', parameterValue: '1000000', description: 'Cantidad que representa una característica ilimitada' },
  { parameterCode: 'MAX_REASSIGNMENT_QUOTA', parameterValue: '5', description: 'Cupo máximo de reasignación por defecto' },
  { parameterCode: 'MAX_CONTRACT_VALIDITY_YEARS', parameterValue: '2', description: 'Vigencia máxima de un convenio en años' },
  { parameterCode: 'DEFAULT_CONSUMPTION_ALERT', parameterValue: '90', description: 'Porcentaje de consumo por defecto para alertas' },
  { parameterCode: 'LOW_AVAILABILITY_THRESHOLD', parameterValue: '85', description: 'Porcentaje desde el que la disponibilidad es baja' },
  { parameterCode: 'UPLOAD_MAX_BYTES', parameterValue: '2097152', description: 'Tamaño máximo de un archivo adjunto' },
  { parameterCode: 'PAYMENT_STATUS_RETRIES', parameterValue: '6', description: 'Reintentos de consulta del estado de un pago pendiente' },
];

export const DOCUMENT_TYPES = [
  { id: 1, documentTypeCode: 'CC', description: 'Cédula de ciudadanía', isVisibleForClient: true, isVisibleForSupervisor: true, alphanumeric: false },
  { id: 2, documentTypeCode: 'CE', description: 'Cédula de extranjería', isVisibleForClient: true, isVisibleForSupervisor: true, alphanumeric: false },
  {
    id: 3,
    documentTypeCode: 'NUIP',
    description: 'Número único de identificación personal',
    isVisibleForClient: true,
    isVisibleForSupervisor: false,
    alphanumeric: false,
  },
  {
    id: 4,
    documentTypeCode: 'NIT',
    description: 'Número de identificación tributaria',
    isVisibleForClient: true,
    isVisibleForSupervisor: false,
    alphanumeric: false,
  },
  { id: 6, documentTypeCode: 'PA', description: 'Pasaporte', isVisibleForClient: true, isVisibleForSupervisor: true, alphanumeric: true },
  {
    id: 10,
    documentTypeCode: 'PEP',
    description: 'Permiso especial de permanencia',
    isVisibleForClient: true,
    isVisibleForSupervisor: true,
    alphanumeric: true,
  },
  {
    id: 13,
    documentTypeCode: 'PPT',
    description: 'Permiso por protección temporal',
    isVisibleForClient: true,
    isVisibleForSupervisor: true,
    alphanumeric: true,
  },
].map((d) => ({ ...d, countryDescriptions: { CO: d.description } }));

export const REJECT_TYPES = [
  { id: 1, rejectTypeDescription: 'El comprobante es ilegible' },
  { id: 2, rejectTypeDescription: 'El valor del comprobante no coincide con la orden' },
  { id: 3, rejectTypeDescription: 'El comprobante ya fue utilizado en otra orden' },
  { id: 4, rejectTypeDescription: 'La cuenta de destino no corresponde' },
  { id: 5, rejectTypeDescription: 'El RUT no corresponde al cliente' },
  { id: 6, rejectTypeDescription: 'Otro motivo' },
];

export const EMAIL_BLACKLIST = [
  'yopmail.com',
  'mailinator.com',
  'guerrillamail.com',
  '10minutemail.com',
  'temp-mail.org',
  'tempmail.com',
  'trashmail.com',
  'sharklasers.com',
  'getnada.com',
  'maildrop.cc',
  'dispostable.com',
  '*.tk',
].map((regla, i) => ({ id: i + 1, regla, description: 'Correo temporal o desechable' }));
