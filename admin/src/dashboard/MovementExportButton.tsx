import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { Box, Button, CircularProgress, LinearProgress, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { formatNumber } from '@licencias/common/format';
import { errorStatus } from '../components/errors';
import { saveFile } from '../licenses/consumptionExport';
import type { DashboardCustomer } from './customer';
import { fetchMovementsWorkbook, type DayRange, type MovementSource } from './dashboardApi';

/**
 * 'Excel' of 'Movimiento del producto' (§2.6, §6): the server's workbook of the range in the
 * filter, with a bar and the size received while it comes. `range` is undefined while the dates
 * are invalid: the button is disabled then (§5).
 */
export const MovementExportButton = ({ customer, source, range }: { customer: DashboardCustomer; source: MovementSource; range: DayRange | undefined }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [received, setReceived] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  // Leaving the screen stops a download under way.
  useEffect(() => () => abort.current?.abort(), []);
  const download = async () => {
    if (!range) return;
    abort.current = new AbortController();
    setReceived(0);
    try {
      const { blob, fileName } = await fetchMovementsWorkbook(customer, source, range, setReceived, abort.current.signal);
      saveFile(blob, fileName);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      const status = errorStatus(error);
      // 404 and 422 (the range too large, a date) carry the server's words.
      notify(error instanceof Error && (status === 404 || status === 422) ? error.message : 'resources.dashboard.movements.export_failed', { type: 'error' });
    } finally {
      setReceived(null);
    }
  };
  const busy = received !== null;
  return (
    <Box sx={{ position: 'relative' }}>
      <Button
        variant="outlined"
        onClick={() => void download()}
        disabled={!range || busy}
        startIcon={busy ? <CircularProgress size={16} aria-hidden /> : <FileDownloadOutlinedIcon />}
      >
        {translate('resources.dashboard.movements.excel')}
      </Button>
      {busy && (
        <Box role="status" sx={{ position: 'absolute', top: '100%', right: 0, width: 220, mt: 0.5, zIndex: 1, bgcolor: 'background.paper' }}>
          <LinearProgress aria-label={translate('resources.dashboard.movements.exporting')} sx={{ height: 4, borderRadius: 1 }} />
          <Typography variant="caption" color="text.secondary">
            {translate('resources.dashboard.movements.exporting')}
            {received ? ` ${formatNumber(received / 1024, { maximumFractionDigits: 0 })} kB` : ''}
          </Typography>
        </Box>
      )}
    </Box>
  );
};
