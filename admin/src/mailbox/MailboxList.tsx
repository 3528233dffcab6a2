import { Box } from '@mui/material';
import { DataTable, DateField, List, SearchInput, SelectInput, useTranslate } from 'react-admin';
import { CompactList } from '../components/CompactList';
import { fittedTable } from '../components/tableStyles';
import { Truncate } from '../components/Truncate';
import { useNarrow } from '../components/useNarrow';
import { LOCALE } from '../i18n/i18nProvider';
import { MailState } from './MailState';
import type { MailMessage } from './types';

const STATES = ['QUEUED', 'SENT', 'FAILED'] as const;
const TEMPLATES = ['email-verification', 'order-placed', 'activation', 'trial-link', 'payment-rejected'] as const;

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="state" source="state" choices={STATES.map((id) => ({ id, name: `resources.mail-messages.states.${id}` }))} />,
  <SelectInput key="template" source="template" choices={TEMPLATES.map((id) => ({ id, name: `resources.mail-messages.templates.${id}` }))} />,
];

const when = (iso: string) => new Date(iso).toLocaleString(LOCALE, { dateStyle: 'short', timeStyle: 'short' });

/**
 * The development mailbox (superadmin): what the application sent, newest first, refreshed every
 * 5 seconds; a row opens the message. A narrow screen lists subject, recipient, brand and time.
 */
const MailboxList = () => {
  const translate = useTranslate();
  const [measured, narrow] = useNarrow<HTMLDivElement>(820);
  const template = (record: MailMessage) => translate(`resources.mail-messages.templates.${record.template}`, { _: record.template });
  return (
    <Box ref={measured}>
      <List
        filters={filters}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        exporter={false}
        queryOptions={{ refetchInterval: 5000 }}
        sx={{ '& .RaList-main': { minWidth: 0 } }}
      >
        {narrow ? (
          <CompactList<MailMessage>
            rowClick="show"
            primary={(record) => record.subject}
            secondary={(record) => `${record.to} · ${record.appName} · ${when(record.createdAt)}`}
            tertiary={(record) => <MailState state={record.state} />}
          />
        ) : (
          <DataTable rowClick="show" bulkActionButtons={false} sx={fittedTable}>
            <DataTable.Col source="createdAt" sx={{ width: 150 }}>
              <DateField source="createdAt" showTime locales={LOCALE} options={{ dateStyle: 'short', timeStyle: 'medium' }} />
            </DataTable.Col>
            <DataTable.Col source="to" render={(record: MailMessage) => <Truncate text={record.to} />} />
            <DataTable.Col source="subject" sx={{ width: '34%' }} render={(record: MailMessage) => <Truncate text={record.subject} lines={2} />} />
            <DataTable.Col source="appName" sx={{ width: 110 }} />
            <DataTable.Col source="template" sx={{ width: 150 }} render={(record: MailMessage) => <Truncate text={template(record)} lines={2} />} />
            <DataTable.Col source="state" sx={{ width: 110 }} render={(record: MailMessage) => <MailState state={record.state} />} />
          </DataTable>
        )}
      </List>
    </Box>
  );
};

export default MailboxList;
