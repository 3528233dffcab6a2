import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled part of a create or edit dialog. */
export const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" sx={{ mb: 2 }}>
    <Typography variant="subtitle2" component="h3" color="primary" sx={{ mb: 1 }}>
      {title}
    </Typography>
    {children}
  </Box>
);

/** Two columns of inputs from the small breakpoint up, one on phones. */
export const Columns = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, alignItems: 'start' }}>{children}</Box>
);
