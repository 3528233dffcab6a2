import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';

function CardSkeleton() {
  return (
    <Paper variant="outlined" sx={{ p: 2.5, borderRadius: 2 }}>
      <Skeleton variant="text" width="70%" height={32} />
      <Skeleton variant="text" width="90%" />
      <Skeleton variant="text" width="45%" height={48} sx={{ my: 1 }} />
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} variant="text" width={`${80 - i * 8}%`} />
      ))}
      <Skeleton variant="rounded" height={42} sx={{ mt: 2 }} />
    </Paper>
  );
}

/** The home while the packages load: the shape of its sections. */
export function StoreSkeleton() {
  return (
    <Box role="status" aria-live="polite" aria-label="Cargando paquetes…" sx={{ display: 'grid', gap: 4 }}>
      <Skeleton variant="rounded" height={220} />
      <Skeleton variant="text" width={220} height={40} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}>
        <CardSkeleton />
        <CardSkeleton />
        <CardSkeleton />
      </Box>
    </Box>
  );
}
