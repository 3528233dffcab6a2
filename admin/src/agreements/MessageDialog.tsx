import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export interface MessageDialogProps {
  open: boolean;
  title: string;
  text?: ReactNode;
  icon?: 'success' | 'warning' | 'none';
  /** The main button (e.g. 'Cerrar', 'Entendido', 'Guardar'). */
  confirmLabel: string;
  onConfirm: () => void;
  /** A second button (e.g. 'Cancelar'); absent when the dialog only informs. */
  cancelLabel?: string;
  onCancel?: () => void;
  busy?: boolean;
}

/** The result and confirmation modals of the agreement screens, with a success or warning icon. */
export const MessageDialog = ({ open, title, text, icon = 'none', confirmLabel, onConfirm, cancelLabel, onCancel, busy }: MessageDialogProps) => (
  <Dialog open={open} onClose={onCancel ?? onConfirm} maxWidth="xs" fullWidth aria-labelledby="agreement-message-title">
    <DialogTitle id="agreement-message-title" sx={{ textAlign: 'center' }}>
      <Stack spacing={1} sx={{ alignItems: 'center' }}>
        {icon === 'success' && <CheckCircleOutlineIcon color="success" sx={{ fontSize: 48 }} />}
        {icon === 'warning' && <WarningAmberIcon color="warning" sx={{ fontSize: 48 }} />}
        <span>{title}</span>
      </Stack>
    </DialogTitle>
    {text && (
      <DialogContent>
        <Typography sx={{ textAlign: 'center' }}>{text}</Typography>
      </DialogContent>
    )}
    <DialogActions sx={{ justifyContent: 'center', pb: 2 }}>
      {cancelLabel && (
        <Button variant="outlined" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
      )}
      <Button variant="contained" onClick={onConfirm} disabled={busy}>
        {confirmLabel}
      </Button>
    </DialogActions>
  </Dialog>
);
