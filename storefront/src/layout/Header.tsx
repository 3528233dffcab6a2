import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useBrand } from '../brand/brand-context';
import { CartButton } from '../cart';
import { AuthControl } from './AuthControl';

/** Brand logo (a wordmark: its text is the brand title), brand description, the cart and the sign-in control. */
export function Header() {
  const { brand } = useBrand();
  return (
    <AppBar position="sticky" color="primary" elevation={2} component="header">
      <Toolbar sx={{ gap: { xs: 1, sm: 2 }, minHeight: { xs: 64, sm: 72 } }}>
        <Link component={RouterLink} to="/" aria-label={`${brand.title}: inicio`} sx={{ display: 'flex', alignItems: 'center', flexShrink: 0 }}>
          <Box
            sx={{
              bgcolor: 'background.paper',
              borderRadius: 2,
              px: { xs: 0.75, sm: 1 },
              py: 0.5,
              display: 'flex',
              alignItems: 'center',
              boxShadow: 1,
            }}
          >
            <Box component="img" src={brand.theme.logoUrl} alt={brand.title} sx={{ height: { xs: 28, sm: 40 }, width: 'auto', display: 'block' }} />
          </Box>
        </Link>
        <Typography component="p" variant="subtitle1" noWrap sx={{ display: { xs: 'none', md: 'block' }, opacity: 0.9, fontWeight: 500 }}>
          {brand.description}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <CartButton />
        <AuthControl />
      </Toolbar>
    </AppBar>
  );
}
