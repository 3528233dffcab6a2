import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { AGREEMENT_MAX, AGREEMENT_MESSAGES, ticketProblems } from '@licencias/common/rules';
import { TextBox } from './fields/TextBox';

export interface TicketValues {
  ticketNumber: string;
  observations: string;
}

/** 'Ingresa el Número del ticket': ticket number (≤ 20 letters and digits) and observations (≤ 200), both required. */
export const TicketDialog = ({
  open,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: (ticket: TicketValues) => void;
}) => {
  const translate = useTranslate();
  const [values, setValues] = useState<TicketValues>({ ticketNumber: '', observations: '' });
  const [showErrors, setShowErrors] = useState(false);
  const problems = ticketProblems(values);
  const errorOf = (field: keyof TicketValues) => problems.find((p) => p.field === field)?.message;
  const close = () => {
    setValues({ ticketNumber: '', observations: '' });
    setShowErrors(false);
    onCancel();
  };
  const confirm = () => {
    if (problems.length) {
      setShowErrors(true);
      return;
    }
    onConfirm({ ticketNumber: values.ticketNumber.trim(), observations: values.observations.trim() });
    setValues({ ticketNumber: '', observations: '' });
    setShowErrors(false);
  };
  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth aria-labelledby="ticket-title">
      <DialogTitle id="ticket-title">{AGREEMENT_MESSAGES.ticketTitle}</DialogTitle>
      <DialogContent>
        <TextBox
          label={translate('resources.agreements.fields.ticketNumber')}
          value={values.ticketNumber}
          onChange={(ticketNumber) => setValues((v) => ({ ...v, ticketNumber }))}
          error={errorOf('ticketNumber')}
          showError={showErrors}
          required
          maxLength={AGREEMENT_MAX.ticketNumber}
        />
        <TextBox
          label={translate('resources.agreements.fields.observations')}
          value={values.observations}
          onChange={(observations) => setValues((v) => ({ ...v, observations }))}
          error={errorOf('observations')}
          showError={showErrors}
          required
          multiline
          maxLength={AGREEMENT_MAX.observations}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {translate('resources.agreements.actions.cancel')}
        </Button>
        <Button variant="contained" onClick={confirm} disabled={busy}>
          {translate('resources.agreements.actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
