import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, TextField, Tooltip } from '@mui/material';
import { type ReactNode, useId } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { ApiClientCreated } from './types';

/** A read-only value with a copy button, wrapped so it is whole on a phone too. */
export const CopyField = ({ label, value, copied }: { label: string; value: string; copied: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = () => void navigator.clipboard?.writeText(value).then(() => notify(copied, { type: 'info' }));
  return (
    <TextField
      label={translate(label)}
      value={value}
      fullWidth
      multiline
      size="small"
      slotProps={{
        // Wrapped, not cut: the whole secret in view on a phone too.
        htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace', wordBreak: 'break-all' } },
        input: {
          endAdornment: (
            <Tooltip title={translate('resources.api-clients.copy')}>
              <IconButton edge="end" aria-label={`${translate('resources.api-clients.copy')} ${translate(label)}`} onClick={copy}>
                <ContentCopyIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ),
        },
      }}
    />
  );
};

/**
 * A secret shown this one time (the server keeps only its hash): the title, the warning that says
 * so, the values, and 'secret_saved'; the dialog closes only through its button, so a click
 * outside does not lose the secret by accident.
 */
export const ShownOnceDialog = ({ title, warning, onClose, children }: { title: string; warning: string; onClose: () => void; children: ReactNode }) => {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Dialog open aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning" icon={<WarningAmberIcon />}>
            {warning}
          </Alert>
          {children}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {translate('resources.api-clients.secret_saved')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** The new client's credentials, the only time the secret is shown. */
export const SecretDialog = ({ client, onClose }: { client: ApiClientCreated; onClose: () => void }) => {
  const translate = useTranslate();
  return (
    <ShownOnceDialog
      title={translate('resources.api-clients.secret_title', { name: client.name })}
      warning={translate('resources.api-clients.secret_warning')}
      onClose={onClose}
    >
      <CopyField label="resources.api-clients.fields.clientId" value={client.clientId} copied="resources.api-clients.client_id_copied" />
      <CopyField label="resources.api-clients.fields.clientSecret" value={client.clientSecret} copied="resources.api-clients.secret_copied" />
    </ShownOnceDialog>
  );
};
