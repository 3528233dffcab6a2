import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import { CUSTOMER_APP } from '@licencias/common/claims';
import { newPasswordProblem } from '@licencias/common/rules';
import type { components } from '@licencias/common/schema';
import { BusinessRuleError } from '../errors/errors.js';
import { CustomerAccessRepository } from './customer-access.repository.js';
import { PasswordService } from './password.service.js';

type PasswordLinkState = components['schemas']['PasswordLinkState'];
type PasswordCreated = components['schemas']['PasswordCreated'];

/** The storefront page the link opens; the token travels after `#`, so it never reaches a server log. */
export const CREATE_PASSWORD_PATH = '/crear-contrasena';
/** How long a 'Crea tu contraseña' link can be used. */
export const PASSWORD_LINK_HOURS = 72;
export const PASSWORD_LINK_MESSAGES = {
  invalid: '¡El enlace no es válido o ya fue usado!',
  created: '¡Tu contraseña fue creada!',
} as const;

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The way in for a company the store activates (order or trial): a CUSTOMER user for it (user
 * name = the activation e-mail) when it has none, and a one-time, time-limited link to create its
 * password. Called inside the activation's transaction.
 */
@Injectable()
export class CustomerAccessService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: CustomerAccessRepository,
    private readonly passwords: PasswordService,
  ) {}

  /**
   * A user and a link for a company without an enabled customer user: the link's token, or null
   * when the company already has one or the e-mail is another user's name. Concurrent activations
   * of one company wait for each other (an advisory lock); the unique user name and the one link
   * per user decide the rest.
   */
  async grantCustomerAccess(company: {
    customerId: number;
    email: string;
    /** The activation data: the person's names, or the company's legal name. */
    customer: { firstName?: string | null; lastName?: string | null; legalName?: string | null };
  }): Promise<{ token: string; userName: string } | null> {
    if (!this.em.isInTransaction()) throw new Error('CustomerAccessService.grantCustomerAccess needs the activation transaction');
    await this.access.lockCompany(company.customerId);
    if (await this.access.hasCustomerUser(company.customerId)) return null;
    const email = company.email.trim().toLowerCase();
    const userId = await this.access.insertUser({
      username: email,
      email,
      names: (company.customer.firstName?.trim() || company.customer.legalName?.trim() || email).slice(0, 100),
      surnames: (company.customer.lastName?.trim() ?? '').slice(0, 100),
      customerId: company.customerId,
      apps: [CUSTOMER_APP],
    });
    if (!userId) return null;
    const token = randomBytes(32).toString('base64url');
    return (await this.access.insertLink(userId, hashOf(token), PASSWORD_LINK_HOURS)) ? { token, userName: email } : null;
  }

  /** Whether the link can still be used, and for which user name. */
  async linkState(token: string): Promise<PasswordLinkState> {
    const link = await this.access.linkByHash(hashOf(token));
    if (!link || link.used || link.expired) throw invalidLink();
    return { userName: link.username };
  }

  /** Sets the password once per link, in the transaction that spends it. */
  async createPassword(token: string, password: string): Promise<PasswordCreated> {
    const problem = newPasswordProblem(password);
    if (problem) throw new BusinessRuleError(problem, [{ field: 'body.password', description: problem }]);
    const passwordHash = await this.passwords.hash(password);
    return this.em.transactional(async () => {
      const link = await this.access.linkByHash(hashOf(token), true);
      if (!link || link.used || link.expired) throw invalidLink();
      await this.access.usePassword(link.id, link.userId, passwordHash);
      return { statusMessage: PASSWORD_LINK_MESSAGES.created, userName: link.username };
    });
  }
}

function invalidLink(): BusinessRuleError {
  return new BusinessRuleError(PASSWORD_LINK_MESSAGES.invalid, [{ field: 'body.token', description: PASSWORD_LINK_MESSAGES.invalid }]);
}
