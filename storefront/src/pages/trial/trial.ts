import { PURCHASE_MESSAGES, purchaseCustomerProblems, type PurchaseFormField, type PurchaseRuleContext } from '@licencias/common/rules';
import type { components } from '@licencias/common/schema';
import { call, publicApi } from '../../api';
import { fieldName, toCustomerInput, type FormErrors, type SectionField, type SectionValues } from '../../checkout/form';
import { createCheckoutServices } from '../../checkout/services';
import type { ReferenceData } from '../../checkout/types';

export type TrialOffer = components['schemas']['TrialOffer'];
export type TrialRequest = components['schemas']['TrialRequest'];
export type TrialRequested = components['schemas']['TrialRequested'];
export type TrialActivation = components['schemas']['TrialActivation'];

/** The trial's texts: the spec's ('¡Prueba {app} gratis!', 'Comenzar', 'Comprar ahora', '¡Revisa tu Email!', §8's 'Comprar Ahora'); the rest decided here. */
export const TRIAL_TEXTS = {
  title: (app: string) => `¡Prueba ${app} gratis!`,
  start: 'Comenzar',
  buyNow: 'Comprar ahora',
  buyNowAfterError: 'Comprar Ahora',
  checkEmail: '¡Revisa tu Email!',
  linkSent: (email: string, validity: string) =>
    `Enviamos un enlace de activación a ${email}. Síguelo para activar tu prueba gratis: es válido por ${validity}.`,
  cartHasItems: 'Tu carrito tiene productos: termina tu compra o vacía el carrito para comenzar la prueba gratis.',
  errorTitle: '¡Lo sentimos!',
  activating: 'Activando tu prueba gratis…',
  activatedTitle: '¡Tu prueba gratis está activa!',
  activatedText: (packageName: string, until: string | null) => (until ? `Ya puedes usar ${packageName} hasta el ${until}.` : `Ya puedes usar ${packageName}.`),
  goTo: (app: string) => `Ir a ${app}`,
  missingToken: 'El enlace de activación no es válido.',
  fixFields: 'Revisa los campos marcados antes de continuar.',
} as const;

/** How long a link lasts, as people say it: whole hours in hours, otherwise minutes. */
export function durationText(minutes: number): string {
  if (minutes >= 60 && minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? '1 hora' : `${hours} horas`;
  }
  return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
}

const UNITS: Record<TrialOffer['validityTypeId'], [string, string]> = { D: ['día', 'días'], M: ['mes', 'meses'], A: ['año', 'años'], I: ['', ''] };

/** The trial's validity ('15 días'); null when it does not end. */
export function validityText(offer: Pick<TrialOffer, 'validityPeriod' | 'validityTypeId'>): string | null {
  if (offer.validityTypeId === 'I') return null;
  const [one, many] = UNITS[offer.validityTypeId];
  return `${offer.validityPeriod} ${offer.validityPeriod === 1 ? one : many}`;
}

/** Every problem of the trial form: the purchase form's activation section (common's rules) and the terms. */
export function trialProblems(values: SectionValues, legalTermsCheck: boolean, context: PurchaseRuleContext): FormErrors {
  const problems: FormErrors = {};
  for (const problem of purchaseCustomerProblems('Service', toCustomerInput(values, 'Service'), context)) {
    problems[fieldName(problem.field as SectionField, 'Service')] = problem.message;
  }
  if (!legalTermsCheck) problems.legalTermsCheck = PURCHASE_MESSAGES.terms;
  return problems;
}

/** The form field of a server refusal's detail (`body.customer.email` → `emailService`). */
export function formFieldOf(field: string | undefined): PurchaseFormField | undefined {
  if (field === 'body.legalTermsCheck') return 'legalTermsCheck';
  const match = /^body\.customer\.(\w+)$/.exec(field ?? '');
  return match?.[1] ? fieldName(match[1] as SectionField, 'Service') : undefined;
}

/** The trial's server calls, injected so the pages can be tested without a server. */
export interface TrialServices {
  referenceData(): Promise<ReferenceData>;
  offer(appName: string): Promise<TrialOffer>;
  request(body: TrialRequest): Promise<TrialRequested>;
  activate(token: string): Promise<TrialActivation>;
}

export function createTrialServices(): TrialServices {
  const checkout = createCheckoutServices();
  return {
    referenceData: () => checkout.referenceData(),
    offer: (appName) => call(publicApi.GET('/api/v1/trials/offers/{appName}', { params: { path: { appName } } })),
    request: (body) => call(publicApi.POST('/api/v1/trials', { body })),
    activate: (token) => call(publicApi.POST('/api/v1/trials/activation', { body: { token } })),
  };
}
