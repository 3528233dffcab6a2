import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { Box, Button, CircularProgress, LinearProgress, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { HttpError, useNotify, usePermissions, useTranslate } from 'react-admin';
import { OPERATION_PRIVILEGES } from '@licencias/common/privileges';
import { formatNumber } from '@licencias/common/format';
import { fetchConsumptionDetail, saveFile } from './consumptionExport';

/** Export to Excel: LICENSE_FULL_ACCESS or DASHBOARD_EXPORTEXCEL (the contract's x-privileges). */
export function useMayExport(): boolean {
  const { permissions } = usePermissions<string[]>();
  const required: readonly string[] = OPERATION_PRIVILEGES.exportConsumptionDetail;
  return (permissions ?? []).some((p) => required.includes(p));
}

/**
 * 'Detalle de consumo' of 'Ver bolsas': downloads the company's ledger as the server's .xlsx (of
 * the product filtered, when one is), with a bar and the size received while it comes.
 */
export const ConsumptionExportButton = ({ customerId, serviceId }: { customerId: number; serviceId: number | null }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [received, setReceived] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  // Closing the dialog stops a download under way.
  useEffect(() => () => abort.current?.abort(), []);
  const download = async () => {
    abort.current = new AbortController();
    setReceived(0);
    try {
      const { blob, fileName } = await fetchConsumptionDetail(customerId, serviceId, setReceived, abort.current.signal);
      saveFile(blob, fileName);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      notify(error instanceof HttpError && error.status === 404 ? error.message : 'resources.licences.bags.export_failed', { type: 'error' });
    } finally {
      setReceived(null);
    }
  };
  const busy = received !== null;
  return (
    // At the end of the toolbar; the bar and the size sit under the button, so nothing moves.
    <Box sx={{ minWidth: 0, ml: { sm: 'auto' }, position: 'relative' }}>
      <Button
        size="small"
        variant="outlined"
        onClick={() => void download()}
        disabled={busy}
        startIcon={busy ? <CircularProgress size={16} aria-hidden /> : <FileDownloadOutlinedIcon />}
      >
        {translate('resources.licences.bags.export')}
      </Button>
      {busy && (
        <Box role="status" sx={{ position: 'absolute', top: '100%', right: 0, width: 240, mt: 0.5, zIndex: 1, bgcolor: 'background.paper' }}>
          <LinearProgress aria-label={translate('resources.licences.bags.exporting')} sx={{ height: 4, borderRadius: 1 }} />
          <Typography variant="caption" color="text.secondary">
            {translate('resources.licences.bags.exporting')}
            {received ? ` ${formatNumber(received / 1024, { maximumFractionDigits: 0 })} kB` : ''}
          </Typography>
        </Box>
      )}
    </Box>
  );
};
