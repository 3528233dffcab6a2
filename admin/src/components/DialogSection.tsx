import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useResourceContext, useTranslate } from 'react-admin';

/** A titled part of a create or edit dialog: the title is `resources.<resource>.sections.<name>`. */
export const Section = ({ name, children }: { name: string; children: ReactNode }) => {
  const translate = useTranslate();
  const resource = useResourceContext();
  return (
    <Box component="section" sx={{ mb: 2 }}>
      <Typography variant="subtitle2" component="h3" color="primary" sx={{ mb: 1 }}>
        {translate(`resources.${resource}.sections.${name}`)}
      </Typography>
      {children}
    </Box>
  );
};

/** Two columns of inputs from the small breakpoint up, one on phones. */
export const Columns = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, alignItems: 'start' }}>{children}</Box>
);
