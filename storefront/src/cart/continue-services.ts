import type { ContinueServices } from './continue';

/**
 * Continue's calls. GetPackageBaseCustomer comes with the catalogue's contract and
 * register-identity-validation with this module's backend; until then a customer is taken as
 * holding no base package and the validation cannot be processed.
 */
export const continueServices: ContinueServices = {
  baseOfCustomer: () => Promise.resolve({ hasBase: false, isFree: false }),
  requestIdentityValidation: () => Promise.reject(new Error('Validación de identidad no disponible')),
};
