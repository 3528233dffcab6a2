import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { defineLookup } from '../database/entity-columns.js';

export interface BrandPalette {
  mode: 'light' | 'dark';
  primary: string;
  secondary: string;
  background: string;
  surface: string;
  text: string;
}

export interface BrandTheme {
  variant: 'orange' | 'light' | 'dark';
  palette: BrandPalette;
  /** Inline SVG served at /api/v1/brands/{appName}/logo */
  logoSvg: string;
  faviconSvg: string;
  /** Back-office sub-brands chosen by role (letmicert / myselfcert). */
  variants?: Record<string, { title: string; palette: BrandPalette; logoSvg: string }>;
}

export interface BrandAppInfo {
  urlLandingPage: string;
  urlPersonalDataTreatmentPolicy: string;
  urlTermsAndConditions: string;
  urlSecutityLogin: string;
  /** Minutes an activation link stays valid. */
  userActivateTokenTime: number;
}

export const Brand = defineEntity({
  name: 'Brand',
  tableName: 'brand',
  properties: {
    appName: p.string().length(40).primary(),
    tenant: p.string().length(10),
    title: p.string().length(100),
    description: p.string().length(300),
    configurable: p.boolean().default(false),
    theme: p.json<BrandTheme>(),
    appInfo: p.json<BrandAppInfo>(),
    sortOrder: p.integer().default(0),
  },
});
export type Brand = InferEntity<typeof Brand>;

export const AppParameter = defineEntity({
  name: 'AppParameter',
  tableName: 'app_parameter',
  uniques: [{ properties: ['appName', 'countryCode', 'parameterType', 'parameterCode'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    appName: () => p.manyToOne(Brand).mapToPk().fieldName('app_name'),
    countryCode: p.string().length(2),
    parameterType: p.string().length(40),
    parameterCode: p.string().length(60),
    /** JSON text {"type": "...", "value": ...}; a value of another type is ignored by readers. */
    parameterValue: p.text(),
    description: p.string().length(300).nullable(),
  },
});
export type AppParameter = InferEntity<typeof AppParameter>;

/** Generic system parameters read by code (GetParameterByType). */
export const SystemParameter = defineEntity({
  name: 'SystemParameter',
  tableName: 'system_parameter',
  properties: {
    parameterCode: p.string().length(60).primary(),
    parameterValue: p.text(),
    description: p.string().length(300),
  },
});
export type SystemParameter = InferEntity<typeof SystemParameter>;

export const DocumentType = defineLookup('DocumentType', 'document_type', {
  documentTypeCode: p.string().length(10).unique(),
  description: p.string().length(100),
  /** Description per country code, e.g. {"CO": "Cédula de ciudadanía"} */
  countryDescriptions: p.json<Record<string, string>>(),
  isVisibleForClient: p.boolean(),
  isVisibleForSupervisor: p.boolean(),
  alphanumeric: p.boolean().default(false),
});
export type DocumentType = InferEntity<typeof DocumentType>;

/** Which document types a brand accepts for a person type (N natural, J legal, R legal representative). */
export const BrandDocumentType = defineEntity({
  name: 'BrandDocumentType',
  tableName: 'brand_document_type',
  properties: {
    appName: () => p.manyToOne(Brand).mapToPk().primary().fieldName('app_name'),
    personType: p.enum(['N', 'J', 'R'] as const).primary(),
    documentTypeId: () => p.manyToOne(DocumentType).mapToPk().primary().fieldName('document_type_id'),
    sortOrder: p.integer().default(0),
  },
});
export type BrandDocumentType = InferEntity<typeof BrandDocumentType>;

/** Its id is the DANE code as a number (05 -> 5), stable across databases. */
export const Department = defineLookup('Department', 'department', {
  daneCode: p.string().length(2).unique(),
  name: p.string().length(100),
  countryCode: p.string().length(2).default('CO'),
});
export type Department = InferEntity<typeof Department>;

/** Its id is the DANE code as a number (05001 -> 5001). */
export const Municipality = defineLookup('Municipality', 'municipality', {
  daneCode: p.string().length(5).unique(),
  name: p.string().length(100),
  departmentId: () => p.manyToOne(Department).mapToPk().fieldName('department_id'),
});
export type Municipality = InferEntity<typeof Municipality>;

export const RejectType = defineLookup('RejectType', 'reject_type', {
  rejectTypeDescription: p.string().length(200),
  active: p.boolean().default(true),
});
export type RejectType = InferEntity<typeof RejectType>;

/** A blocked e-mail domain rule: a domain ("yopmail.com") or a wildcard ("*.tk"). */
export const EmailBlacklistRule = defineLookup('EmailBlacklistRule', 'email_blacklist_rule', {
  regla: p.string().length(200).unique(),
  description: p.string().length(200).nullable(),
});
export type EmailBlacklistRule = InferEntity<typeof EmailBlacklistRule>;

export const REFERENCE_ENTITIES = [
  Brand,
  AppParameter,
  SystemParameter,
  DocumentType,
  BrandDocumentType,
  Department,
  Municipality,
  RejectType,
  EmailBlacklistRule,
];
