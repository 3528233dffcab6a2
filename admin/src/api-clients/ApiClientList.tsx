import WebhookIcon from '@mui/icons-material/Webhook';
import { Box, type SxProps } from '@mui/material';
import {
  CreateButton,
  DataTable,
  ShowButton,
  FilterButton,
  DateField,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectInput,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { CompactList } from '../components/CompactList';
import { EmptyResults } from '../components/EmptyResults';
import { fittedTable, WIDTH } from '../components/tableStyles';
import { Truncate } from '../components/Truncate';
import { useNarrow } from '../components/useNarrow';
import { LOCALE } from '../i18n/i18nProvider';
import { ClientState } from './ClientState';
import { PrivilegeChips } from './PrivilegeChips';
import { RevokeButton } from './RevokeButton';
import type { ApiClient } from './types';
import { useBrandChoices } from './useBrandChoices';

/** Revoked clients are dimmed: kept as records, no longer usable. */
const dimRevoked = (record: ApiClient): SxProps => (record.revokedAt ? { '& td:not(.column-actions)': { opacity: 0.55 } } : {});

/** Opens the client's webhooks: subscriptions and delivery log. */
const WebhooksButton = ({ record }: { record: ApiClient }) => <ShowButton record={record} label="resources.api-clients.webhooks.open" icon={<WebhookIcon />} />;

const Actions = () => (
  <TopToolbar>
    <FilterButton />
    <CreateButton label="resources.api-clients.create" />
  </TopToolbar>
);

/**
 * Partners' API clients (superadmin): newest first, search, brand and state filters; 'Revocar' on
 * each active client. Secrets are never listed: a lost one means a new client.
 */
const ApiClientList = () => {
  const translate = useTranslate();
  const [measured, narrow] = useNarrow<HTMLDivElement>(900);
  const { choices, isPending } = useBrandChoices();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="appName" source="appName" choices={choices} isPending={isPending} />,
    <NullableBooleanInput key="revoked" source="revoked" trueLabel="resources.api-clients.states.revoked" falseLabel="resources.api-clients.states.active" />,
  ];
  return (
    <Box ref={measured}>
      <List
        filters={filters}
        actions={<Actions />}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        exporter={false}
        sx={{ '& .RaList-main': { minWidth: 0 } }}
      >
        {narrow ? (
          <CompactList<ApiClient>
            primary={(record) => record.name}
            secondary={(record) => (
              <>
                {record.clientId} · {record.appName} · {new Date(record.createdAt).toLocaleDateString(LOCALE)}
                <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                  {record.privileges.map((p) => translate(`resources.api-clients.privileges.${p}`)).join(' · ')}
                </Box>
              </>
            )}
            tertiary={(record) => <ClientState record={record} />}
            actions={(record) => (
              <>
                <WebhooksButton record={record} />
                <RevokeButton record={record} />
              </>
            )}
          />
        ) : (
          <DataTable bulkActionButtons={false} rowClick={false} empty={<EmptyResults />} sx={fittedTable} rowSx={dimRevoked}>
            <DataTable.Col source="name" render={(record: ApiClient) => <Truncate text={record.name} lines={2} />} />
            <DataTable.Col source="clientId" sx={{ width: '24%' }} render={(record: ApiClient) => <Truncate text={record.clientId} />} />
            <DataTable.Col source="appName" sx={{ width: 110 }} />
            <DataTable.Col
              source="privileges"
              disableSort
              sx={{ width: 190 }}
              render={(record: ApiClient) => <PrivilegeChips privileges={record.privileges} />}
            />
            <DataTable.Col source="createdAt" sx={{ width: WIDTH.date }}>
              <DateField source="createdAt" locales={LOCALE} />
            </DataTable.Col>
            <DataTable.Col
              source="revokedAt"
              label="resources.api-clients.fields.state"
              sx={{ width: 100 }}
              render={(record: ApiClient) => <ClientState record={record} />}
            />
            <DataTable.Col
              source="actions"
              label="app.catalogue.actions"
              disableSort
              sx={{ width: 130 }}
              render={(record: ApiClient) => (
                <>
                  <WebhooksButton record={record} />
                  <RevokeButton record={record} />
                </>
              )}
            />
          </DataTable>
        )}
      </List>
    </Box>
  );
};

export default ApiClientList;
