/** The buyer whose identity is validated (store §3 "Identity validation request", subscriber). */
export interface IdentitySubscriber {
  documentType: number;
  document: string;
  email: string;
  phoneNumber: string;
}

export type IdentityVerdict = 'VALIDATED' | 'NOT_VALIDATED';

/**
 * The identity validation service firmaya asks before a visitor buys. `verify` answers the
 * verdict, and throws when the service could not process the request (the store then shows
 * "Lo sentimos."). Bind another implementation to `IDENTITY_VERIFIER` for a real provider.
 */
export interface IdentityVerifier {
  verify(subscriber: IdentitySubscriber, appName: string): Promise<IdentityVerdict>;
}

export const IDENTITY_VERIFIER = Symbol('IDENTITY_VERIFIER');

/** store §4: the code of a validated identity; ER01 is this product's code for data that were not validated. */
export const IDENTITY_VALIDATED_CODE = 'OK01';
export const IDENTITY_NOT_VALIDATED_CODE = 'ER01';
