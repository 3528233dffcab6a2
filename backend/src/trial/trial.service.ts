import { createHash, randomBytes } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import { normalizeDocumentNumber, parameterMap, PURCHASE_MESSAGES, purchaseCustomerProblems } from '@licencias/common/rules';
import type { components } from '@licencias/common/schema';
import { CustomerService } from '../customer/customer.service.js';
import type { ErrorDetail } from '../errors/errors.js';
import { BusinessRuleError, NotFoundError, TooManyRequestsError } from '../errors/errors.js';
import { CREATE_PASSWORD_PATH, CustomerAccessService, PASSWORD_LINK_HOURS } from '../identity/customer-access.service.js';
import { LicenceService } from '../licence/licence.service.js';
import { MailService } from '../mail/mail.service.js';
import { mailTemplates } from '../mail/mail.types.js';
import { StoreCatalogueService } from '../package/store-catalogue.service.js';
import { ReferenceService } from '../reference/reference.service.js';
import { TrialRepository } from './trial.repository.js';
import { TRIAL_MESSAGES, TRIAL_PACKAGE_PARAMETER, TRIAL_RESEND_SECONDS } from './trial.types.js';

type TrialOffer = components['schemas']['TrialOffer'];
type TrialRequestBody = components['schemas']['TrialRequest'];
type TrialRequested = components['schemas']['TrialRequested'];
type TrialActivation = components['schemas']['TrialActivation'];
type StorePackage = components['schemas']['StorePackage'];
type Brand = Awaited<ReturnType<ReferenceService['brand']>>;

/** Who created what a trial's activation writes (no user signs in to follow the link). */
const TRIAL_ACTOR = 'prueba-gratis';
/** The storefront page the link opens; the token travels after `#`, so it never reaches a server log. */
export const TRIAL_ACTIVATION_PATH = '/freeTrial/activate';

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The free trial '¡Prueba {app} gratis!' (store §2, §4, §8): 'Comenzar' records the request and
 * mails a link valid `userActivateTokenTime` minutes; following it grants the brand's trial
 * package through LicenceService (origin TRIAL) to the company of the document, once per link,
 * once per company and once per e-mail in each brand (decided by PostgreSQL's unique indexes).
 */
@Injectable()
export class TrialService {
  constructor(
    private readonly em: EntityManager,
    private readonly trials: TrialRepository,
    private readonly reference: ReferenceService,
    private readonly store: StoreCatalogueService,
    private readonly customers: CustomerService,
    private readonly licences: LicenceService,
    private readonly mail: MailService,
    private readonly access: CustomerAccessService,
  ) {}

  async offer(appName: string): Promise<TrialOffer> {
    const { brand, pkg } = await this.trialPackage(appName);
    return {
      appName: brand.appName,
      brandTitle: brand.title,
      packageCode: pkg.packageCode,
      packageName: pkg.packageName,
      validityPeriod: pkg.validityPeriod,
      validityTypeId: pkg.validityTypeId,
      features: pkg.itemsPackageFeatures.map((item) => ({
        serviceFeatureCode: item.serviceFeature.serviceFeatureCode,
        description: item.serviceFeature.featureAlias || item.serviceFeature.serviceFeatureDescription,
        quantity: item.unlimited ? null : item.quantity,
        unlimited: item.unlimited,
      })),
      linkValidMinutes: brand.appInfo.userActivateTokenTime,
    };
  }

  /** 'Comenzar': the activation section's rules, one trial per company and e-mail, then the link by mail. */
  async request(body: TrialRequestBody): Promise<TrialRequested> {
    const { brand, pkg, serviceId } = await this.trialPackage(body.appName);
    const blockedDomains = await this.reference.blockedDomainRules();
    const details: ErrorDetail[] = purchaseCustomerProblems('Service', body.customer, { documentTypes: brand.documentTypes, blockedDomains }).map((p) => ({
      field: `body.customer.${p.field}`,
      description: p.message,
    }));
    if (!body.legalTermsCheck) details.push({ field: 'body.legalTermsCheck', description: PURCHASE_MESSAGES.terms });
    if (details.length) throw new BusinessRuleError(details[0]?.description as string, details);

    const documentTypeId = body.customer.documentTypeId as number;
    const documentNumber = normalizeDocumentNumber(body.customer.documentNumber);
    const email = (body.customer.email as string).trim().toLowerCase();
    const validMinutes = brand.appInfo.userActivateTokenTime;
    const token = randomBytes(32).toString('base64url');
    const url = `${this.mail.brandUrl(brand.appName, TRIAL_ACTIVATION_PATH)}#${token}`;
    const message = mailTemplates.trialLink(brand.title, { url, validMinutes });

    const saved = await this.em.transactional(async (tx) => {
      await this.trials.lockEmail(brand.appName, email);
      this.refuseUsed(brand, await this.trials.used(brand.appName, documentTypeId, documentNumber, email));
      const since = await this.trials.secondsSinceLast(brand.appName, email);
      if (since !== null && since < TRIAL_RESEND_SECONDS) {
        const wait = Math.max(1, Math.ceil(TRIAL_RESEND_SECONDS - since));
        throw new TooManyRequestsError(TRIAL_MESSAGES.wait(wait), wait);
      }
      const row = await this.trials.insert({
        appName: brand.appName,
        packageId: pkg.packageId,
        serviceId,
        documentTypeId,
        documentNumber,
        email,
        customer: { ...body.customer, documentNumber, email },
        tokenHash: hashOf(token),
        validMinutes,
      });
      await this.mail.send(tx, { ...message, appName: brand.appName, to: email, dedupeKey: `trial-link:${row.id}` });
      return row;
    });
    return { statusMessage: TRIAL_MESSAGES.checkEmail, email, linkValidMinutes: validMinutes, expiresAt: saved.expiresAt.toISOString() };
  }

  /** Following the link: once per link, the trial licence granted in the transaction that spends it. */
  async activate(token: string, now = new Date()): Promise<TrialActivation> {
    return this.em.transactional(async (tx) => {
      const row = await this.trials.lockByToken(hashOf(token));
      if (!row) throw linkError(TRIAL_MESSAGES.invalidLink);
      if (row.state === 'ACTIVATED') throw linkError(TRIAL_MESSAGES.usedLink);
      if (row.expired) throw linkError(TRIAL_MESSAGES.expiredLink);
      const brand = await this.reference.brand(row.appName);
      try {
        await this.trials.activate(row.id);
      } catch (error) {
        if (error instanceof UniqueConstraintViolationException) {
          const taken = error.message.includes('trial_request_email_unique') ? TRIAL_MESSAGES.emailUsed(brand.title) : TRIAL_MESSAGES.documentUsed(brand.title);
          throw new BusinessRuleError(taken);
        }
        throw error;
      }
      const customerId = await this.customers.ensureFromPurchase(row.customer, TRIAL_ACTOR);
      const licence = await this.licences.grant(
        { customerId, serviceId: row.serviceId, packageId: row.packageId, origin: 'TRIAL', originReference: `trial-${row.id}`, createdBy: TRIAL_ACTOR },
        now,
      );
      await this.trials.link(row.id, customerId, licence.id);
      const urlApp = brand.appInfo.urlLandingPage || this.mail.brandUrl(brand.appName);
      const packageName = licence.packageSnapshot.packageName ?? brand.title;
      const access = await this.access.grantCustomerAccess({ customerId, email: row.email, customer: row.customer });
      const password = access && {
        url: `${this.mail.brandUrl(brand.appName, CREATE_PASSWORD_PATH)}#${access.token}`,
        userName: access.userName,
        validHours: PASSWORD_LINK_HOURS,
      };
      await this.mail.send(tx, {
        ...mailTemplates.activation(brand.title, { appUrl: urlApp, productName: packageName, ...(password && { password }) }),
        appName: brand.appName,
        to: row.email,
        dedupeKey: `trial-activation:${row.id}`,
      });
      return {
        statusMessage: TRIAL_MESSAGES.activated,
        appName: brand.appName,
        brandTitle: brand.title,
        packageName,
        licenceId: licence.id,
        effectiveAt: licence.effectiveAt.toISOString(),
        expiresAt: licence.expiresAt ? licence.expiresAt.toISOString() : null,
        urlApp,
      };
    });
  }

  private refuseUsed(brand: Brand, used: { document: boolean; email: boolean }): void {
    if (used.document)
      throw new BusinessRuleError(TRIAL_MESSAGES.documentUsed(brand.title), [
        { field: 'body.customer.documentNumber', description: TRIAL_MESSAGES.documentUsed(brand.title) },
      ]);
    if (used.email)
      throw new BusinessRuleError(TRIAL_MESSAGES.emailUsed(brand.title), [
        { field: 'body.customer.email', description: TRIAL_MESSAGES.emailUsed(brand.title) },
      ]);
  }

  /** The brand, its service and its trial package (the brand parameter `trialPackageCode`: an active package of the brand's service). */
  private async trialPackage(appName: string): Promise<{ brand: Brand; pkg: StorePackage; serviceId: number }> {
    const brand = await this.reference.brand(appName);
    const parameters = parameterMap((await this.reference.appParameters({ appName: brand.appName, parameterType: 'STORE' })).records);
    const code = parameters[TRIAL_PACKAGE_PARAMETER];
    if (typeof code !== 'string' || !code.trim()) throw new NotFoundError(TRIAL_MESSAGES.unavailable);
    const serviceId = await this.store.serviceId(brand.appName).catch((error: unknown) => {
      if (error instanceof NotFoundError) throw new NotFoundError(TRIAL_MESSAGES.unavailable);
      throw error;
    });
    const pkg = await this.store.activePackageByCode(code.trim());
    if (!pkg || !pkg.services.some((s) => s.serviceId === serviceId)) throw new NotFoundError(TRIAL_MESSAGES.unavailable);
    return { brand, pkg, serviceId };
  }
}

function linkError(message: string): BusinessRuleError {
  return new BusinessRuleError(message, [{ field: 'body.token', description: message }]);
}
