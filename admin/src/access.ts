import { isStaff, privileges, type TokenClaims } from '@licencias/common/claims';
import { OPERATION_PRIVILEGES, type OperationId } from '@licencias/common/privileges';

/**
 * Who may open what (licences-and-agreements.md §6 and the privilege matrix of
 * backend/src/identity/identity.data.ts): a section opens with any one of its privileges.
 */
export const SECTION_PRIVILEGES = {
  configurations: ['CONFIGURATION'],
  packages: ['PACKAGES'],
  // 'Órdenes de compra' (issue 13 item 6): an order's payments, proofs and log are payments data.
  orders: ['PAYMENTS_READ'],
  licenses: ['LICENSES'],
  reports: ['REPORTS'],
  payments: ['PAYMENTS_READ'],
  agreements: ['LICENSE_FULL_ACCESS', 'CONTRACT_CREATE', 'CONTRACT_MODIFY'],
  // Consumption dashboards of a company: staff open one from 'Licencias y consumos'; a customer
  // (CUSTOMER_PORTAL) sees its own (the contract's x-privileges of getDashboardCustomer).
  dashboard: OPERATION_PRIVILEGES.getDashboardCustomer,
  users: ['USERS_ADMIN'],
  roles: ['USERS_ADMIN'],
} as const satisfies Record<string, readonly string[]>;

export type Section = keyof typeof SECTION_PRIVILEGES;

export interface MenuEntry {
  section: Section;
  /** Route inside /admin; absent for an entry that is shown but cannot be opened yet. */
  path?: string;
  /** i18n key of the label. */
  label: string;
  /** False: never where a user lands after signing in (a screen added after the spec's landings). */
  landing?: false;
  /** Shown only to holders of one of these privileges (narrower than the section's). */
  only?: readonly string[];
}

/** The privilege of a customer's own company's dashboards (the 'Cliente' role; its token names the company). */
export const CUSTOMER_PORTAL = 'CUSTOMER_PORTAL';

/** The left menu, in the order of the spec. */
export const MENU: readonly MenuEntry[] = [
  { section: 'configurations', path: '/configurations', label: 'app.menu.configurations' },
  { section: 'packages', path: '/packages', label: 'app.menu.packages' },
  { section: 'orders', path: '/orders', label: 'app.menu.purchase_orders', landing: false },
  { section: 'licenses', path: '/licenses', label: 'app.menu.licenses' },
  { section: 'reports', path: '/reports', label: 'app.menu.reports' },
  { section: 'payments', path: '/payments', label: 'app.menu.payments' },
  { section: 'agreements', path: '/agreements', label: 'app.menu.agreements' },
  // A customer's one section (issue 24): staff open a company's dashboards from 'Licencias y consumos'.
  { section: 'dashboard', path: '/dashboard', label: 'app.menu.dashboard', only: [CUSTOMER_PORTAL] },
];

function isSection(name: string): name is Section {
  return Object.hasOwn(SECTION_PRIVILEGES, name);
}

export function canOpen(privileges: readonly string[] | undefined, section: string): boolean {
  if (!isSection(section)) return false;
  const required: readonly string[] = SECTION_PRIVILEGES[section];
  return (privileges ?? []).some((p) => required.includes(p));
}

/** The entries of the menu this user sees. */
export function menuFor(privileges: readonly string[] | undefined): MenuEntry[] {
  return MENU.filter((entry) => canOpen(privileges, entry.section) && (!entry.only || entry.only.some((p) => privileges?.includes(p))));
}

/**
 * Who may sign in to the back office: staff (APPS holds LICENSE), and customers with
 * CUSTOMER_PORTAL, whom the sections' privileges limit to their company's dashboards. Anyone
 * else belongs to the storefront.
 */
export function mayUseBackOffice(claims: TokenClaims | undefined): boolean {
  return isStaff(claims) || privileges(claims).includes(CUSTOMER_PORTAL);
}

/** The section a path of the back office belongs to (`/dashboard/movements` → `dashboard`). */
export function sectionOfPath(path: string): string {
  return path.replace(/^\/+/, '').split(/[/?#]/)[0] ?? '';
}

/**
 * Where a user lands after signing in: the page asked for when the user may open it, else the
 * first menu entry the user may open (the spec's default landing is /configurations).
 */
export function landingPath(privileges: readonly string[] | undefined, requested?: string): string | undefined {
  if (requested && requested !== '/' && canOpen(privileges, sectionOfPath(requested))) return requested;
  return menuFor(privileges).find((entry) => entry.path && entry.landing !== false)?.path;
}

/** The react-admin actions the resource API allows on each resource (no create or delete yet). */
const RESOURCE_ACTIONS: Partial<Record<Section, readonly string[]>> = {
  users: ['list', 'edit', 'show'],
  roles: ['list'],
  orders: ['list', 'show'],
};

/**
 * Catalogue resources of the resource API that are not sections of the menu: the operation behind
 * each react-admin action. The privileges are the contract's `x-privileges` of that operation
 * (generated into @licencias/common/privileges), any one of which grants it. `state` is the active
 * toggle (PUT /api/v1/{resource}/{id}/state). An action not listed is refused.
 */
const CATALOGUE_OPERATIONS: Record<string, Partial<Record<string, OperationId>>> = {
  services: { list: 'listServices', show: 'getService', create: 'createService', edit: 'editService', state: 'setServiceState' },
  'feature-types': {
    list: 'listFeatureTypes',
    show: 'getFeatureType',
    create: 'createFeatureType',
    edit: 'editFeatureType',
    state: 'setFeatureTypeState',
  },
  'service-features': {
    list: 'listServiceFeatures',
    show: 'getServiceFeature',
    create: 'createServiceFeature',
    edit: 'editServiceFeature',
    state: 'setServiceFeatureState',
  },
  'promo-codes': { list: 'listPromoCodes', show: 'getPromoCode', create: 'createPromoCode', edit: 'editPromoCode', state: 'setPromoCodeState' },
  'service-types': { list: 'listServiceTypes' },
  'package-types': { list: 'listPackageTypes' },
  channels: { list: 'listChannels' },
  'package-options': { list: 'listPackageOptions' },
  'promo-user-types': { list: 'listPromoUserTypes' },
  customers: { list: 'listCustomers', show: 'getCustomer', create: 'createCustomer', edit: 'editCustomer' },
  // The development mailbox (superadmin; the user menu shows it only while it is the mail adapter).
  'mail-messages': { list: 'listMailMessages', show: 'getMailMessage' },
  // Partners' API clients (superadmin, in the user menu); revoking is react-admin's delete.
  'api-clients': { list: 'listApiClients', show: 'getApiClient', create: 'createApiClient', delete: 'revokeApiClient' },
};

/** Promo-codes-only mode of the Configuración screen: promo-code staff without full access. */
export function promoCodesOnly(privileges: readonly string[] | undefined): boolean {
  const own = privileges ?? [];
  return own.includes('LICENSE_PROMOCODE_READ') && !own.includes('LICENSE_FULL_ACCESS');
}

/** Whether privileges allow a react-admin action on a resource, or a custom page (`access`). */
export function allows(privileges: readonly string[] | undefined, resource: string, action: string): boolean {
  const own = privileges ?? [];
  const any = (required: readonly string[]) => required.some((p) => own.includes(p));
  const catalogue = Object.hasOwn(CATALOGUE_OPERATIONS, resource) ? CATALOGUE_OPERATIONS[resource] : undefined;
  if (catalogue) {
    const key = action === 'access' ? 'list' : action;
    const operation = Object.hasOwn(catalogue, key) ? catalogue[key] : undefined;
    return !!operation && any(OPERATION_PRIVILEGES[operation]);
  }
  if (!isSection(resource) || !any(SECTION_PRIVILEGES[resource])) return false;
  const actions = RESOURCE_ACTIONS[resource];
  return !actions || action === 'access' || actions.includes(action);
}

/** authProvider.canAccess: a resource action, or a custom page (`access`). */
export function canAccess(claims: TokenClaims | undefined, resource: string, action: string): boolean {
  return allows(privileges(claims), resource, action);
}
