import { bogotaDay, formatDate } from '@licencias/common/dates';

/**
 * The order's own rules (store §4, §5, §8), pure: the licence checks that give ER16 and ER17, the
 * payment method against the total, and the messages the spec does not show (decided here and
 * listed in docs/architecture.md, Orders).
 */

/** The renewal window of a base plan when the parameter `MinDaysToRenewLicense` is not set. */
export const DEFAULT_MIN_DAYS_TO_RENEW = 30;
const DAY_MS = 86_400_000;

/** RegisterPurchaseOrder's code for a free plan activated for a company that already has an active account (store §4). */
export const ACTIVE_ACCOUNT_CODE = 'OK16';

export const ORDER_MESSAGES = {
  registered: 'Orden de compra registrada.',
  activeAccount: '¡Ya tienes una cuenta activa!',
  cashRegistered: 'Se ha enviado la orden de pedido a tu correo electrónico',
  emailNotVerified: 'Debes verificar tu correo electrónico antes de registrar la compra.',
  noCashForBrand: 'El pago en efectivo no está disponible para esta marca.',
  freeNeedsNoPayment: 'La compra no tiene valor a pagar: usa la opción Activar.',
  paidNeedsMethod: 'La compra tiene valor a pagar: elige un medio de pago.',
  keyInFlight: 'Tu orden de compra se está registrando; espera un momento.',
  keyReused: 'Esta clave ya se usó para otra orden de compra.',
  pendingActivation: 'Tienes una licencia pendiente por activar. Actívala antes de comprar otro plan.',
  totalChanged: (total: string) => `El total de la compra cambió: el valor a pagar es ${total}. Revisa tu carrito y vuelve a intentarlo.`,
  onlyOneLicense: (minDate: Date | null) =>
    minDate
      ? `Ya tienes un plan base activo de este producto. Podrás renovarlo a partir del ${formatDate(minDate)}.`
      : 'Ya tienes un plan base activo de este producto, sin fecha de vencimiento.',
} as const;

/** A licence of the buyer in the service, as the checks read it. */
export interface HeldLicence {
  state: 'PENDING' | 'ACTIVE' | 'EXPIRED';
  expiresAt: Date | null;
  /** A base plan (base or combo package, or features granted without a package). */
  base: boolean;
}

/** ER16 or ER17 with what the storefront's dialogs show (§8). */
export interface LicenceBlock {
  code: 'ER16' | 'ER17';
  message: string;
  /** ER16: the first Bogotá day the base plan may be renewed (`yyyy-MM-dd`), null without an end. */
  minDateToRenew: string | null;
}

/**
 * ER17 when a licence of the service awaits activation; ER16 when the cart holds a base plan and
 * an active base licence of the service ends after the renewal window (`minDays` before its end).
 */
export function licenceBlock(held: readonly HeldLicence[], cartHasBase: boolean, now: Date, minDays: number): LicenceBlock | null {
  const inForce = held.filter((l) => l.state !== 'EXPIRED' && (l.expiresAt === null || l.expiresAt.getTime() > now.getTime()));
  if (inForce.some((l) => l.state === 'PENDING')) return { code: 'ER17', message: ORDER_MESSAGES.pendingActivation, minDateToRenew: null };
  if (!cartHasBase) return null;
  const blocking = inForce
    .filter((l) => l.base && l.state === 'ACTIVE')
    .map((l) => (l.expiresAt === null ? null : new Date(l.expiresAt.getTime() - minDays * DAY_MS)))
    .filter((renewFrom) => renewFrom === null || renewFrom.getTime() > now.getTime());
  if (!blocking.length) return null;
  const latest = blocking.includes(null) ? null : new Date(Math.max(...blocking.map((d) => (d as Date).getTime())));
  return { code: 'ER16', message: ORDER_MESSAGES.onlyOneLicense(latest), minDateToRenew: latest ? bogotaDay(latest) : null };
}

/** `result.responseData` as the spec reads it: a JSON text with Code and MinDateToRenewLicense. */
export function responseData(block: LicenceBlock | { code: 'ER15'; minDateToRenew: null }): { responseData: string } {
  return { responseData: JSON.stringify({ Code: block.code, MinDateToRenewLicense: block.minDateToRenew }) };
}
