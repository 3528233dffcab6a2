import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { BoldText } from './BoldText';

/** The server's alert (§2.6, §8: '¡Algo salió mal!' with its first detail), closed with 'Aceptar'. */
export const AlertDialog = ({ title, message, onClose }: { title: string; message: string | undefined; onClose: () => void }) => {
  const translate = useTranslate();
  return (
    <Dialog open={!!message} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="dashboard-alert-title" aria-describedby="dashboard-alert-text">
      <DialogTitle id="dashboard-alert-title" sx={{ textAlign: 'center' }}>
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          <WarningAmberIcon color="warning" sx={{ fontSize: 48 }} />
          <span>{title}</span>
        </Stack>
      </DialogTitle>
      <DialogContent>
        <Typography id="dashboard-alert-text" sx={{ textAlign: 'center' }}>
          <BoldText message={message ?? ''} />
        </Typography>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center', pb: 2 }}>
        <Button variant="contained" onClick={onClose} autoFocus>
          {translate('resources.dashboard.movements.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
