import { Box, Typography } from '@mui/material';
import { orNotAvailable } from './format';

export interface InfoItem {
  label: string;
  value: string | number | null | undefined;
}

/** Read-only label and value pairs, two or three columns on wide screens, one on phones; missing values 'No disponible'. */
export const InfoList = ({ items }: { items: readonly InfoItem[] }) => (
  <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, minmax(0, 1fr))' }, gap: 1.5, m: 0 }}>
    {items.map((item) => (
      <Box key={item.label} sx={{ minWidth: 0 }}>
        <Typography component="dt" variant="caption" color="text.secondary">
          {item.label}
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
          {orNotAvailable(item.value)}
        </Typography>
      </Box>
    ))}
  </Box>
);
