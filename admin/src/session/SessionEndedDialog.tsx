import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useSyncExternalStore } from 'react';
import { useTranslate } from 'react-admin';
import { endedSession } from './endedSession';
import { leaveToStorefront } from './sessionMonitor';

/**
 * The modal of an ended session (licences-and-agreements.md §7): the server's message and
 * 'Aceptar', which clears all storage and goes to /. It cannot be dismissed otherwise.
 */
export const SessionEndedDialog = () => {
  const ended = useSyncExternalStore(endedSession.subscribe, endedSession.get);
  const translate = useTranslate();
  return (
    <Dialog open={!!ended} disableEscapeKeyDown aria-labelledby="session-ended-title" aria-describedby="session-ended-message" maxWidth="xs" fullWidth>
      <DialogTitle id="session-ended-title">{translate('app.session.ended_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="session-ended-message">{ended?.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={leaveToStorefront} autoFocus>
          Aceptar
        </Button>
      </DialogActions>
    </Dialog>
  );
};
