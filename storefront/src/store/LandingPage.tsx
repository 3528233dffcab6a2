import ArrowForward from '@mui/icons-material/ArrowForward';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useBrand } from '../brand/brand-context';
import { STORE_HOME_PATH } from '../cart/paths';
import { landingContent } from './landing-content';

/**
 * The brand's landing page built into the store (`/inicio`): what the home of colnomina, firmaya,
 * {product} and bemyself goes to in the demo, so the journey works without the brand's own site.
 */
export default function LandingPage() {
  const { brand, parameters } = useBrand();
  // A brand whose parameters name a trial package offers its free trial (storefront/src/pages/trial).
  const trial = typeof parameters.all.trialPackageCode === 'string' && parameters.all.trialPackageCode.trim() !== '';
  const content = landingContent(brand.appName, brand.description);
  return (
    <Box>
      <Box
        component="section"
        aria-labelledby="landing-title"
        sx={{ borderRadius: 3, px: { xs: 3, md: 6 }, py: { xs: 4, md: 7 }, bgcolor: 'primary.main', color: 'primary.contrastText' }}
      >
        <Typography component="p" sx={{ fontWeight: 700, letterSpacing: '0.08em', textTransform: 'uppercase', opacity: 0.85 }}>
          {brand.title}
        </Typography>
        <Typography id="landing-title" variant="h3" component="h1" sx={{ fontWeight: 800, mt: 1, maxWidth: 760, fontSize: { xs: '1.9rem', md: '2.75rem' } }}>
          {content.headline}
        </Typography>
        <Typography sx={{ mt: 2, maxWidth: 640, opacity: 0.9 }}>{brand.description}</Typography>
        <Button
          component={RouterLink}
          to={STORE_HOME_PATH}
          variant="contained"
          color="secondary"
          size="large"
          endIcon={<ArrowForward />}
          sx={{ mt: 4, fontWeight: 700 }}
        >
          Ver planes y precios
        </Button>
        {trial && (
          <Button
            component={RouterLink}
            to="/freeTrial"
            variant="outlined"
            color="inherit"
            size="large"
            sx={{ mt: { xs: 2, sm: 4 }, ml: { sm: 2 }, display: { xs: 'flex', sm: 'inline-flex' }, width: 'fit-content', fontWeight: 700 }}
          >
            Prueba gratis
          </Button>
        )}
      </Box>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 4, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {content.benefits.map(([title, text]) => (
          <Paper component="li" key={title} variant="outlined" sx={{ p: 3, borderRadius: 2 }}>
            <CheckCircleOutline color="primary" aria-hidden="true" />
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mt: 1 }}>
              {title}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {text}
            </Typography>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
