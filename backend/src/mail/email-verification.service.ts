import { createHmac, hkdfSync, randomInt, timingSafeEqual } from 'node:crypto';
import { emailCodeProblem, purchaseEmailProblem } from '@licencias/common/rules';
import type { components } from '@licencias/common/schema';
import { EntityManager } from '@mikro-orm/sql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { BusinessRuleError, TooManyRequestsError } from '../errors/errors.js';
import { ReferenceService } from '../reference/reference.service.js';
import { EmailVerificationRepository } from './email-verification.repository.js';
import { MailService } from './mail.service.js';
import { mailTemplates } from './mail.types.js';

type EmailCheckResult = components['schemas']['EmailCheckResult'];

/** Minutes a code stays valid (issue 12, item 5). */
export const CODE_MINUTES = 10;
/** Wrong tries a code takes before a new one is needed. */
export const MAX_TRIES = 5;
/** The window the sending limits count over. */
const SEND_WINDOW_SECONDS = 3600;

/** Texts of the e-mail verification (store §4, §5); the spec gives the first two, the others are decided here. */
export const EMAIL_VERIFICATION_MESSAGES = {
  codeFormat: 'Ingresa un código numérico de 6 caracteres.',
  success: '¡Verificación Exitosa!',
  wrong: (left: number) => `El código ingresado no es correcto. ${left === 1 ? 'Te queda 1 intento.' : `Te quedan ${left} intentos.`}`,
  tooManyTries: 'Superaste el número de intentos permitidos. Solicita un nuevo código.',
  expired: 'El código ha expirado. Solicita un nuevo código.',
  noCode: 'No hay un código vigente para este correo. Solicita un nuevo código.',
  verified: 'El correo electrónico ya está verificado.',
  sent: 'Enviamos un código de verificación a tu correo electrónico.',
  stillValid: 'Ya enviamos un código a tu correo electrónico; revísalo o solicita uno nuevo.',
  wait: (seconds: number) => `Espera ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'} para solicitar un nuevo código.`,
  tooManyCodes: (minutes: number) => `Has solicitado demasiados códigos. Intenta nuevamente en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
} as const;

type Outcome = { approved: true } | { approved: false; message: string };

/**
 * E-mail verification of anonymous buyers (store §4 "On submit", issue 12 item 5): a 6-digit code
 * by mail, single use, 10 minutes, stored as an HMAC and compared in constant time, 5 wrong tries,
 * sending throttled per e-mail and per client address. `isVerified` is what RegisterPurchaseOrder asks.
 */
@Injectable()
export class EmailVerificationService {
  private readonly key: Buffer;

  constructor(
    private readonly em: EntityManager,
    private readonly repo: EmailVerificationRepository,
    private readonly mail: MailService,
    private readonly reference: ReferenceService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', config.jwtSecret, 'licencias', 'email-verification-code', 32));
  }

  /** Whether the e-mail was verified for the brand (case and surrounding spaces ignored). */
  async isVerified(email: string, appName: string): Promise<boolean> {
    return this.repo.isVerified(this.em.fork(), normalize(email), appName.toLowerCase());
  }

  /**
   * checkisvalidemail: approved when verified before for the brand; otherwise a code is sent
   * (unless a valid one was sent and no resend is asked), within the sending limits.
   */
  async check(rawEmail: string, rawAppName: string, resend: boolean, address: string): Promise<{ message: string; result: EmailCheckResult }> {
    const email = await this.acceptable(rawEmail, 'header.pEmail');
    const appName = (await this.reference.brand(rawAppName)).appName;
    return this.em.fork().transactional(async (tx: EntityManager) => {
      const row = await this.repo.lock(tx, email, appName);
      if (row.verifiedAt)
        return { message: EMAIL_VERIFICATION_MESSAGES.verified, result: { approvalMail: true, codeSent: false, expiresAt: null, resendAfterSeconds: 0 } };
      await this.repo.lockAddress(tx, address);
      const counts = await this.repo.sendCounts(tx, email, appName, address, SEND_WINDOW_SECONDS);
      const resendIn = counts.secondsSinceLast === null ? 0 : Math.max(0, Math.ceil(this.config.mail.codeResendSeconds - counts.secondsSinceLast));
      const live = row.codeHash !== null && !row.expired && row.failedTries < MAX_TRIES;
      if (live && !resend) {
        return {
          message: EMAIL_VERIFICATION_MESSAGES.stillValid,
          result: { approvalMail: false, codeSent: false, expiresAt: row.codeExpiresAt!.toISOString(), resendAfterSeconds: resendIn },
        };
      }
      if (resendIn > 0) throw new TooManyRequestsError(EMAIL_VERIFICATION_MESSAGES.wait(resendIn), resendIn);
      const limits = this.config.mail;
      if (counts.byEmail >= limits.codesPerEmail || counts.byAddress >= limits.codesPerAddress) {
        const seconds = Math.max(
          1,
          Math.ceil(
            Math.max(
              counts.byEmail >= limits.codesPerEmail ? counts.emailWindowFreesIn : 0,
              counts.byAddress >= limits.codesPerAddress ? counts.addressWindowFreesIn : 0,
            ),
          ),
        );
        throw new TooManyRequestsError(EMAIL_VERIFICATION_MESSAGES.tooManyCodes(Math.ceil(seconds / 60)), seconds);
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const expiresAt = await this.repo.newCode(tx, email, appName, this.hash(email, appName, code), CODE_MINUTES);
      const sendId = await this.repo.recordSend(tx, email, appName, address);
      const brand = await this.mail.brandName(appName);
      await this.mail.send(tx, {
        appName,
        to: email,
        ...mailTemplates.emailVerification(brand, code, CODE_MINUTES),
        dedupeKey: `email-verification:${sendId}`,
      });
      return {
        message: EMAIL_VERIFICATION_MESSAGES.sent,
        result: { approvalMail: false, codeSent: true, expiresAt: expiresAt.toISOString(), resendAfterSeconds: this.config.mail.codeResendSeconds },
      };
    });
  }

  /**
   * validationmailcode: the code against the row locked for the check, so of concurrent
   * validations of one code exactly one succeeds; a wrong try is counted (committed) before the
   * refusal is answered.
   */
  async validate(rawEmail: string, rawCode: string, rawAppName: string): Promise<void> {
    const email = await this.acceptable(rawEmail, 'body.email');
    const formatProblem = emailCodeProblem(rawCode);
    if (formatProblem) throw refusal(formatProblem, 'body.code');
    const code = rawCode.trim();
    const appName = (await this.reference.brand(rawAppName)).appName;
    const outcome = await this.em.fork().transactional(async (tx: EntityManager): Promise<Outcome> => {
      const row = await this.repo.read(tx, email, appName, true);
      if (!row?.codeHash) return { approved: false, message: EMAIL_VERIFICATION_MESSAGES.noCode };
      if (row.failedTries >= MAX_TRIES) return { approved: false, message: EMAIL_VERIFICATION_MESSAGES.tooManyTries };
      if (row.expired) return { approved: false, message: EMAIL_VERIFICATION_MESSAGES.expired };
      const given = Buffer.from(this.hash(email, appName, code), 'hex');
      const stored = Buffer.from(row.codeHash, 'hex');
      if (given.length === stored.length && timingSafeEqual(given, stored)) {
        await this.repo.verified(tx, email, appName);
        return { approved: true };
      }
      const tries = await this.repo.wrongTry(tx, email, appName);
      const left = MAX_TRIES - tries;
      return { approved: false, message: left > 0 ? EMAIL_VERIFICATION_MESSAGES.wrong(left) : EMAIL_VERIFICATION_MESSAGES.tooManyTries };
    });
    if (!outcome.approved) throw refusal(outcome.message, 'body.code');
  }

  /** The e-mail in lower case, or 422 with the purchase form's message (format, length, blacklist). */
  private async acceptable(rawEmail: string, field: string): Promise<string> {
    const blocked = await this.reference.blockedDomainRules();
    const problem = purchaseEmailProblem(rawEmail, blocked);
    if (problem) throw refusal(problem, field);
    return normalize(rawEmail);
  }

  private hash(email: string, appName: string, code: string): string {
    return createHmac('sha256', this.key).update(`${appName}\n${email}\n${code}`).digest('hex');
  }
}

function normalize(email: string): string {
  return email.trim().toLowerCase();
}

function refusal(message: string, field: string): BusinessRuleError {
  return new BusinessRuleError(message, [{ field, description: message }], { approved: false });
}
