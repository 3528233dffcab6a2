import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled card of the detail page. */
export const DetailSection = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card component="section" aria-label={title}>
    <CardContent>
      <Typography variant="h6" component="h2" color="primary" sx={{ mb: 1.5, fontSize: '1.05rem' }}>
        {title}
      </Typography>
      {children}
    </CardContent>
  </Card>
);
