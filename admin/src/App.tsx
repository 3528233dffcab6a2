import { use, useEffect, useMemo, useSyncExternalStore, type ComponentType } from 'react';
import { AdminContext, AdminUI, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router';
import type { Section } from './access';
import { AgreementsPage } from './agreements';
import apiClients from './api-clients';
import { sessionStore } from './api';
import { authProvider } from './authProvider';
import { BrandContext, brandLook, brandPromise, variantOfRole } from './brand';
import { ConfigurationsPage } from './configurations';
import { ContractInfoPage, DashboardPage, MovementsPage } from './dashboard';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n/i18nProvider';
import { AccessDeniedPage } from './layout/AccessDenied';
import { HomeRedirect } from './layout/HomeRedirect';
import { Layout } from './layout/Layout';
import { NotificationStack } from './layout/Notification';
import { Restricted } from './layout/Restricted';
import { LicensesPage } from './licenses';
import { LoginPage } from './login/LoginPage';
import mailbox from './mailbox';
import orders from './orders';
import { PackagesPage } from './packages';
import { PaymentsPage } from './payments';
import { ReportsPage, ReportViewPage } from './reports';
import roles from './roles';
import { SessionEndedDialog } from './session/SessionEndedDialog';
import { brandTheme } from './themes/brandTheme';
import users from './users';

/** Routes of the route table (licences-and-agreements.md §2) whose screens are custom pages. */
const PAGES: { path: string; section: Section; Page: ComponentType }[] = [
  { path: '/configurations', section: 'configurations', Page: ConfigurationsPage },
  { path: '/packages', section: 'packages', Page: PackagesPage },
  { path: '/licenses', section: 'licenses', Page: LicensesPage },
  { path: '/reports', section: 'reports', Page: ReportsPage },
  // A report of 'Informes' in its own tab: /license/reports/reportView (the storefront's route) lands here with its query.
  { path: '/reports/view', section: 'reports', Page: ReportViewPage },
  { path: '/payments', section: 'payments', Page: PaymentsPage },
  { path: '/agreements', section: 'agreements', Page: AgreementsPage },
  { path: '/dashboard', section: 'dashboard', Page: DashboardPage },
  { path: '/dashboard/movements', section: 'dashboard', Page: MovementsPage },
  { path: '/dashboard/contractInfo', section: 'dashboard', Page: ContractInfoPage },
];

/** The role of the signed-in user, followed as the session changes (sign-in, sign-out). */
const roleSnapshot = () => sessionStore.claims()?.LICENSE_ROLE ?? '';

export const App = () => {
  const brand = use(brandPromise);
  const role = useSyncExternalStore((listener) => sessionStore.subscribe(listener), roleSnapshot);
  const look = useMemo(() => brandLook(brand, variantOfRole(role)), [brand, role]);
  const theme = useMemo(() => brandTheme(look.palette), [look]);
  // The tab says the name the header shows (the sub-brand follows the role after sign-in).
  useEffect(() => {
    document.title = look.title;
  }, [look.title]);

  return (
    // Real paths (/admin/configurations...), not react-admin's default hash router. Without
    // transitions: react-admin's sign-out redirect resets its store while navigating, and a
    // navigation in a transition keeps being interrupted by those updates (a render loop).
    <BrowserRouter basename={import.meta.env.BASE_URL.replace(/\/$/, '')} useTransitions={false}>
      <BrandContext value={look}>
        <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} theme={theme}>
          <AdminUI
            title={look.title}
            layout={Layout}
            loginPage={LoginPage}
            dashboard={HomeRedirect}
            notification={NotificationStack}
            accessDenied={AccessDeniedPage}
            requireAuth
            disableTelemetry
          >
            <Resource name="users" {...users} />
            <Resource name="roles" {...roles} />
            <Resource name="mail-messages" {...mailbox} />
            <Resource name="api-clients" {...apiClients} />
            <Resource name="orders" {...orders} />
            <CustomRoutes>
              {PAGES.map(({ path, section, Page }) => (
                <Route
                  key={path}
                  path={path}
                  element={
                    <Restricted section={section}>
                      <Page />
                    </Restricted>
                  }
                />
              ))}
            </CustomRoutes>
          </AdminUI>
          <SessionEndedDialog />
        </AdminContext>
      </BrandContext>
    </BrowserRouter>
  );
};
