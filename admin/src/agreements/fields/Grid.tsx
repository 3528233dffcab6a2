import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/** Two or three columns of fields on wide screens, one on phones. */
export const FieldGrid = ({ children, columns = 2 }: { children: ReactNode; columns?: 2 | 3 }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: `repeat(${columns}, minmax(0, 1fr))` }, columnGap: 2, alignItems: 'start' }}>
    {children}
  </Box>
);
