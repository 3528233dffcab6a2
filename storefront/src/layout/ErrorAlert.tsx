import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

/** The whole-page alert of ErrorScreen (a lazy chunk with MUI). */
export default function ErrorAlert({ children, action, onAction, maxWidth }: { children: ReactNode; action: string; onAction: () => void; maxWidth: number }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Alert
        severity="error"
        sx={{ maxWidth }}
        action={
          <Button color="inherit" size="small" onClick={onAction}>
            {action}
          </Button>
        }
      >
        <AlertTitle>¡Lo sentimos!</AlertTitle>
        {children}
      </Alert>
    </Box>
  );
}
