import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useBrand } from '../brand';

/** The brand's logo (variant by role), linking to the brand's landing page. */
export const Logo = ({ height = 32 }: { height?: number }) => {
  const brand = useBrand();
  const translate = useTranslate();
  return (
    <Box
      component="a"
      href={brand.landingUrl}
      aria-label={translate('app.logo.link', { name: brand.title })}
      // On phones the page title needs the room.
      sx={{ display: { xs: 'none', sm: 'inline-flex' }, alignItems: 'center', mr: 2, lineHeight: 0 }}
    >
      <img src={brand.logoUrl} alt={translate('app.logo.alt', { name: brand.title })} height={height} />
    </Box>
  );
};
