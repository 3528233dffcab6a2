import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BuyButtons, PriceBlock } from './CardParts';
import { type StorePackage, discountText, offerValidityText } from './catalogue';
import { Countdown } from './Countdown';
import type { Buy } from './use-buy';

/** A slide wide enough (one or two offers on a desktop) puts the image beside the text. */
const WIDE = '@container (min-width: 720px)';

/**
 * A slide of the offers carousel (store §2): OFERTA, the discount, the package, its price,
 * the validity text and 'Oferta finaliza en' with the countdown.
 */
export function OfferCard({ pkg, now, buy, first = false }: { pkg: StorePackage; now: Date; buy: Buy; first?: boolean }) {
  const validity = offerValidityText(pkg);
  return (
    <Paper
      component="article"
      elevation={2}
      aria-labelledby={`oferta-${pkg.packageId}`}
      data-testid="offer-card"
      sx={{ height: '100%', borderRadius: 2, overflow: 'hidden', containerType: 'inline-size' }}
    >
      <Box
        sx={{
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          ...(pkg.urlImageOffer ? { [WIDE]: { display: 'grid', gridTemplateColumns: '2fr 3fr', gridTemplateRows: 'auto 1fr' } } : {}),
        }}
      >
        <Box
          sx={{
            [WIDE]: { gridColumn: '1 / -1' },
            px: 2.5,
            py: 1.5,
            bgcolor: 'secondary.main',
            color: 'secondary.contrastText',
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'baseline',
            gap: 1,
          }}
        >
          <Typography component="p" sx={{ fontWeight: 900, letterSpacing: '0.12em', fontSize: '1.25rem' }}>
            OFERTA
          </Typography>
          <Typography component="p" sx={{ fontWeight: 700, textAlign: 'right' }}>
            {discountText(pkg)}
          </Typography>
        </Box>
        {pkg.urlImageOffer && (
          <Box
            component="img"
            src={pkg.urlImageOffer}
            alt=""
            // The first slide's image is the page's largest paint: loaded at once, not lazily.
            loading={first ? 'eager' : 'lazy'}
            fetchPriority={first ? 'high' : 'auto'}
            sx={{ display: 'block', width: '100%', aspectRatio: '3 / 1', objectFit: 'cover', [WIDE]: { height: '100%', aspectRatio: 'auto' } }}
          />
        )}
        <Box sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 0.5, flex: 1 }}>
          <Typography id={`oferta-${pkg.packageId}`} variant="h6" component="h3" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
            {pkg.packageName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {pkg.packageDescription}
          </Typography>
          <PriceBlock pkg={pkg} now={now} />
          {validity && (
            <Typography variant="body2" sx={{ mb: 1.5 }}>
              {validity}
            </Typography>
          )}
          <Box sx={{ mt: 'auto', display: 'grid', gap: 2 }}>
            {pkg.offerExpirationTime && <Countdown end={pkg.offerExpirationTime} now={now} />}
            <BuyButtons pkg={pkg} buy={buy} />
          </Box>
        </Box>
      </Box>
    </Paper>
  );
}
