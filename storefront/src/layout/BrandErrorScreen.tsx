import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

/** The brand could not be loaded: nothing can be shown without it, so offer a retry. */
export function BrandErrorScreen({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Alert
        severity="error"
        sx={{ maxWidth: 480 }}
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Reintentar
          </Button>
        }
      >
        <AlertTitle>¡Lo sentimos!</AlertTitle>
        {message}
      </Alert>
    </Box>
  );
}
