import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { HttpError, Link, useNotify, useRefresh, useTranslate } from 'react-admin';
import { formatDate } from '@licencias/common/dates';
import { approvePayment, type CashPayment, rejectPayment, SERVER_ERROR, type SupportType } from './cashApi';
import { RejectDialog } from './RejectDialog';
import { useOpenSupport } from './useOpenSupport';
import { usePaymentPrivileges } from './usePaymentPrivileges';

const failure = (error: unknown) => (error instanceof HttpError && error.status === 422 && error.message ? error.message : SERVER_ERROR);

/** Opens the order's proof or RUT in a new tab (getpaymentsupport). */
const SupportButton = ({ record, type }: { record: CashPayment; type: SupportType }) => {
  const translate = useTranslate();
  const openSupport = useOpenSupport();
  const label = translate(type === 'RUT' ? 'resources.payments.view_rut' : 'resources.payments.view_support');
  const open = () => openSupport(record.referenceUuid, type);
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={() => void open()}>
        {type === 'RUT' ? <BadgeOutlinedIcon fontSize="small" /> : <ReceiptLongOutlinedIcon fontSize="small" />}
      </IconButton>
    </Tooltip>
  );
};

/**
 * The buttons of a row (store §2): view the proof and the RUT; on the pending tab approve and
 * reject, enabled only with both ApprovePayments and ModifyPayments; on the rejected tab 'Ver
 * detalle' with the reason. After a decision the three lists reload (§4).
 */
export const PaymentRowActions = ({ record }: { record: CashPayment }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { mayDecide } = usePaymentPrivileges();
  const [rejecting, setRejecting] = useState(false);
  const [detail, setDetail] = useState(false);
  const [busy, setBusy] = useState(false);
  const approve = async () => {
    setBusy(true);
    try {
      await approvePayment(record.id);
      notify('resources.payments.approved', { type: 'success' });
    } catch (error) {
      notify(failure(error), { type: 'error' });
    } finally {
      setBusy(false);
      refresh();
    }
  };
  const reject = async (rejectTypeId: number) => {
    try {
      await rejectPayment(record.id, rejectTypeId);
      notify('resources.payments.rejected', { type: 'success' });
      setRejecting(false);
    } catch (error) {
      notify(failure(error), { type: 'error' });
    } finally {
      refresh();
    }
  };
  return (
    <Stack direction="row" spacing={0.5} alignItems="center" sx={{ flexWrap: 'wrap' }}>
      <SupportButton record={record} type="PAYMENT_SUPPORT" />
      <SupportButton record={record} type="RUT" />
      {record.state === 'PENDING' && (
        <>
          <Button size="small" color="success" startIcon={<CheckCircleOutlineIcon />} disabled={!mayDecide || busy} onClick={() => void approve()}>
            {translate('resources.payments.approve')}
          </Button>
          <Button size="small" color="error" startIcon={<HighlightOffIcon />} disabled={!mayDecide || busy} onClick={() => setRejecting(true)}>
            {translate('resources.payments.reject')}
          </Button>
        </>
      )}
      {record.state === 'REJECTED' && (
        <Button size="small" onClick={() => setDetail(true)}>
          {translate('resources.payments.detail')}
        </Button>
      )}
      {rejecting && <RejectDialog reference={record.paymentReference} onCancel={() => setRejecting(false)} onReject={reject} />}
      {detail && (
        <Dialog open onClose={() => setDetail(false)} fullWidth maxWidth="xs">
          <DialogTitle>{translate('resources.payments.detail_title', { reference: record.paymentReference })}</DialogTitle>
          <DialogContent>
            <Typography variant="subtitle2">{translate('resources.payments.fields.rejectTypeDescription')}</Typography>
            <Typography gutterBottom>{record.rejectTypeDescription}</Typography>
            <Typography variant="subtitle2">{translate('resources.payments.fields.decidedBy')}</Typography>
            <Typography>
              {record.decidedBy} · {formatDate(record.decidedAt)}
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button component={Link} to={`/orders/${record.id}/show`}>
              {translate('resources.payments.order')}
            </Button>
            <Button onClick={() => setDetail(false)}>{translate('ra.action.close')}</Button>
          </DialogActions>
        </Dialog>
      )}
    </Stack>
  );
};
