import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import type { ConfirmationRefusal, PaymentGateway, PaymentOutcome, SignedRequest, VerifiedConfirmation } from './payment.types.js';

/**
 * PagueATiempo's `status`, and the number each is stored under (payment_confirmation.response_code,
 * numbered like ePayco's codes). States not listed are refused, never guessed.
 */
export const PAGUEATIEMPO_STATUSES: Readonly<Record<string, { outcome: PaymentOutcome; code: number }>> = {
  APPROVED: { outcome: 'APPROVED', code: 1 },
  REJECTED: { outcome: 'REJECTED', code: 2 },
  PENDING: { outcome: 'PENDING', code: 3 },
  FAILED: { outcome: 'REJECTED', code: 4 },
};

/** The notification's signature: HMAC-SHA256 hex of `{timestamp}.{body}` with PAGUEATIEMPO_SECRET. */
export function pagueatiempoSignature(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/** The body of `payment/form` (store §7): fullReference, redirectionUrl, taxes, user, productsList, service. */
export interface PagueatiempoForm {
  fullReference: string;
  redirectionUrl: string;
  taxes: { subTotal: string; totalDiscount: string; taxIva: string; taxReteFuente: string; taxReteIva: string; taxReteIca: string; total: string };
  user: { documentType: string; documentNumber: string };
  productsList: { reference: string; quantity: number; unitPrice: string }[];
  service: string;
}

/** Why `payment/form` gave no page: the provider could not be reached in time (503), or answered no usable url (502). */
export class PaymentProviderError extends Error {
  constructor(
    readonly kind: 'UNAVAILABLE' | 'BAD_ANSWER',
    detail: string,
  ) {
    super(detail);
    this.name = 'PaymentProviderError';
  }
}

/** Where `payment/form` lives under the provider's host (PAGUEATIEMPO_URL, or the emulator's). */
export const PAGUEATIEMPO_FORM_PATH = 'payment/form';

/**
 * PagueATiempo (store §4 "Online", §7): the buyer's payment form is created server to server
 * (`payment/form`, token authorization) and the buyer goes to the url it answers; the outcome
 * arrives as a notification signed with HMAC-SHA256 over the timestamp and the body's bytes.
 */
@Injectable()
export class PagueatiempoGateway implements PaymentGateway {
  readonly code = 'PAGUEATIEMPO' as const;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /**
   * Posts the form to `{base}/payment/form` and answers `result.url` (absolute, http or https).
   * A timeout or a failed connection is UNAVAILABLE; an error status or an answer without a url is BAD_ANSWER.
   */
  async createForm(form: PagueatiempoForm, base: string): Promise<string> {
    const { token, timeoutMs } = this.config.payments.pagueatiempo;
    let answer: Response;
    try {
      answer = await fetch(`${base.replace(/\/+$/, '')}/${PAGUEATIEMPO_FORM_PATH}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(form),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      throw new PaymentProviderError('UNAVAILABLE', error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    }
    let body: unknown;
    try {
      body = await answer.json();
    } catch (error) {
      // A body cut by the timeout is the provider not answering in time, not a bad answer.
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) throw new PaymentProviderError('UNAVAILABLE', error.name);
      throw new PaymentProviderError('BAD_ANSWER', `status ${answer.status}, body is not JSON`);
    }
    if (!answer.ok) throw new PaymentProviderError('BAD_ANSWER', `status ${answer.status}`);
    const url = resultUrl(body);
    if (!url) throw new PaymentProviderError('BAD_ANSWER', `status ${answer.status}, no http(s) result.url`);
    return url;
  }

  verifyConfirmation(body: Record<string, unknown>, signed?: SignedRequest): VerifiedConfirmation | ConfirmationRefusal {
    if (!signed) return 'BAD_SIGNATURE';
    const { secret, toleranceSeconds } = this.config.payments.pagueatiempo;
    const expected = Buffer.from(pagueatiempoSignature(secret, signed.timestamp, signed.rawBody), 'hex');
    const given = Buffer.from(signed.signature.toLowerCase(), 'hex');
    // Constant time, so the comparison does not reveal how much of a forged signature was right.
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'BAD_SIGNATURE';
    // Signed but old (or from the future): a captured notification cannot be posted again later.
    if (Math.abs(signed.now.getTime() / 1000 - Number(signed.timestamp)) > toleranceSeconds) return 'STALE';
    const field = (name: string) => String(body[name] ?? '');
    const status = PAGUEATIEMPO_STATUSES[field('status').toUpperCase()];
    if (!status) return 'UNKNOWN_CODE';
    return {
      gateway: this.code,
      gatewayReference: field('transactionId'),
      transactionId: field('transactionId'),
      order: { id: Number(field('fullReference').slice('OC-'.length)) },
      amount: field('amount'),
      currency: field('currency'),
      responseCode: status.code,
      outcome: status.outcome,
    };
  }
}

function resultUrl(body: unknown): string | null {
  const result = typeof body === 'object' && body !== null ? (body as { result?: unknown }).result : undefined;
  const url = typeof result === 'object' && result !== null ? (result as { url?: unknown }).url : undefined;
  if (typeof url !== 'string') return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}
