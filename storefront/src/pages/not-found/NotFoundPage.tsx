import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { useBrand } from '../../brand/brand-context';
import { NotFoundIllustration } from './NotFoundIllustration';

/**
 * The store's not-found view: unknown addresses, and the pages later issues build until they
 * exist. Offers the way back to the store and to the brand's site.
 */
export default function NotFoundPage() {
  const { brand, parameters } = useBrand();
  const { pathname } = useLocation();
  const atHome = pathname === '/';
  const landing = brand.appInfo.urlLandingPage || parameters.urlsFromBack.urlLandingPage;
  return (
    <Box component="section" aria-labelledby="not-found-title" sx={{ textAlign: 'center', maxWidth: 560, mx: 'auto', py: { xs: 2, md: 6 } }}>
      <NotFoundIllustration />
      <Typography id="not-found-title" variant="h1" sx={{ mt: 3, mb: 1.5 }}>
        Página no encontrada
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        La página que buscas no existe o todavía no está disponible.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
        {!atHome && (
          <Button component={RouterLink} to="/" variant="contained" size="large">
            Volver al inicio
          </Button>
        )}
        {landing && (
          <Button href={landing} variant={atHome ? 'contained' : 'outlined'} size="large">
            Ir a {brand.title}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
