import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { rejectTypes, type RejectType } from './cashApi';

/** Store §5: rejecting asks for a reason from the reject types ('Debes seleccionar un motivo de rechazo'). */
export const RejectDialog = ({
  reference,
  onCancel,
  onReject,
}: {
  reference: string;
  onCancel: () => void;
  onReject: (rejectTypeId: number) => Promise<void>;
}) => {
  const translate = useTranslate();
  const [types, setTypes] = useState<RejectType[]>([]);
  const [chosen, setChosen] = useState<number | ''>('');
  const [error, setError] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void rejectTypes()
      .then(setTypes)
      .catch(() => setTypes([]));
  }, []);
  const submit = async () => {
    if (chosen === '') {
      setError(true);
      return;
    }
    setBusy(true);
    try {
      await onReject(chosen);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="xs">
      <DialogTitle>{translate('resources.payments.reject_title', { reference })}</DialogTitle>
      <DialogContent>
        <TextField
          select
          fullWidth
          margin="dense"
          label={translate('resources.payments.fields.rejectTypeId')}
          value={chosen}
          onChange={(event) => {
            setChosen(Number(event.target.value));
            setError(false);
          }}
          error={error}
          helperText={error ? translate('resources.payments.reason_required') : ' '}
        >
          {types.map((type) => (
            <MenuItem key={type.id} value={type.id}>
              {type.rejectTypeDescription}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
        <Button color="error" variant="contained" disabled={busy} onClick={() => void submit()}>
          {translate('resources.payments.reject')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
