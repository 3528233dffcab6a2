import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { useAuth } from '../auth/auth-context';
import { CartProvider } from '../cart';
import { isGuardedHandle } from '../routes/paths';
import { SessionEnded } from '../session/SessionEnded';
import { SessionHubConnector } from '../session/SessionHubConnector';
import { Footer } from './Footer';
import { Header } from './Header';
import { PageLoading } from './PageLoading';
import { SkipLink } from './SkipLink';

const CONTENT_ID = 'contenido';

/**
 * The store's frame: header, the page, footer; the cart; and the session lifecycle on guarded
 * routes. Plain elements and CSS (`theme/store.css`): MUI loads with the pages that use it.
 */
export function StoreLayout() {
  const { session } = useAuth();
  const guarded = useMatches().some((match) => isGuardedHandle(match.handle));
  return (
    <CartProvider>
      <div className="frame">
        <SkipLink target={CONTENT_ID} />
        <Header />
        {/* At least a screen under the header: the footer starts below the fold, so a page replacing the short loading state does not move it (layout shift). */}
        <main id={CONTENT_ID} tabIndex={-1} className="container page">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
        <Footer />
        {session && guarded && <SessionHubConnector />}
        <SessionEnded />
        <ScrollRestoration />
      </div>
    </CartProvider>
  );
}
