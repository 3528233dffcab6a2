import { privileges, type TokenClaims } from '@licencias/common/claims';

/**
 * Who may open what (licences-and-agreements.md §6 and the privilege matrix of
 * backend/src/identity/identity.data.ts): a section opens with any one of its privileges.
 */
export const SECTION_PRIVILEGES = {
  configurations: ['CONFIGURATION'],
  packages: ['PACKAGES'],
  purchaseOrders: ['LICENSE_FULL_ACCESS'],
  licenses: ['LICENSES'],
  reports: ['REPORTS'],
  payments: ['PAYMENTS_READ'],
  agreements: ['LICENSE_FULL_ACCESS', 'CONTRACT_CREATE', 'CONTRACT_MODIFY'],
  // Consumption dashboards of a customer, opened from the licences screen.
  dashboard: ['LICENSES'],
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
}

/** The left menu, in the order of the spec. 'Órdenes de compra' is shown disabled. */
export const MENU: readonly MenuEntry[] = [
  { section: 'configurations', path: '/configurations', label: 'app.menu.configurations' },
  { section: 'packages', path: '/packages', label: 'app.menu.packages' },
  { section: 'purchaseOrders', label: 'app.menu.purchase_orders' },
  { section: 'licenses', path: '/licenses', label: 'app.menu.licenses' },
  { section: 'reports', path: '/reports', label: 'app.menu.reports' },
  { section: 'payments', path: '/payments', label: 'app.menu.payments' },
  { section: 'agreements', path: '/agreements', label: 'app.menu.agreements' },
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
  return MENU.filter((entry) => canOpen(privileges, entry.section));
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
  return menuFor(privileges).find((entry) => entry.path)?.path;
}

/** The react-admin actions the resource API allows on each resource (no create or delete yet). */
const RESOURCE_ACTIONS: Partial<Record<Section, readonly string[]>> = {
  users: ['list', 'edit', 'show'],
  roles: ['list'],
};

/**
 * Catalogue resources of the resource API that are not sections of the menu, with the privileges
 * (any one grants) each react-admin action needs, as the contract's `x-privileges` say. `state`
 * is the active toggle (PUT /api/v1/{resource}/{id}/state). An action not listed is refused.
 */
const READ_CATALOGUE = ['CONFIGURATION', 'PACKAGES'] as const;
const WRITE_CATALOGUE = ['LICENSE_FULL_ACCESS'] as const;
const CATALOGUE_RESOURCES: Record<string, Partial<Record<string, readonly string[]>>> = {
  services: { list: READ_CATALOGUE, show: READ_CATALOGUE, create: WRITE_CATALOGUE, edit: WRITE_CATALOGUE, state: WRITE_CATALOGUE },
  'feature-types': { list: READ_CATALOGUE, show: READ_CATALOGUE, create: WRITE_CATALOGUE, edit: WRITE_CATALOGUE, state: WRITE_CATALOGUE },
  'service-features': { list: READ_CATALOGUE, show: READ_CATALOGUE, create: WRITE_CATALOGUE, edit: WRITE_CATALOGUE, state: WRITE_CATALOGUE },
  'promo-codes': {
    list: ['LICENSE_PROMOCODE_READ'],
    show: ['LICENSE_PROMOCODE_READ'],
    create: ['LICENSE_PROMOCODE_CREATE'],
    edit: ['LICENSE_PROMOCODE_MODIFY'],
    state: ['LICENSE_PROMOCODE_MODIFY', 'LICENSE_PROMOCODE_DELETE'],
  },
  'service-types': { list: READ_CATALOGUE },
  'package-types': { list: ['PACKAGES', 'CONFIGURATION', 'LICENSE_PROMOCODE_READ'] },
  channels: { list: ['PACKAGES', 'CONFIGURATION', 'LICENSE_PROMOCODE_READ'] },
  'package-options': { list: ['LICENSE_PROMOCODE_READ', 'PACKAGES'] },
  'promo-user-types': { list: ['LICENSE_PROMOCODE_READ'] },
  customers: { list: ['PACKAGES', 'LICENSES'] },
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
  const catalogue = Object.hasOwn(CATALOGUE_RESOURCES, resource) ? CATALOGUE_RESOURCES[resource] : undefined;
  if (catalogue) {
    const required = catalogue[action === 'access' ? 'list' : action];
    return !!required && any(required);
  }
  if (!isSection(resource) || !any(SECTION_PRIVILEGES[resource])) return false;
  const actions = RESOURCE_ACTIONS[resource];
  return !actions || action === 'access' || actions.includes(action);
}

/** authProvider.canAccess: a resource action, or a custom page (`access`). */
export function canAccess(claims: TokenClaims | undefined, resource: string, action: string): boolean {
  return allows(privileges(claims), resource, action);
}
