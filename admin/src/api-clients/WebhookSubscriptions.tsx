import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import { Box, Button, Card, CardContent, Checkbox, Chip, FormControlLabel, FormGroup, FormHelperText, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { api } from '../api';
import { errorBody, errorMessage } from '../components/errors';
import { unwrap } from '../httpErrors';
import { LOCALE } from '../i18n/i18nProvider';
import { CopyField, ShownOnceDialog } from './SecretDialog';
import { type ApiClient, WEBHOOK_EVENT_TYPES, type WebhookEventType, type WebhookSubscription, type WebhookSubscriptionCreated } from './types';

const T = 'resources.api-clients.webhooks';

/** The signing secret, shown this one time; the dialog closes only through its button. */
const WebhookSecretDialog = ({ created, onClose }: { created: WebhookSubscriptionCreated; onClose: () => void }) => {
  const translate = useTranslate();
  return (
    <ShownOnceDialog title={translate(`${T}.secret_title`)} warning={translate(`${T}.secret_warning`)} onClose={onClose}>
      <CopyField label={`${T}.secret`} value={created.secret} copied={`${T}.secret_copied`} />
    </ShownOnceDialog>
  );
};

/** 'Nueva suscripción': a URL and the events it hears; the server checks the URL (https, no internal address in production). */
const SubscribeForm = ({ client, onCreated }: { client: ApiClient; onCreated: (created: WebhookSubscriptionCreated) => void }) => {
  const translate = useTranslate();
  const [url, setUrl] = useState('');
  const [types, setTypes] = useState<WebhookEventType[]>(['order.paid']);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      const created = await unwrap(
        api.POST('/api/v1/api-clients/{id}/webhooks', { params: { path: { id: client.id } }, body: { url: url.trim(), eventTypes: types } }),
      );
      setUrl('');
      setTypes(['order.paid']);
      onCreated(created);
    } catch (error) {
      setProblem(errorBody(error)?.statusMessage ?? errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const toggle = (type: WebhookEventType, on: boolean) => setTypes((all) => (on ? [...all, type] : all.filter((t) => t !== type)));
  return (
    <Box component="form" onSubmit={(e) => void submit(e)} noValidate>
      <Stack spacing={1.5}>
        <TextField
          label={translate(`${T}.url`)}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          required
          size="small"
          fullWidth
          placeholder="https://"
          error={!!problem}
          helperText={problem ?? translate(`${T}.url_help`)}
          slotProps={{ htmlInput: { maxLength: 2000, inputMode: 'url', spellCheck: false } }}
        />
        <FormGroup row>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <FormControlLabel
              key={type}
              control={<Checkbox size="small" checked={types.includes(type)} onChange={(e) => toggle(type, e.target.checked)} />}
              label={translate(`${T}.events.${type}`)}
            />
          ))}
        </FormGroup>
        {!types.length && <FormHelperText error>{translate(`${T}.events_required`)}</FormHelperText>}
        <Box>
          <Button type="submit" variant="contained" startIcon={<AddIcon />} disabled={busy || !url.trim() || !types.length || !!client.revokedAt}>
            {translate(`${T}.subscribe`)}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
};

const DisableButton = ({ client, subscription, onDone }: { client: ApiClient; subscription: WebhookSubscription; onDone: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await unwrap(api.DELETE('/api/v1/api-clients/{id}/webhooks/{webhookId}', { params: { path: { id: client.id, webhookId: subscription.id } } }));
      notify(`${T}.disabled`, { type: 'success' });
      onDone();
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button size="small" color="error" startIcon={<BlockIcon />} onClick={() => setOpen(true)}>
        {translate(`${T}.disable`)}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={`${T}.disable_title`}
        content={translate(`${T}.disable_question`, { url: subscription.url })}
        confirm={`${T}.disable`}
        confirmColor="warning"
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      />
    </>
  );
};

/** The client's subscriptions (URL, events, state) with 'Desactivar', and the form for a new one. */
export const WebhookSubscriptions = ({
  client,
  subscriptions,
  onChange,
}: {
  client: ApiClient;
  subscriptions: WebhookSubscription[];
  onChange: () => void;
}) => {
  const translate = useTranslate();
  const [created, setCreated] = useState<WebhookSubscriptionCreated>();
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate(`${T}.subscriptions`)}
        </Typography>
        {subscriptions.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate(`${T}.none`)}
          </Typography>
        )}
        <Stack spacing={1} sx={{ mb: 2 }}>
          {subscriptions.map((s) => (
            <Box
              key={s.id}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                gap: 1,
                p: 1,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                opacity: s.disabledAt ? 0.6 : 1,
              }}
            >
              <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', flex: '1 1 260px', minWidth: 0 }}>
                {s.url}
              </Typography>
              <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                {s.eventTypes.map((type) => (
                  <Chip key={type} size="small" variant="outlined" label={translate(`${T}.events.${type}`)} />
                ))}
              </Box>
              {s.disabledAt ? (
                <Chip
                  size="small"
                  label={translate(`${T}.states.disabled`)}
                  title={translate(`${T}.disabled_on`, { date: new Date(s.disabledAt).toLocaleDateString(LOCALE), user: s.disabledBy ?? '—' })}
                />
              ) : (
                <>
                  <Chip size="small" color="success" variant="outlined" label={translate(`${T}.states.active`)} />
                  <DisableButton client={client} subscription={s} onDone={onChange} />
                </>
              )}
            </Box>
          ))}
        </Stack>
        {!client.revokedAt && (
          <SubscribeForm
            client={client}
            onCreated={(c) => {
              setCreated(c);
              onChange();
            }}
          />
        )}
        {created && <WebhookSecretDialog created={created} onClose={() => setCreated(undefined)} />}
      </CardContent>
    </Card>
  );
};
