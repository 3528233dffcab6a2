import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** Loading state inside the page frame (a page's code or data on its way). */
export function PageLoading({ label = 'Cargando…' }: { label?: string }) {
  return (
    <Box role="status" aria-live="polite" sx={{ py: 10, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
      <CircularProgress aria-hidden="true" />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
