import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface DialogAction {
  label: string;
  onClick(): void;
  primary?: boolean;
}

interface Props {
  title: string;
  children: ReactNode;
  actions: DialogAction[];
  /** Escape and the backdrop: the first non-primary action, when there is one. */
  onClose?: () => void;
  busy?: boolean;
}

/** The confirmation and message dialogs of the purchase (§4 categories, §8 errors): a title, text and buttons. */
export function CheckoutDialog({ title, children, actions, onClose, busy }: Props) {
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="checkout-dialog-title" aria-describedby="checkout-dialog-text" maxWidth="xs" fullWidth>
      {title && (
        <DialogTitle id="checkout-dialog-title" sx={{ textAlign: 'center', fontWeight: 700 }}>
          {title}
        </DialogTitle>
      )}
      <DialogContent>
        <Typography
          id="checkout-dialog-text"
          component="div"
          align="center"
          color="text.secondary"
          sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, pt: title ? 0 : 2 }}
        >
          {children}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center', gap: 1, pb: 2.5, flexWrap: 'wrap' }}>
        {actions.map((action) => (
          <Button key={action.label} variant={action.primary ? 'contained' : 'outlined'} onClick={action.onClick} disabled={busy}>
            {action.label}
          </Button>
        ))}
      </DialogActions>
    </Dialog>
  );
}
