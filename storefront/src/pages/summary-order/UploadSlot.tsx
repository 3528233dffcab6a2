import { UPLOAD_ACCEPT } from '@licencias/common/rules';
import AttachFile from '@mui/icons-material/AttachFile';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId, useRef } from 'react';

/** A slot's moment: nothing chosen, or a file on its way with its progress. */
export type SlotState = { phase: 'idle' } | { phase: 'uploading'; fileName: string; progress: number };

interface Props {
  label: string;
  title: string;
  storedName: string | null;
  state: SlotState;
  /** Whether files may be attached (the order awaits its cash proof). */
  open: boolean;
  busy: boolean;
  onChoose(file: File): void;
}

/**
 * 'Adjuntar Comprobante' / 'Adjuntar RUT' (store §2, §4 upload): the button opens the file chooser;
 * while a file travels its name and a progress bar show; once stored, its name replaces the button
 * ('Cambiar archivo' sends another, which replaces it).
 */
export function UploadSlot({ label, title, storedName, state, open, busy, onChoose }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const choose = () => input.current?.click();
  const picker = (
    <input
      ref={input}
      type="file"
      accept={UPLOAD_ACCEPT}
      hidden
      aria-label={label}
      data-testid={`file-${title}`}
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file) onChoose(file);
      }}
    />
  );
  if (state.phase === 'uploading') {
    return (
      <Box role="group" aria-labelledby={id} sx={{ minWidth: 0 }}>
        <Typography id={id} variant="subtitle2">
          {title}
        </Typography>
        <Typography variant="body2" noWrap title={state.fileName}>
          {state.fileName}
        </Typography>
        <LinearProgress variant="determinate" value={state.progress} aria-label={`Cargando ${state.fileName}`} sx={{ mt: 1, height: 8, borderRadius: 4 }} />
      </Box>
    );
  }
  if (storedName) {
    return (
      <Box role="group" aria-labelledby={id} sx={{ minWidth: 0 }}>
        <Typography id={id} variant="subtitle2">
          {title}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <InsertDriveFileOutlined fontSize="small" color="primary" aria-hidden="true" />
          <Typography variant="body2" noWrap title={storedName} data-testid={`stored-${title}`} sx={{ minWidth: 0 }}>
            {storedName}
          </Typography>
        </Box>
        {open && (
          <Button size="small" onClick={choose} disabled={busy} sx={{ mt: 0.5, px: 0 }}>
            Cambiar archivo
          </Button>
        )}
        {picker}
      </Box>
    );
  }
  if (!open) return null;
  return (
    <Box>
      <Button variant="outlined" startIcon={<AttachFile />} onClick={choose} disabled={busy} fullWidth>
        {label}
      </Button>
      {picker}
    </Box>
  );
}
