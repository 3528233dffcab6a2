import type { components } from '@licencias/common/schema';
import { api } from '../../api/client';
import { call } from '../../api/errors';
import type { AddOptions, CartOutcome } from '../../cart/cart-store';
import type { UseCart } from '../../cart/cart-context';
import { type StorePackage, toCartPackage } from '../catalogue';

type DecryptedLink = components['schemas']['DecryptPackageEnvelope']['result'];

/** The message of a package link that cannot be used (store §8, package decrypt failure). */
export const LINK_PROBLEM = {
  title: '¡Ocurrió un inconveniente!',
  text: 'No hemos podido procesar la solicitud, por favor inténtalo más tarde.',
} as const;

/** The package a link names: its code (any case) or its id. */
export function findPackage(packages: readonly StorePackage[], idParam: string | undefined): StorePackage | undefined {
  const wanted = idParam?.trim().toLowerCase();
  if (!wanted) return undefined;
  return packages.find((pkg) => pkg.packageCode.toLowerCase() === wanted) ?? packages.find((pkg) => String(pkg.packageId) === wanted);
}

/** A link's quantity: a whole number from 1 to the cart's limit; 1 otherwise. */
export function linkQuantity(value: string | null | undefined, max: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : 1;
}

export interface CartModalLink {
  idParam?: string;
  quantity: number;
}

/** `/license/viewCartModal/{idParam?}/{quantityParam?}/{reloadParam?}`, or the same names in the query. */
export function readCartModalLink(params: Record<string, string | undefined>, query: URLSearchParams, max: number): CartModalLink {
  const idParam = params.idParam ?? query.get('idParam') ?? undefined;
  return { ...(idParam ? { idParam } : {}), quantity: linkQuantity(params.quantityParam ?? query.get('quantityParam'), max) };
}

/** Adds a package of a link: its quantity is the employees of an employee package, the units of any other. */
export function addFromLink(cart: Pick<UseCart, 'add'>, pkg: StorePackage, quantity: number, options: AddOptions = {}): Promise<CartOutcome> {
  return cart.add(toCartPackage(pkg), { ...options, ...(pkg.priceByQuantity ? { employees: quantity } : { quantity }) });
}

/** DecryptPackage: the packages, quantities and promotion code of an encrypted link. */
export async function decryptLink(encryptedParameter: string): Promise<DecryptedLink> {
  const answer = await call(api.POST('/license/api/Package/DecryptPackage', { body: { package: encryptedParameter } }));
  return answer.result;
}
