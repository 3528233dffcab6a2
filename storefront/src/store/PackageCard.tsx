import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { SummaryHtml } from '../rich-text/SummaryHtml';
import { BuyButtons, FeatureList, PriceBlock } from './CardParts';
import { type StorePackage, discountText, isOfferOn } from './catalogue';
import type { Buy } from './use-buy';

interface Props {
  pkg: StorePackage;
  now: Date;
  buy: Buy;
  /** The package a `/cart/{packageId}` link names. */
  highlighted?: boolean;
}

/** A package of the base, combo or complementary section: name, price per year, features and the buttons. */
export function PackageCard({ pkg, now, buy, highlighted }: Props) {
  const offer = isOfferOn(pkg, now);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView({ block: 'center' });
  }, [highlighted]);
  return (
    <Paper
      ref={ref}
      component="article"
      variant="outlined"
      aria-labelledby={`paquete-${pkg.packageId}`}
      data-testid="package-card"
      aria-current={highlighted ? 'true' : undefined}
      sx={{
        p: 2.5,
        display: 'flex',
        flexDirection: 'column',
        height: '100%',
        borderRadius: 2,
        borderWidth: highlighted ? 2 : 1,
        borderColor: highlighted ? 'primary.main' : 'divider',
        scrollMarginTop: 96,
      }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Typography id={`paquete-${pkg.packageId}`} variant="h6" component="h3" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
          {pkg.packageName}
        </Typography>
        {offer && <Chip label={discountText(pkg)} color="secondary" size="small" sx={{ fontWeight: 700, flexShrink: 0 }} />}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {pkg.packageDescription}
      </Typography>
      <PriceBlock pkg={pkg} now={now} />
      <SummaryHtml html={pkg.summaryHtml} sx={{ typography: 'body2', mb: 1, '& p': { m: 0 } }} />
      <Box sx={{ flex: 1, mb: 2 }}>
        <FeatureList pkg={pkg} />
      </Box>
      <BuyButtons pkg={pkg} buy={buy} />
    </Paper>
  );
}
