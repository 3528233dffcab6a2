import { createHmac, hkdfSync, randomUUID, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { ForbiddenError, NotFoundError, UnauthenticatedError } from '../errors/errors.js';
import { PAGUEATIEMPO_EMULATOR_PAGE_PATH, pagueatiempoEmulatorPage } from './checkout-page.js';
import { type PagueatiempoForm, pagueatiempoSignature } from './pagueatiempo.gateway.js';
import { PAYMENT_MESSAGES } from './payment.types.js';

/** Where PagueATiempo's notifications arrive (the emulator posts there as the provider would). */
export const PAGUEATIEMPO_NOTIFICATION_PATH = '/api/v1/payments/pagueatiempo/notification';

/** Where the emulator stands for the provider's host: `payment/form` is under it. */
export const PAGUEATIEMPO_EMULATOR_BASE_PATH = '/api/v1/payments/sandbox/pagueatiempo';

/** The emulator page's choices, as PagueATiempo's `status`. */
const EMULATOR_STATUSES = { APPROVE: 'APPROVED', DECLINE: 'REJECTED', PENDING: 'PENDING' } as const;
export type EmulatorDecision = keyof typeof EMULATOR_STATUSES;

/** One form the emulator accepted: the provider's transaction and what it charges. */
interface EmulatorSession {
  transactionId: string;
  fullReference: string;
  amount: string;
  currency: string;
  redirectionUrl: string;
  service: string;
  products: PagueatiempoForm['productsList'];
}

const NOT_FOUND = 'No encontrado';

/**
 * PagueATiempo's stand-in (outside production, the default when PAGUEATIEMPO_URL is not set): a
 * `payment/form` that checks the token and answers a page of this application, and that page,
 * whose choice is notified to the real notification endpoint with the real signature. Stateless:
 * the accepted form travels in the page's link, signed with a key of the emulator's own.
 */
@Injectable()
export class PagueatiempoEmulator {
  private readonly logger = new Logger('Payments');
  private readonly key: Buffer;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly http: HttpAdapterHost,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', config.payments.pagueatiempo.secret, 'licencias', 'pagueatiempo-emulator', 32));
  }

  /** `payment/form`: the page's url, on the origin the buyer comes back to (the form's redirectionUrl). */
  form(authorization: string | undefined, form: PagueatiempoForm): { result: { url: string } } {
    this.requireEnabled();
    const given = Buffer.from(/^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim() ?? '');
    const expected = Buffer.from(this.config.payments.pagueatiempo.token);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new UnauthenticatedError(PAYMENT_MESSAGES.badProviderToken);
    const session: EmulatorSession = {
      transactionId: `PAT-${randomUUID()}`,
      fullReference: form.fullReference,
      amount: form.taxes.total,
      currency: 'COP',
      redirectionUrl: form.redirectionUrl,
      service: form.service,
      products: form.productsList,
    };
    const url = new URL(PAGUEATIEMPO_EMULATOR_PAGE_PATH, form.redirectionUrl);
    url.searchParams.set('session', this.seal(session));
    return { result: { url: url.toString() } };
  }

  page(sealed: string): string {
    this.requireEnabled();
    const session = this.open(sealed);
    return pagueatiempoEmulatorPage({
      fullReference: session.fullReference,
      service: session.service,
      total: session.amount,
      products: session.products,
      session: sealed,
    });
  }

  /**
   * The buyer's choice: the provider's notification, signed with PAGUEATIEMPO_SECRET and the time
   * now, sent through this application's own server (the route, contract and checks a real one
   * takes); the buyer goes back to the form's redirectionUrl whatever it answered.
   */
  async decide(sealed: string, decision: EmulatorDecision, now = new Date()): Promise<string> {
    this.requireEnabled();
    const session = this.open(sealed);
    const body = JSON.stringify({
      transactionId: session.transactionId,
      fullReference: session.fullReference,
      status: EMULATOR_STATUSES[decision],
      amount: session.amount,
      currency: session.currency,
      paidAt: now.toISOString(),
    });
    const timestamp = String(Math.floor(now.getTime() / 1000));
    const answer = await this.http.httpAdapter.getInstance<FastifyInstance>().inject({
      method: 'POST',
      url: PAGUEATIEMPO_NOTIFICATION_PATH,
      headers: {
        'content-type': 'application/json',
        'x-pagueatiempo-timestamp': timestamp,
        'x-pagueatiempo-signature': pagueatiempoSignature(this.config.payments.pagueatiempo.secret, timestamp, body),
      },
      payload: body,
    });
    if (answer.statusCode !== 200)
      this.logger.warn(
        `PagueATiempo emulator notification not processed ${JSON.stringify({ reference: session.fullReference, decision, status: answer.statusCode })}`,
      );
    return session.redirectionUrl;
  }

  private requireEnabled(): void {
    if (!this.config.payments.pagueatiempo.emulator) throw new NotFoundError(NOT_FOUND);
  }

  private seal(session: EmulatorSession): string {
    const payload = Buffer.from(JSON.stringify(session)).toString('base64url');
    return `${payload}.${createHmac('sha256', this.key).update(payload).digest('hex')}`;
  }

  private open(sealed: string): EmulatorSession {
    const [payload = '', mac = ''] = sealed.split('.');
    const expected = createHmac('sha256', this.key).update(payload).digest();
    const given = Buffer.from(mac, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new ForbiddenError(PAYMENT_MESSAGES.badCheckoutLink);
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as EmulatorSession;
  }
}
