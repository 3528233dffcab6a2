import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';

export interface Figure {
  key: string;
  label: string;
  value: string;
}

/** A report's totals as small cards (two a row on a phone). `figures` undefined: still loading. */
export const FigureCards = ({ figures, count = 4 }: { figures: readonly Figure[] | undefined; count?: number }) => (
  <Box
    component="dl"
    sx={{
      display: 'grid',
      // All in one row on a wide screen; two a row on a phone, four on a tablet.
      gridTemplateColumns: {
        xs: 'repeat(2, minmax(0, 1fr))',
        sm: 'repeat(4, minmax(0, 1fr))',
        lg: `repeat(${Math.max(count, figures?.length ?? 0)}, minmax(0, 1fr))`,
      },
      gap: 1.5,
      m: 0,
    }}
    data-testid="report-figures"
  >
    {(figures ?? Array.from({ length: count }, (_, index) => ({ key: String(index), label: '', value: '' }))).map((figure) => (
      <Card key={figure.key} variant="outlined" sx={{ minWidth: 0 }}>
        <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
          {figures ? (
            <>
              <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                {figure.label}
              </Typography>
              <Typography component="dd" variant="h6" sx={{ m: 0, fontSize: '1.15rem', overflowWrap: 'anywhere' }} data-testid={`figure-${figure.key}`}>
                {figure.value}
              </Typography>
            </>
          ) : (
            <Skeleton height={44} />
          )}
        </CardContent>
      </Card>
    ))}
  </Box>
);
