import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';

/**
 * A page failed to load or to render (often a new version was deployed and an old chunk is gone):
 * reloading fetches the current version.
 */
export function RouteErrorView() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Alert
        severity="error"
        sx={{ maxWidth: 520 }}
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            Recargar
          </Button>
        }
      >
        <AlertTitle>¡Lo sentimos!</AlertTitle>
        No fue posible mostrar esta página. Recarga la página para intentarlo de nuevo.
      </Alert>
    </Box>
  );
}
