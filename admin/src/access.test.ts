import { describe, expect, it } from 'vitest';
import { allows, canOpen, landingPath, mayUseBackOffice, menuFor, sectionOfPath } from './access';

// Expected answers written from the specs (catalogue-and-dashboards.md, the privilege matrix), not
// read from the contract that access.ts now takes them from.
describe('what the back office lets a user do', () => {
  it('catalogue records are read with CONFIGURATION or PACKAGES and written with full access', () => {
    for (const resource of ['services', 'feature-types', 'service-features']) {
      expect(allows(['CONFIGURATION'], resource, 'list')).toBe(true);
      expect(allows(['PACKAGES'], resource, 'show')).toBe(true);
      expect(allows(['CONFIGURATION', 'PACKAGES'], resource, 'create')).toBe(false);
      expect(allows(['CONFIGURATION'], resource, 'edit')).toBe(false);
      expect(allows(['LICENSE_FULL_ACCESS'], resource, 'create')).toBe(true);
      expect(allows(['LICENSE_FULL_ACCESS'], resource, 'state')).toBe(true);
    }
  });

  it('promo codes follow their own privileges', () => {
    expect(allows(['LICENSE_PROMOCODE_READ'], 'promo-codes', 'list')).toBe(true);
    expect(allows(['LICENSE_PROMOCODE_READ'], 'promo-codes', 'create')).toBe(false);
    expect(allows(['LICENSE_PROMOCODE_CREATE'], 'promo-codes', 'create')).toBe(true);
    expect(allows(['LICENSE_PROMOCODE_MODIFY'], 'promo-codes', 'edit')).toBe(true);
    expect(allows(['LICENSE_PROMOCODE_DELETE'], 'promo-codes', 'state')).toBe(true);
    expect(allows(['LICENSE_PROMOCODE_DELETE'], 'promo-codes', 'edit')).toBe(false);
    expect(allows(['LICENSE_PROMOCODE_READ'], 'promo-user-types', 'list')).toBe(true);
    expect(allows(['LICENSE_PROMOCODE_READ'], 'package-options', 'list')).toBe(true);
  });

  it('refuses what is not declared, whatever its name', () => {
    expect(allows(['LICENSE_FULL_ACCESS'], 'services', 'delete')).toBe(false);
    expect(allows(['LICENSE_FULL_ACCESS'], 'services', 'constructor')).toBe(false);
    expect(allows(['LICENSE_FULL_ACCESS'], 'toString', 'list')).toBe(false);
    expect(allows(undefined, 'services', 'list')).toBe(false);
  });

  it("'Órdenes de compra' is read (list and one order) by those who read payments, and never changed", () => {
    expect(allows(['PAYMENTS_READ'], 'orders', 'list')).toBe(true);
    expect(allows(['PAYMENTS_READ'], 'orders', 'show')).toBe(true);
    expect(allows(['PAYMENTS_READ', 'PAYMENTS_MODIFY'], 'orders', 'edit')).toBe(false);
    expect(allows(['LICENSE_FULL_ACCESS', 'CONFIGURATION', 'LICENSES'], 'orders', 'list')).toBe(false);
    // It opens when asked for, but nobody lands there: the financial roles still land on their spec's page.
    expect(landingPath(['LICENSES', 'REPORTS', 'PAYMENTS_READ'])).toBe('/licenses');
    expect(landingPath(['REPORTS', 'PAYMENTS_READ'])).toBe('/reports');
    expect(landingPath(['REPORTS', 'PAYMENTS_READ'], '/orders/5/show')).toBe('/orders/5/show');
  });

  it('a custom page opens with the privilege of its list, a section with one of its privileges', () => {
    expect(allows(['LICENSE_PROMOCODE_READ'], 'promo-codes', 'access')).toBe(true);
    expect(canOpen(['CONTRACT_MODIFY'], 'agreements')).toBe(true);
    expect(canOpen(['PACKAGES'], 'configurations')).toBe(false);
  });

  it("a customer (CUSTOMER_PORTAL only) opens 'Productos adquiridos' and nothing else", () => {
    const customer = ['CUSTOMER_PORTAL'];
    const sections = ['configurations', 'packages', 'orders', 'licenses', 'reports', 'payments', 'agreements', 'dashboard', 'users', 'roles'];
    expect(sections.filter((section) => canOpen(customer, section))).toEqual(['dashboard']);
    for (const resource of ['services', 'promo-codes', 'mail-messages', 'api-clients', 'users', 'roles', 'orders'])
      for (const action of ['list', 'show', 'create', 'edit', 'access']) expect(allows(customer, resource, action)).toBe(false);
    expect(allows(customer, 'dashboard', 'access')).toBe(true);
    expect(menuFor(customer).map((entry) => entry.label)).toEqual(['app.menu.dashboard']);
    expect(landingPath(customer)).toBe('/dashboard');
    expect(landingPath(customer, '/licenses')).toBe('/dashboard');
    expect(landingPath(customer, '/dashboard/movements?serviceName=x')).toBe('/dashboard/movements?serviceName=x');
  });

  it("staff menus keep their entries: the dashboards open from 'Licencias y consumos', not from the menu", () => {
    expect(canOpen(['LICENSES'], 'dashboard')).toBe(true);
    expect(canOpen(['REPORTS'], 'dashboard')).toBe(true);
    expect(menuFor(['LICENSES', 'REPORTS']).map((entry) => entry.section)).toEqual(['licenses', 'reports']);
    expect(landingPath(['REPORTS'])).toBe('/reports');
  });

  it('the back office signs in staff and customers; other tokens belong to the storefront', () => {
    const claims = (APPS: string[], PRIVILEGES: string[]) =>
      ({ sub: '1', exp: 0, sid: 's', unique_name: 'u', given_name: '', family_name: '', APPS, LICENSE_ROLE: '', PRIVILEGES }) as const;
    expect(mayUseBackOffice(claims(['LICENSE'], []))).toBe(true);
    expect(mayUseBackOffice(claims(['STORE'], ['CUSTOMER_PORTAL']))).toBe(true);
    expect(mayUseBackOffice(claims(['STORE'], []))).toBe(false);
    expect(mayUseBackOffice(undefined)).toBe(false);
  });

  it("'Informes' and its report views open with REPORTS only (catalogue §6): the financial roles, not the promo-code staff", () => {
    expect(sectionOfPath('/reports/view?reportType=GeneralConsumptionReport')).toBe('reports');
    expect(canOpen(['BACKOFFICE', 'LICENSES', 'REPORTS', 'PAYMENTS_READ'], 'reports')).toBe(true);
    expect(canOpen(['BACKOFFICE', 'REPORTS', 'PAYMENTS_READ'], 'reports')).toBe(true);
    expect(canOpen(['BACKOFFICE', 'CONFIGURATION', 'LICENSE_PROMOCODE_READ'], 'reports')).toBe(false);
    expect(canOpen(['CUSTOMER_PORTAL'], 'reports')).toBe(false);
    // A report opened in a new tab before signing in comes back to it after.
    expect(landingPath(['REPORTS'], '/reports/view?reportType=CustomerSupportReport')).toBe('/reports/view?reportType=CustomerSupportReport');
  });
});
