import { IDENTITY_MESSAGES } from '@licencias/common/rules';
import { MESSAGES } from '../api/messages';
import type { PageMessage } from '../pages/message-validation-email/message';
import { continueProblem, type CustomerBase } from './rules';
import type { CartState } from './types';

/** Where Continue goes: the purchase form of the licence app, or the stores' purchase page (§4). */
export const PURCHASE_PATHS = { licenseApp: '/registerPurchaseOrder', store: '/license/RegisterPurchaseExt' } as const;
export const MESSAGE_PATH = '/messageValidationEmail';
/** The cart modal over the store, where a buyer goes back to correct the data. */
export const CART_MODAL_PATH = '/license/viewCartModal';

export interface IdentityValidationSubscriber {
  documentType: number;
  document: string;
  email: string;
  phoneNumber: string;
}

export interface ContinueServices {
  /** The signed-in customer's base package (GetPackageBaseCustomer). */
  baseOfCustomer(serviceName: string): Promise<CustomerBase>;
  /**
   * Identity validation (register-identity-validation): true when it answered OK01, false when the
   * data were not validated; throws when the request could not be processed.
   */
  requestIdentityValidation(cart: CartState, subscriber: IdentityValidationSubscriber, appName: string): Promise<boolean>;
}

export type ContinueOutcome = { kind: 'problem'; severity: 'warning' | 'error'; message: string } | { kind: 'go'; to: string; state?: PageMessage };

export interface ContinueInput {
  cart: CartState;
  appName: string;
  signedIn: boolean;
  isLicenseApp: boolean;
  /** The brand validates a visitor's identity first (firmaya: integrationServiceApply). */
  identityValidation: boolean;
  /** The buyer's data, already checked by the form, when identity validation applies. */
  subscriber?: IdentityValidationSubscriber;
}

/**
 * Continue from the cart (§4): a signed-in customer's base package is read first; the cart needs a
 * base (§5 messages); a visitor of a brand with identity validation is validated and sees one of
 * the three message pages of §8; otherwise the purchase form.
 */
export async function continuePurchase(input: ContinueInput, services: ContinueServices): Promise<ContinueOutcome> {
  let customer: CustomerBase | undefined;
  if (input.signedIn) {
    try {
      customer = await services.baseOfCustomer(input.appName);
    } catch (error) {
      console.error(error);
      return { kind: 'problem', severity: 'error', message: MESSAGES.serverError };
    }
  }
  const problem = continueProblem(input.cart, customer);
  if (problem) return { kind: 'problem', severity: 'warning', message: problem };

  if (input.identityValidation && !input.signedIn && input.subscriber) {
    try {
      const validated = await services.requestIdentityValidation(input.cart, input.subscriber, input.appName);
      return validated
        ? {
            kind: 'go',
            to: MESSAGE_PATH,
            state: { title: IDENTITY_MESSAGES.validatedTitle, text: IDENTITY_MESSAGES.validatedText, tone: 'success', action: 'Entendido' },
          }
        : {
            kind: 'go',
            to: MESSAGE_PATH,
            state: {
              title: IDENTITY_MESSAGES.notValidatedTitle,
              text: IDENTITY_MESSAGES.notValidatedText,
              tone: 'warning',
              action: 'Revisar mis datos',
              actionPath: CART_MODAL_PATH,
            },
          };
    } catch (error) {
      console.error(error);
      return {
        kind: 'go',
        to: MESSAGE_PATH,
        state: {
          title: IDENTITY_MESSAGES.failedTitle,
          text: IDENTITY_MESSAGES.failedText,
          tone: 'error',
          action: 'Volver a la tienda',
          actionPath: CART_MODAL_PATH,
        },
      };
    }
  }
  return { kind: 'go', to: input.isLicenseApp ? PURCHASE_PATHS.licenseApp : PURCHASE_PATHS.store };
}
