import { RouterProvider } from 'react-router/dom';
import { AuthProvider } from './auth/AuthProvider';
import { BrandProvider } from './brand/BrandProvider';
import { NotificationsProvider } from './notifications/NotificationsProvider';
import { createStoreRouter } from './routes/router';

let router: ReturnType<typeof createStoreRouter> | undefined;

/** Brand first (theme, title, favicon), then alerts and the session, then the routes. */
export function App() {
  router ??= createStoreRouter();
  return (
    <BrandProvider>
      <NotificationsProvider>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </NotificationsProvider>
    </BrandProvider>
  );
}
