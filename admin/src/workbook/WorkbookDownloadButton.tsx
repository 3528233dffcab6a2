import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { Box, Button, CircularProgress, LinearProgress, Typography, type SxProps, type Theme } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { formatNumber } from '@licencias/common/format';
import { errorStatus } from '../components/errors';
import { saveFile } from './workbook';

export type WorkbookFetch = (onProgress: (bytes: number) => void, signal: AbortSignal) => Promise<{ blob: Blob; fileName: string }>;

interface Props {
  /** The download; undefined while the filter is invalid, and the button is disabled then (§5). */
  fetch: WorkbookFetch | undefined;
  /** Translation keys of the button, of the progress line and of a failure without the server's words. */
  label: string;
  exporting: string;
  failed: string;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}

/**
 * An 'Excel' button: the server's streamed .xlsx, with a bar and the size received while it comes
 * (the bar and the size sit under the button, so nothing moves). 404 and 422 (the company, a date,
 * too many rows) show the server's Spanish words; leaving the screen stops a download under way.
 */
export const WorkbookDownloadButton = ({ fetch, label, exporting, failed, size, sx }: Props) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [received, setReceived] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const download = async () => {
    if (!fetch) return;
    abort.current = new AbortController();
    setReceived(0);
    try {
      const { blob, fileName } = await fetch(setReceived, abort.current.signal);
      saveFile(blob, fileName);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      const status = errorStatus(error);
      notify(error instanceof Error && (status === 404 || status === 422) ? error.message : failed, { type: 'error' });
    } finally {
      setReceived(null);
    }
  };
  const busy = received !== null;
  return (
    <Box sx={[{ position: 'relative' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Button
        size={size}
        variant="outlined"
        onClick={() => void download()}
        disabled={!fetch || busy}
        startIcon={busy ? <CircularProgress size={16} aria-hidden /> : <FileDownloadOutlinedIcon />}
      >
        {translate(label)}
      </Button>
      {busy && (
        <Box role="status" sx={{ position: 'absolute', top: '100%', right: 0, width: 240, mt: 0.5, zIndex: 1, bgcolor: 'background.paper' }}>
          <LinearProgress aria-label={translate(exporting)} sx={{ height: 4, borderRadius: 1 }} />
          <Typography variant="caption" color="text.secondary">
            {translate(exporting)}
            {received ? ` ${formatNumber(received / 1024, { maximumFractionDigits: 0 })} kB` : ''}
          </Typography>
        </Box>
      )}
    </Box>
  );
};
