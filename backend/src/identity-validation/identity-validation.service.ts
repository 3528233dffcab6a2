import { EntityManager } from '@mikro-orm/sql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { components } from '@licencias/common/schema';
import { IDENTITY_MESSAGES, identityBuyerProblems, normalizeDocumentNumber } from '@licencias/common/rules';
import { BusinessRuleError, NotFoundError, ServiceUnavailableError } from '../errors/errors.js';
import { MailService } from '../mail/mail.service.js';
import { mailTemplates } from '../mail/mail.types.js';
import { STORE_CHANNEL, StoreCatalogueService } from '../package/store-catalogue.service.js';
import { StoreLinkService } from '../package/store-link.service.js';
import { ReferenceService } from '../reference/reference.service.js';
import { IDENTITY_NOT_VALIDATED_CODE, IDENTITY_VERIFIER, type IdentitySubscriber, type IdentityVerifier } from './identity-validation.types.js';

type Request = components['schemas']['IdentityValidationRequest'];

export const UNKNOWN_BRAND_MESSAGE = 'La marca no existe';
export const packageUnavailableMessage = (code: string) => `El paquete ${code} no está disponible.`;
/** Days the e-mailed link to continue the purchase stays valid. */
export const CONTINUE_LINK_DAYS = 7;
/** At most one e-mail per address and brand in this window: the call is public. */
const MAIL_WINDOW_MS = 10 * 60_000;

/**
 * firmaya's identity validation before a visitor buys (store §4 "Continue", §8): the buyer's data
 * by the form's rules, the cart's packages from the brand's store, then the `IdentityVerifier`.
 * A validated buyer gets an e-mail with a link to continue the purchase.
 */
@Injectable()
export class IdentityValidationService {
  private readonly logger = new Logger(IdentityValidationService.name);

  constructor(
    @Inject(IDENTITY_VERIFIER) private readonly verifier: IdentityVerifier,
    private readonly reference: ReferenceService,
    private readonly store: StoreCatalogueService,
    private readonly links: StoreLinkService,
    private readonly mail: MailService,
    private readonly em: EntityManager,
  ) {}

  async validate(appName: string, body: Request, now = new Date()): Promise<void> {
    if (!(await this.reference.brandExists(appName))) throw new NotFoundError(UNKNOWN_BRAND_MESSAGE);
    const subscriber: IdentitySubscriber = {
      documentType: body.subscriber.documentType,
      document: normalizeDocumentNumber(body.subscriber.document),
      email: body.subscriber.email.trim().toLowerCase(),
      phoneNumber: body.subscriber.phoneNumber.trim(),
    };
    const blocked = await this.reference.blockedDomainRules();
    const problems = Object.entries(identityBuyerProblems(body.subscriber, blocked));
    if (problems.length) {
      throw new BusinessRuleError(
        problems[0]![1],
        problems.map(([field, message]) => ({ field: `body.subscriber.${field}`, description: message })),
      );
    }
    const packages = await this.cartPackages(appName, body.package);

    let verdict;
    try {
      verdict = await this.verifier.verify(subscriber, appName);
    } catch (error) {
      this.logger.error(`identity validation failed: ${error instanceof Error ? error.message : String(error)}`);
      throw new ServiceUnavailableError(IDENTITY_MESSAGES.failedText);
    }
    if (verdict !== 'VALIDATED') {
      throw new BusinessRuleError(
        IDENTITY_MESSAGES.notValidatedTitle,
        [{ code: IDENTITY_NOT_VALIDATED_CODE, description: IDENTITY_MESSAGES.notValidatedText }],
        {
          code: IDENTITY_NOT_VALIDATED_CODE,
        },
      );
    }

    const promotionCode = body.PromotionCode?.trim() || null;
    const only = packages.length === 1 ? packages[0] : undefined;
    const url = only
      ? this.links.visitorLink(appName, only.packageId, only.quantity, promotionCode, CONTINUE_LINK_DAYS, now)
      : this.mail.brandUrl(appName, '/');
    const message = mailTemplates.identityValidated(await this.mail.brandName(appName), url, CONTINUE_LINK_DAYS);
    const slot = Math.floor(now.getTime() / MAIL_WINDOW_MS);
    await this.em.fork().transactional(async (tx: EntityManager) => {
      await this.mail.send(tx, { ...message, appName, to: subscriber.email, dedupeKey: `identity-validated:${appName}:${subscriber.email}:${slot}` });
    });
  }

  /** The cart's packages as the brand's store sells them to visitors; 422 on the first it does not. */
  private async cartPackages(appName: string, items: Request['package']): Promise<{ packageId: number; quantity: number }[]> {
    const snapshot = await this.store.snapshot(await this.store.serviceId(appName), STORE_CHANNEL);
    const byCode = new Map(snapshot.open.map((record) => [record.packageCode.toLowerCase(), record.packageId]));
    return items.map((item, index) => {
      const packageId = byCode.get(item.code.trim().toLowerCase());
      if (packageId === undefined) {
        const message = packageUnavailableMessage(item.code);
        throw new BusinessRuleError(message, [{ field: `body.package[${index}].code`, description: message }]);
      }
      return { packageId, quantity: item.quantity };
    });
  }
}
