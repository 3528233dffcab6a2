import { memoryStorage, type KeyValueStorage } from '@licencias/common/session';
import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../auth/auth-context';
import { readParameters } from '../brand/app-parameters';
import { BrandContext } from '../brand/brand-context';
import type { Brand } from '../brand/types';
import { CartContext } from '../cart/cart-context';
import { CartStore, type CartServices } from '../cart/cart-store';
import { mapsServices } from '../checkout/AddressField';
import { NotificationsContext, type Notify } from '../notifications/notifications-context';
import { createBrandTheme } from '../theme/create-brand-theme';

/** A brand as GET /api/v1/brands/{appName} answers it, for component tests. */
export function testBrand(appName = 'colnomina', overrides: Partial<Brand> = {}): Brand {
  return {
    id: appName,
    appName,
    tenant: 'CO',
    title: appName === 'firmaya' ? 'FirmaYa' : 'Colnómina',
    description: 'Nómina electrónica',
    configurable: false,
    theme: {
      variant: 'light',
      palette: { mode: 'light', primary: '#00796b', secondary: '#f9a825', background: '#f6f7fb', surface: '#ffffff', text: '#1f2933' },
      logoUrl: '/logo.svg',
      faviconUrl: '/favicon.svg',
    },
    appInfo: {
      urlLandingPage: '/inicio',
      urlPersonalDataTreatmentPolicy: 'https://example.com/politica',
      urlTermsAndConditions: 'https://example.com/terminos',
      urlSecutityLogin: '/login',
      userActivateTokenTime: 60,
    },
    documentTypes: { N: [1, 2], J: [4], R: [1, 2, 6] },
    ...overrides,
  };
}

export interface HarnessOptions {
  appName?: string;
  parameters?: Record<string, string | number | boolean | Record<string, unknown>>;
  signedIn?: boolean;
  /** The signed-in user's token claims (with `signedIn`). */
  claims?: AuthContextValue['claims'];
  /** Local storage of the page (a cart already stored there is the page's cart). */
  storage?: KeyValueStorage;
  services?: Partial<CartServices>;
  path?: string;
  /** The address opened, when it is not `path` itself (a path with parameters). */
  initialEntry?: string;
  /** Other routes of the test (a path and what it shows). */
  routes?: { path: string; element: ReactNode }[];
}

/** Renders a store screen with a brand, a session (or none), alerts, a cart and a router. */
export function renderInStore(ui: ReactNode, options: HarnessOptions = {}) {
  const brand = testBrand(options.appName);
  const parameters = readParameters(brand, options.parameters ?? {});
  const notify = vi.fn<Notify>();
  // No server here: the address is free text, as without a maps provider (its own tests fake one).
  vi.spyOn(mapsServices, 'enabled').mockResolvedValue(false);
  const cart = new CartStore(options.storage ?? memoryStorage(), brand.appName, parameters.maxPackageQuantity, {
    priceTiers: () => Promise.resolve([]),
    validatePromo: () => Promise.reject(new Error('No se puede aplicar el código promocional al paquete seleccionado.')),
    ...options.services,
  });
  const auth: AuthContextValue = {
    session: options.signedIn ? { token: 't', refreshToken: 'r', userName: 'cliente', appName: brand.appName } : undefined,
    claims: options.claims,
    isStaff: false,
    signIn: vi.fn(),
    signInWithToken: vi.fn(),
    signOut: vi.fn(),
    endedMessage: undefined,
    reportSessionEnded: vi.fn(),
    acknowledgeSessionEnded: vi.fn(),
  };
  const router = createMemoryRouter([{ path: options.path ?? '/', element: ui }, ...(options.routes ?? []), { path: '*', element: <p>Otra página</p> }], {
    initialEntries: [options.initialEntry ?? options.path ?? '/'],
  });
  const result = render(
    <ThemeProvider theme={createBrandTheme(brand.theme.palette)}>
      <BrandContext value={{ brand, parameters, isLicenseApp: brand.appName === 'license' }}>
        <NotificationsContext value={notify}>
          <AuthContext value={auth}>
            <CartContext value={cart}>
              <RouterProvider router={router} />
            </CartContext>
          </AuthContext>
        </NotificationsContext>
      </BrandContext>
    </ThemeProvider>,
  );
  return { ...result, cart, notify, router, brand };
}
