import { documentNumberProblem, normalizeDocumentNumber } from './company.js';
import { PURCHASE_MAX, PURCHASE_MESSAGES, purchaseEmailProblem, purchasePhoneProblem } from './purchase-form.js';

/**
 * The anonymous buyer of a store with identity validation (firmaya, store §2 "firmaya buyer form",
 * §3 "Identity validation request", §5): the rules the cart's form and the server apply alike.
 */

/** The only document type the form offers (§5: "document type only CC"). */
export const IDENTITY_DOCUMENT_TYPE = 1;

export interface IdentityBuyerInput {
  documentType: number | null | undefined;
  document: string | null | undefined;
  email: string | null | undefined;
  phoneNumber: string | null | undefined;
}

export type IdentityBuyerField = keyof IdentityBuyerInput | 'consent';

export const IDENTITY_MESSAGES = {
  required: PURCHASE_MESSAGES.required,
  documentType: 'Solo se admite la cédula de ciudadanía.',
  consent: 'Debes autorizar el tratamiento de tus datos personales.',
  /** §8: the three outcomes of the request. */
  validatedTitle: 'No dudamos que seas tú...',
  validatedText:
    'Te enviamos un correo electrónico con un enlace para continuar tu compra. Revisa el correo que registraste (y la carpeta de correo no deseado).',
  notValidatedTitle: 'No hemos validado tu información',
  notValidatedText: 'Revisa los datos ingresados y vuelve a intentarlo',
  failedTitle: 'Lo sentimos.',
  failedText: 'No hemos podido procesar tu solicitud de validación de identidad, por favor inténtalo más tarde.',
} as const;

/** Longest values (§5: document 15, e-mail 100, phone 10 digits). */
export const IDENTITY_MAX = { document: PURCHASE_MAX.documentNumber, email: PURCHASE_MAX.email, phoneNumber: PURCHASE_MAX.cellphoneNumber } as const;

/**
 * One problem per field: CC only; its number digits 5 to 15; the e-mail of §5 (format, 10 to 100
 * characters, not on the blacklist); a 10-digit mobile; and, on the screen, the consent.
 */
export function identityBuyerProblems(
  input: IdentityBuyerInput & { consent?: boolean },
  blockedDomains: readonly string[],
  withConsent = false,
): Partial<Record<IdentityBuyerField, string>> {
  const problems: Partial<Record<IdentityBuyerField, string>> = {};
  if (input.documentType == null) problems.documentType = IDENTITY_MESSAGES.required;
  else if (input.documentType !== IDENTITY_DOCUMENT_TYPE) problems.documentType = IDENTITY_MESSAGES.documentType;
  const document = documentNumberProblem(IDENTITY_DOCUMENT_TYPE, normalizeDocumentNumber(input.document));
  if (document) problems.document = document;
  const email = purchaseEmailProblem(input.email, blockedDomains);
  if (email) problems.email = email;
  const phone = purchasePhoneProblem('Service', input.phoneNumber);
  if (phone) problems.phoneNumber = phone;
  if (withConsent && !input.consent) problems.consent = IDENTITY_MESSAGES.consent;
  return problems;
}
