import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
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

/** The store's frame: header, the page, footer; the cart; and the session lifecycle on guarded routes. */
export function StoreLayout() {
  const { session } = useAuth();
  const guarded = useMatches().some((match) => isGuardedHandle(match.handle));
  return (
    <CartProvider>
      <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
        <SkipLink target={CONTENT_ID} />
        <Header />
        {/* At least a screen under the header: the footer starts below the fold, so a page replacing the short loading state does not move it (layout shift). */}
        <Container
          component="main"
          id={CONTENT_ID}
          tabIndex={-1}
          maxWidth="lg"
          sx={{ flex: 1, minHeight: { xs: 'calc(100vh - 64px)', sm: 'calc(100vh - 72px)' }, py: { xs: 3, md: 5 }, '&:focus': { outline: 'none' } }}
        >
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Container>
        <Footer />
        {session && guarded && <SessionHubConnector />}
        <SessionEnded />
        <ScrollRestoration />
      </Box>
    </CartProvider>
  );
}
