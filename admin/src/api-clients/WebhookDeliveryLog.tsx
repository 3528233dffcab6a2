import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Button, Card, CardContent, Chip, Collapse, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Fragment, useState } from 'react';
import { useTranslate } from 'react-admin';
import { LOCALE } from '../i18n/i18nProvider';
import type { WebhookDelivery } from './types';

const T = 'resources.api-clients.webhooks';
const COLORS = { PENDING: 'warning', DONE: 'success', FAILED: 'error' } as const;

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(LOCALE, { dateStyle: 'short', timeStyle: 'medium' }) : '—');
const ms = (value: number | null) => (value === null ? '—' : `${value} ms`);

const DeliveryState = ({ state }: { state: WebhookDelivery['state'] }) => {
  const translate = useTranslate();
  return <Chip size="small" color={COLORS[state]} variant="outlined" label={translate(`${T}.delivery_states.${state}`)} />;
};

/** Each attempt of a delivery: when, status code, latency, error. */
const Attempts = ({ delivery }: { delivery: WebhookDelivery }) => {
  const translate = useTranslate();
  if (!delivery.attemptLog.length) return <Typography variant="body2">{translate(`${T}.no_attempts`)}</Typography>;
  return (
    <Stack spacing={0.5}>
      {delivery.attemptLog.map((a) => (
        <Typography key={a.attempt} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {translate(`${T}.attempt_line`, { n: a.attempt, at: when(a.at), status: a.statusCode ?? '—', latency: ms(a.latencyMs) })}
          {a.error && (
            <Box component="span" sx={{ color: 'error.main' }}>
              {' '}
              · {a.error}
            </Box>
          )}
        </Typography>
      ))}
    </Stack>
  );
};

/** Delivery log (newest first): event, state, attempts, last status code and latency, next retry; a row opens its attempts. */
export const WebhookDeliveryLog = ({
  deliveries,
  total,
  narrow,
  onRefresh,
}: {
  deliveries: WebhookDelivery[];
  total: number;
  narrow: boolean;
  onRefresh: () => void;
}) => {
  const translate = useTranslate();
  const [open, setOpen] = useState<number>();
  const toggle = (id: number) => setOpen((current) => (current === id ? undefined : id));
  const field = (name: string) => translate(`${T}.log.${name}`);
  return (
    <Card>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            {translate(`${T}.log_title`, { total })}
          </Typography>
          <Button size="small" startIcon={<RefreshIcon />} onClick={onRefresh}>
            {translate(`${T}.refresh`)}
          </Button>
        </Box>
        {deliveries.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {translate(`${T}.log_empty`)}
          </Typography>
        ) : narrow ? (
          <Stack spacing={1}>
            {deliveries.map((d) => (
              <Box key={d.id} sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
                  <Typography variant="subtitle2">{translate(`${T}.events.${d.eventType}`)}</Typography>
                  <DeliveryState state={d.state} />
                </Box>
                <Typography variant="body2" color="text.secondary">
                  {when(d.createdAt)} · {translate(`${T}.log.summary`, { attempts: d.attempts, status: d.lastStatusCode ?? '—', latency: ms(d.lastLatencyMs) })}
                </Typography>
                {d.nextAttemptAt && (
                  <Typography variant="body2">
                    {field('nextAttemptAt')}: {when(d.nextAttemptAt)}
                  </Typography>
                )}
                <Typography variant="body2" sx={{ fontFamily: 'monospace', fontSize: '0.75rem', overflowWrap: 'anywhere' }}>
                  {d.url}
                </Typography>
                <Button size="small" onClick={() => toggle(d.id)} endIcon={open === d.id ? <ExpandLessIcon /> : <ExpandMoreIcon />}>
                  {translate(`${T}.attempts`)}
                </Button>
                <Collapse in={open === d.id} unmountOnExit>
                  <Attempts delivery={d} />
                </Collapse>
              </Box>
            ))}
          </Stack>
        ) : (
          <Table size="small" sx={{ tableLayout: 'fixed' }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 40 }} />
                <TableCell sx={{ width: 150 }}>{field('createdAt')}</TableCell>
                <TableCell sx={{ width: 140 }}>{field('eventType')}</TableCell>
                <TableCell sx={{ width: 110 }}>{field('state')}</TableCell>
                <TableCell sx={{ width: 80 }} align="right">
                  {field('attempts')}
                </TableCell>
                <TableCell sx={{ width: 80 }} align="right">
                  {field('lastStatusCode')}
                </TableCell>
                <TableCell sx={{ width: 90 }} align="right">
                  {field('lastLatencyMs')}
                </TableCell>
                <TableCell sx={{ width: 150 }}>{field('nextAttemptAt')}</TableCell>
                <TableCell>{field('url')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {deliveries.map((d) => (
                <Fragment key={d.id}>
                  <TableRow hover onClick={() => toggle(d.id)} sx={{ cursor: 'pointer', '& > td': { borderBottom: open === d.id ? 0 : undefined } }}>
                    <TableCell padding="none" align="center">
                      <IconButton size="small" aria-label={translate(`${T}.attempts`)} aria-expanded={open === d.id}>
                        {open === d.id ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
                      </IconButton>
                    </TableCell>
                    <TableCell>{when(d.createdAt)}</TableCell>
                    <TableCell>{translate(`${T}.events.${d.eventType}`)}</TableCell>
                    <TableCell>
                      <DeliveryState state={d.state} />
                    </TableCell>
                    <TableCell align="right">{d.attempts}</TableCell>
                    <TableCell align="right">{d.lastStatusCode ?? '—'}</TableCell>
                    <TableCell align="right">{ms(d.lastLatencyMs)}</TableCell>
                    <TableCell>{when(d.nextAttemptAt)}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.75rem', overflowWrap: 'anywhere' }}>
                      {d.url}
                      {d.lastError && (
                        <Box component="span" sx={{ display: 'block', color: 'error.main', fontFamily: 'inherit' }}>
                          {d.lastError}
                        </Box>
                      )}
                    </TableCell>
                  </TableRow>
                  {open === d.id && (
                    <TableRow>
                      <TableCell />
                      <TableCell colSpan={8}>
                        <Typography variant="caption" color="text.secondary">
                          Webhook-Id {d.eventId}
                        </Typography>
                        <Attempts delivery={d} />
                      </TableCell>
                    </TableRow>
                  )}
                </Fragment>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
};
