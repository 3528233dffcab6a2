import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useBrand } from '../brand/brand-context';

/** The brand's terms and data-policy links (application info). */
export function Footer() {
  const { brand, parameters } = useBrand();
  const policy = brand.appInfo.urlPersonalDataTreatmentPolicy || parameters.urlsFromBack.urlPersonalDataTreatmentPolicy;
  return (
    <Box component="footer" sx={{ bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider', py: 3 }}>
      <Container
        maxWidth="lg"
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: { xs: 1.5, sm: 3 },
          alignItems: { sm: 'center' },
          justifyContent: 'space-between',
        }}
      >
        <Typography variant="body2" color="text.secondary">
          © {new Date().getFullYear()} {brand.title}
        </Typography>
        <Box component="nav" aria-label="Información legal" sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 1.5, sm: 3 } }}>
          <Link href={brand.appInfo.urlTermsAndConditions} target="_blank" rel="noopener noreferrer" variant="body2">
            Términos y condiciones
          </Link>
          {policy && (
            <Link href={policy} target="_blank" rel="noopener noreferrer" variant="body2">
              Política de tratamiento de datos personales
            </Link>
          )}
        </Box>
      </Container>
    </Box>
  );
}
