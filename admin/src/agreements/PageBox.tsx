import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/** The frame of an agreement screen: never wider than a phone's screen (tables and steppers scroll inside). */
export const PageBox = ({ children }: { children: ReactNode }) => (
  <Box sx={{ p: { xs: 1, sm: 2 }, minWidth: 0, maxWidth: { xs: 'calc(100vw - 16px)', sm: '100%' }, boxSizing: 'border-box' }}>{children}</Box>
);
