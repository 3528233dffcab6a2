import { hasAny, type TokenClaims } from '@licencias/common/session';

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

/** authProvider.canAccess: a resource action, or a custom page (`access`). */
export function canAccess(claims: TokenClaims | undefined, resource: string, action: string): boolean {
  if (!isSection(resource) || !hasAny(claims, SECTION_PRIVILEGES[resource])) return false;
  const actions = RESOURCE_ACTIONS[resource];
  return !actions || action === 'access' || actions.includes(action);
}
