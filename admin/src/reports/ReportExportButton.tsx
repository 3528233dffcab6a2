import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { Box, Button, CircularProgress, LinearProgress, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { formatNumber } from '@licencias/common/format';
import { errorStatus } from '../components/errors';
import { saveFile } from '../licenses/consumptionExport';
import { fetchReportWorkbook } from './reportApi';
import type { ReportQuery } from './reportQuery';
import type { ReportType } from './reportTypes';

/**
 * A report's 'Excel' (§6): the server's workbook of the filter's query, with a bar and the size
 * received while it streams. `query` is undefined while the filter is invalid: the button is
 * disabled then (§5).
 */
export const ReportExportButton = ({ type, query }: { type: ReportType; query: ReportQuery | undefined }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [received, setReceived] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  // Leaving the screen stops a download under way.
  useEffect(() => () => abort.current?.abort(), []);
  const download = async () => {
    if (!query) return;
    abort.current = new AbortController();
    setReceived(0);
    try {
      const { blob, fileName } = await fetchReportWorkbook(type, query, setReceived, abort.current.signal);
      saveFile(blob, fileName);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      const status = errorStatus(error);
      // 404 (the company) and 422 (a date, more than a million rows) carry the server's words.
      notify(error instanceof Error && (status === 404 || status === 422) ? error.message : 'resources.reports.export_failed', { type: 'error' });
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
        disabled={!query || busy}
        startIcon={busy ? <CircularProgress size={16} aria-hidden /> : <FileDownloadOutlinedIcon />}
      >
        {translate('resources.reports.excel')}
      </Button>
      {busy && (
        <Box role="status" sx={{ position: 'absolute', top: '100%', right: 0, width: 220, mt: 0.5, zIndex: 1, bgcolor: 'background.paper' }}>
          <LinearProgress aria-label={translate('resources.reports.exporting')} sx={{ height: 4, borderRadius: 1 }} />
          <Typography variant="caption" color="text.secondary">
            {translate('resources.reports.exporting')}
            {received ? ` ${formatNumber(received / 1024, { maximumFractionDigits: 0 })} kB` : ''}
          </Typography>
        </Box>
      )}
    </Box>
  );
};
