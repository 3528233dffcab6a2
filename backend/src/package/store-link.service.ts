import { Inject, Injectable } from '@nestjs/common';
import type { components } from '@licencias/common/schema';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { BusinessRuleError } from '../errors/errors.js';
import { MailService } from '../mail/mail.service.js';
import { PromoCodeService } from '../promo-code/promo-code.service.js';
import { PackageService } from './package.service.js';
import { StoreCatalogueService } from './store-catalogue.service.js';
import { openPackageLink, sealPackageLink } from './store-link.js';

type PackageLink = components['schemas']['PackageLink'];
type PackageLinkCreate = components['schemas']['PackageLinkCreate'];
type DecryptedLink = components['schemas']['DecryptPackageEnvelope']['result'];

/** store §8 "Package decrypt failure": the title, then the text (in statusDetails). */
export const LINK_FAILED_MESSAGE = '¡Ocurrió un inconveniente!';
export const LINK_FAILED_DETAIL = 'No hemos podido procesar la solicitud, por favor inténtalo más tarde.';
export const PACKAGE_INACTIVE_MESSAGE = 'El paquete está inactivo.';
export const PROMO_CODE_UNAVAILABLE_MESSAGE = 'El código promocional no existe o está inactivo.';
export const BRAND_NOT_SELLING_MESSAGE = 'La marca no vende este paquete.';
export const DEFAULT_LINK_DAYS = 30;
const DAY = 86_400_000;

const linkFailed = () => new BusinessRuleError(LINK_FAILED_MESSAGE, [{ description: LINK_FAILED_DETAIL }]);

/**
 * Encrypted package links (store §2 "Package links", `/license/addCart/{encryptedParameter}`):
 * staff make them in the back office ('Copiar enlace'); the store opens them with DecryptPackage.
 * AES-256-GCM under PACKAGE_LINK_KEY: the link cannot be read or changed without the key, and
 * carries its own expiry.
 */
@Injectable()
export class StoreLinkService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly packages: PackageService,
    private readonly store: StoreCatalogueService,
    private readonly mail: MailService,
    private readonly promoCodes: PromoCodeService,
  ) {}

  async create(packageId: number, input: PackageLinkCreate, now = new Date()): Promise<PackageLink> {
    const { pkg, links } = await this.packages.view(packageId);
    if (pkg.idstate !== 0) throw new BusinessRuleError(PACKAGE_INACTIVE_MESSAGE);
    const brands = links.services.map((s) => s.appName).filter((a): a is string => a !== null);
    const appName = input.appName ?? brands[0];
    if (!appName || !brands.includes(appName))
      throw new BusinessRuleError(BRAND_NOT_SELLING_MESSAGE, [{ field: 'appName', description: BRAND_NOT_SELLING_MESSAGE }]);
    const expiresAt = now.getTime() + (input.validDays ?? DEFAULT_LINK_DAYS) * DAY;
    const promotionCode = input.promotionCode?.trim() ? await this.activeCode(input.promotionCode) : null;
    const encryptedParameter = sealPackageLink(this.config.packageLinkKey, { packageId: pkg.id, quantity: input.quantity, promotionCode, appName, expiresAt });
    return {
      url: this.mail.brandUrl(appName, `/license/addCart/${encryptedParameter}`),
      encryptedParameter,
      appName,
      expiresAt: new Date(expiresAt).toISOString(),
    };
  }

  /**
   * A link that fills a visitor's cart with one package (and the code it typed, checked again at
   * checkout), for an e-mail the store sends on the visitor's own request.
   */
  visitorLink(appName: string, packageId: number, quantity: number, promotionCode: string | null, validDays: number, now = new Date()): string {
    const expiresAt = now.getTime() + validDays * DAY;
    const encryptedParameter = sealPackageLink(this.config.packageLinkKey, { packageId, quantity, promotionCode, appName, expiresAt });
    return this.mail.brandUrl(appName, `/license/addCart/${encryptedParameter}`);
  }

  /** The code as the catalogue writes it, when it exists and is active; whether it fits the cart is decided at checkout. */
  private async activeCode(typed: string): Promise<string> {
    const code = await this.promoCodes.byCode(typed);
    if (!code || code.idstate !== 0) {
      throw new BusinessRuleError(PROMO_CODE_UNAVAILABLE_MESSAGE, [{ field: 'promotionCode', description: PROMO_CODE_UNAVAILABLE_MESSAGE }]);
    }
    return code.promotionCode;
  }

  /** The link's package as the store shows it now, with the link's quantity and promotion code; 422 for anything else. */
  async open(token: string, now = new Date()): Promise<DecryptedLink> {
    const payload = openPackageLink(this.config.packageLinkKey, token.trim(), now);
    if (!payload) throw linkFailed();
    const pkg = await this.store.activePackage(payload.packageId, now);
    if (!pkg) throw linkFailed();
    return {
      records: [{ ...pkg, quantity: payload.quantity }],
      promotionCode: payload.promotionCode,
      appName: payload.appName,
      expiresAt: new Date(payload.expiresAt).toISOString(),
    };
  }
}
