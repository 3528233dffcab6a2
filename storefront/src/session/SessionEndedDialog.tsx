import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/**
 * The server ended the session: its message and 'Aceptar'. It cannot be dismissed otherwise,
 * since nothing on the page works without the session.
 */
export default function SessionEndedDialog({ message, onAccept }: { message: string; onAccept: () => Promise<void> }) {
  return (
    <Dialog open aria-labelledby="session-ended-title" aria-describedby="session-ended-message" maxWidth="xs" fullWidth disableEscapeKeyDown>
      <DialogTitle id="session-ended-title">Sesión finalizada</DialogTitle>
      <DialogContent>
        <DialogContentText id="session-ended-message">{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={() => void onAccept()} autoFocus>
          Aceptar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
