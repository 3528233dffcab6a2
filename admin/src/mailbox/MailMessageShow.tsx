import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, Card, CardContent, Chip, IconButton, Link, Stack, Tab, Tabs, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { ListButton, Loading, ShowBase, TopToolbar, useNotify, useShowContext, useTranslate } from 'react-admin';
import { LoadFailure } from '../components/LoadFailure';
import { LOCALE } from '../i18n/i18nProvider';
import { MailState } from './MailState';
import type { MailMessageDetail } from './types';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(LOCALE, { dateStyle: 'medium', timeStyle: 'medium' }) : '—');

const Row = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Box sx={{ display: 'flex', gap: 1, py: 0.5, flexWrap: 'wrap' }}>
    <Typography variant="body2" color="text.secondary" sx={{ minWidth: 120 }}>
      {label}
    </Typography>
    <Typography variant="body2" component="div" sx={{ minWidth: 0, overflowWrap: 'anywhere', flex: 1 }}>
      {children}
    </Typography>
  </Box>
);

/**
 * One message: who, what, when and its state, the verification code and links it carries, and the
 * message itself, drawn in a sandboxed iframe (no scripts, no same-origin access) or as its text.
 */
const MessageView = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { record, isPending, error, refetch } = useShowContext<MailMessageDetail>();
  const [tab, setTab] = useState<'html' | 'text'>('html');
  if (isPending) return <Loading />;
  if (error || !record) return <LoadFailure onRetry={() => void refetch()} />;
  // Opened from the list, react-admin shows the list's row (no html, text or links) until the
  // message itself arrives.
  if (!Array.isArray((record as Partial<MailMessageDetail>).links)) return <Loading />;
  const field = (name: string) => translate(`resources.mail-messages.fields.${name}`);
  const copy = (code: string) => {
    void navigator.clipboard?.writeText(code).then(() => notify('resources.mail-messages.copied', { type: 'info' }));
  };
  return (
    <Stack spacing={2} sx={{ mt: 1, minWidth: 0 }}>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
            {record.subject}
          </Typography>
          <Row label={field('to')}>{record.to}</Row>
          <Row label={field('appName')}>{record.appName}</Row>
          <Row label={field('template')}>{translate(`resources.mail-messages.templates.${record.template}`, { _: record.template })}</Row>
          <Row label={field('state')}>
            <MailState state={record.state} />
            {record.error && (
              <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
                {record.error}
              </Typography>
            )}
          </Row>
          <Row label={field('createdAt')}>{when(record.createdAt)}</Row>
          <Row label={field('sentAt')}>{when(record.sentAt)}</Row>
          {record.code && (
            <Row label={field('code')}>
              <Chip label={record.code} sx={{ fontFamily: 'monospace', fontSize: '1rem', letterSpacing: 2 }} />
              <Tooltip title={translate('resources.mail-messages.copy_code')}>
                <IconButton size="small" aria-label={translate('resources.mail-messages.copy_code')} onClick={() => copy(record.code!)} sx={{ ml: 0.5 }}>
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Row>
          )}
          {record.links.length > 0 && (
            <Row label={field('links')}>
              {record.links.map((href) => (
                <Box key={href}>
                  <Link href={href} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
                    {href}
                  </Link>
                </Box>
              ))}
            </Row>
          )}
        </CardContent>
      </Card>
      <Card>
        <Tabs value={tab} onChange={(_, value: 'html' | 'text') => setTab(value)} sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}>
          <Tab value="html" label={translate('resources.mail-messages.tabs.html')} />
          <Tab value="text" label={translate('resources.mail-messages.tabs.text')} />
        </Tabs>
        {tab === 'html' ? (
          <Box
            component="iframe"
            title={record.subject}
            // Empty sandbox: the message cannot run scripts, submit forms or reach this page.
            sandbox=""
            srcDoc={record.html}
            sx={{ display: 'block', width: '100%', height: 720, border: 0, bgcolor: '#f2f4f7' }}
          />
        ) : (
          <Box component="pre" sx={{ m: 0, p: 2, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: '0.875rem' }}>
            {record.text}
          </Box>
        )}
      </Card>
    </Stack>
  );
};

const MailMessageShow = () => (
  <ShowBase>
    <Box sx={{ maxWidth: 960, minWidth: 0 }}>
      <TopToolbar sx={{ justifyContent: 'flex-start' }}>
        <ListButton label="resources.mail-messages.back" />
      </TopToolbar>
      <MessageView />
    </Box>
  </ShowBase>
);

export default MailMessageShow;
