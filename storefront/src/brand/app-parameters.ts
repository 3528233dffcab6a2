import { parameterMap, type ParameterValue } from '@licencias/common/rules';
import { call, publicApi } from '../api';
import type { Brand } from './types';

/** The application parameters the store reads, with their defaults. */
export interface AppParameters {
  /** Cash payment with proof is offered. */
  paymentCashApply: boolean;
  /** Identity validation is requested before a purchase (firmaya). */
  integrationServiceApply: boolean;
  promotionCodeApply: boolean;
  planFeaturesview: boolean;
  /** The payment status is re-queried while pending. */
  paymentStatusPolling: boolean;
  /** Largest quantity of one package in the cart. */
  maxPackageQuantity: number;
  urlsFromBack: { urlLandingPage?: string; urlPersonalDataTreatmentPolicy?: string };
  /** Every parameter read, by code; a parameter whose value does not match its type is skipped. */
  all: Record<string, ParameterValue['value']>;
}

export function defaultParameters(brand: Brand): AppParameters {
  return {
    paymentCashApply: true,
    integrationServiceApply: false,
    promotionCodeApply: true,
    planFeaturesview: true,
    paymentStatusPolling: false,
    maxPackageQuantity: 999,
    urlsFromBack: { urlLandingPage: brand.appInfo.urlLandingPage, urlPersonalDataTreatmentPolicy: brand.appInfo.urlPersonalDataTreatmentPolicy },
    all: {},
  };
}

const bool = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
const num = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);

export function readParameters(brand: Brand, all: Record<string, ParameterValue['value']> = {}): AppParameters {
  const defaults = defaultParameters(brand);
  const urls = all.urlsFromBack && typeof all.urlsFromBack === 'object' ? (all.urlsFromBack as Record<string, unknown>) : {};
  return {
    paymentCashApply: bool(all.paymentCashApply, defaults.paymentCashApply),
    integrationServiceApply: bool(all.integrationServiceApply, defaults.integrationServiceApply),
    promotionCodeApply: bool(all.promotionCodeApply, defaults.promotionCodeApply),
    planFeaturesview: bool(all.planFeaturesview, defaults.planFeaturesview),
    paymentStatusPolling: bool(all.paymentStatusPolling, defaults.paymentStatusPolling),
    maxPackageQuantity: num(all.maxPackageQuantity, defaults.maxPackageQuantity),
    urlsFromBack: {
      urlLandingPage: text(urls.urlLandingPage) ?? defaults.urlsFromBack.urlLandingPage,
      urlPersonalDataTreatmentPolicy: text(urls.urlPersonalDataTreatmentPolicy) ?? defaults.urlsFromBack.urlPersonalDataTreatmentPolicy,
    },
    all,
  };
}

/**
 * The parameters of an application, by code; undefined when they cannot be loaded (the caller
 * falls back to the defaults, as the specs say).
 */
export async function fetchParameterMap(appName: string, tenant?: string): Promise<Record<string, ParameterValue['value']> | undefined> {
  const countryCode = tenant && /^[A-Za-z]{2}$/.test(tenant) ? tenant : undefined;
  try {
    const data = await call(
      publicApi.GET('/license/api/parameter/GetAppParameters', {
        params: { header: { appName, ...(tenant ? { tenant } : {}), ...(countryCode ? { countryCode } : {}) } },
      }),
    );
    return parameterMap(data.result?.records ?? []);
  } catch (error) {
    console.warn('No fue posible cargar los parámetros de la aplicación; se usan los valores por defecto', error);
    return undefined;
  }
}
