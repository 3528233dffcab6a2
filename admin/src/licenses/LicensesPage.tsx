import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Button, Card, CircularProgress, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { lazy, useEffect, useState } from 'react';
import {
  DataTable,
  InfiniteListBase,
  Title,
  useCanAccess,
  useDataProvider,
  useInfinitePaginationContext,
  useListContext,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { components } from '@licencias/common/schema';
import { EmptyResults } from '../components/EmptyResults';
import { errorMessage } from '../components/errors';
import { LoadFailure } from '../components/LoadFailure';
import { SearchField } from '../components/SearchField';
import { fittedTable } from '../components/tableStyles';
import { useNarrow } from '../components/useNarrow';
import { useRecordDialog } from '../components/useRecordDialog';
import type { Customer } from './companyForm';
import { CustomerPanel } from './CustomerPanel';
import { type CompanyLookups, documentText, useCompanyLookups } from './lookups';

type CustomerRow = components['schemas']['CustomerSummary'];

/** Customers per batch (licences-and-agreements §9: page 10, loaded in batches). */
const BATCH = 10;
/** The search waits for the typing to pause. */
const SEARCH_DELAY_MS = 300;
/** Below this width the table's columns do not fit: each company is an expandable item instead. */
const TABLE_MIN_WIDTH = 760;

const CompanyDialog = lazy(() => import('./CompanyDialog').then((module) => ({ default: module.CompanyDialog })));

/** The edit icon of a company: reads the company whole, then opens 'Actualizar'. */
const EditCompany = ({ row, onEdit }: { row: CustomerRow; onEdit: (record: Customer) => void }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [loading, setLoading] = useState(false);
  const open = async () => {
    setLoading(true);
    try {
      const { data } = await dataProvider.getOne<Customer>('customers', { id: row.id });
      onEdit(data);
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setLoading(false);
    }
  };
  const label = `${translate('resources.customers.actions.edit_company')} ${row.name}`;
  return (
    <Tooltip title={translate('resources.customers.actions.edit_company')}>
      <IconButton
        size="small"
        aria-label={label}
        onClick={(event) => {
          event.stopPropagation();
          void open();
        }}
        disabled={loading}
      >
        {loading ? <CircularProgress size={16} /> : <EditIcon fontSize="small" />}
      </IconButton>
    </Tooltip>
  );
};

/** 'Cargar más empresas' and how many are shown: the next batch loads on demand. */
const MoreCompanies = () => {
  const translate = useTranslate();
  const { data, total, isPending } = useListContext<CustomerRow>();
  const { hasNextPage, fetchNextPage, isFetchingNextPage } = useInfinitePaginationContext();
  if (isPending || !data?.length) return null;
  return (
    <Stack direction="row" spacing={2} sx={{ p: 2, alignItems: 'center', justifyContent: 'space-between' }}>
      <Typography variant="body2" color="text.secondary" role="status">
        {translate('resources.customers.list.shown', { shown: data.length, total })}
      </Typography>
      {hasNextPage && (
        <Button
          variant="outlined"
          onClick={() => void fetchNextPage?.()}
          disabled={isFetchingNextPage}
          startIcon={isFetchingNextPage ? <CircularProgress size={16} /> : undefined}
        >
          {translate('resources.customers.list.load_more')}
        </Button>
      )}
    </Stack>
  );
};

const Column = DataTable.Col<CustomerRow>;

/** The companies as a table whose rows open (desktop). */
const CompanyTable = ({ lookups, edit }: { lookups: CompanyLookups; edit?: (record: Customer) => void }) => (
  <DataTable<CustomerRow>
    rowClick="expand"
    expand={<RowPanel lookups={lookups} />}
    expandSingle
    bulkActionButtons={false}
    empty={<EmptyResults />}
    size="small"
    sx={fittedTable}
  >
    <Column source="name" disableSort />
    <Column
      source="documentNumber"
      label="resources.customers.fields.documentNumber"
      disableSort
      sx={{ width: 220 }}
      render={(record) => documentText(record, lookups.documentTypes)}
    />
    <Column source="email" label="resources.customers.fields.email" disableSort render={(record) => record.email ?? ''} />
    {edit && <Column source="actions" label="app.catalogue.actions" disableSort render={(record) => <EditCompany row={record} onEdit={edit} />} />}
  </DataTable>
);

/** The opened row of the table (DataTable renders it in the row's record context). */
const RowPanel = ({ lookups }: { lookups: CompanyLookups }) => {
  const record = useRecordContext<CustomerRow>();
  return record ? <CustomerPanel id={record.id} lookups={lookups} /> : null;
};

/** The companies as expandable items (phones and narrow windows). */
const CompanyAccordions = ({ lookups, edit }: { lookups: CompanyLookups; edit?: (record: Customer) => void }) => {
  const { data, isPending } = useListContext<CustomerRow>();
  const [opened, setOpened] = useState<number>();
  if (isPending) return null;
  if (!data?.length) return <EmptyResults />;
  return (
    <Box>
      {data.map((row) => (
        <Accordion
          key={row.id}
          disableGutters
          square
          elevation={0}
          expanded={opened === row.id}
          onChange={(_event, expanded) => setOpened(expanded ? row.id : undefined)}
          slotProps={{ transition: { unmountOnExit: true } }}
          sx={{ borderBottom: 1, borderColor: 'divider', '&::before': { display: 'none' } }}
        >
          <AccordionSummary expandIcon={<ExpandMoreIcon />} sx={{ '& .MuiAccordionSummary-content': { minWidth: 0, alignItems: 'center', gap: 1 } }}>
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {row.name}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                {[documentText(row, lookups.documentTypes), row.email].filter(Boolean).join(' · ')}
              </Typography>
            </Box>
            {edit && <EditCompany row={row} onEdit={edit} />}
          </AccordionSummary>
          <AccordionDetails sx={{ p: 0 }}>
            <CustomerPanel id={row.id} lookups={lookups} />
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
};

/** The list's first load, its failure, or the companies in the form that fits. */
const Companies = ({ lookups, edit, narrow }: { lookups: CompanyLookups; edit?: (record: Customer) => void; narrow: boolean }) => {
  const { error, refetch } = useListContext<CustomerRow>();
  if (error) {
    return <LoadFailure onRetry={() => void refetch()} />;
  }
  return (
    <>
      {narrow ? <CompanyAccordions lookups={lookups} edit={edit} /> : <CompanyTable lookups={lookups} edit={edit} />}
      <MoreCompanies />
    </>
  );
};

/**
 * Licencias y consumos (licences-and-agreements §2): the companies, 10 at a time with more loaded
 * on demand, searched on the server by name, document or e-mail ignoring case and accents; each
 * row opens on the company's data and its licences. 'Crear empresa' opens 'Nueva empresa'; the
 * edit icon of a row opens it on that company ('Actualizar').
 */
const LicensesPage = () => {
  const translate = useTranslate();
  const lookups = useCompanyLookups();
  const { canAccess: canCreate = false } = useCanAccess({ resource: 'customers', action: 'create' });
  const { canAccess: canEdit = false } = useCanAccess({ resource: 'customers', action: 'edit' });
  const dialog = useRecordDialog<Customer>(CompanyDialog);
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [measured, narrow] = useNarrow<HTMLDivElement>(TABLE_MIN_WIDTH);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  return (
    <Box sx={{ mt: 1, contain: 'inline-size' }}>
      <Title title={translate('app.page.licenses')} />
      <Card variant="outlined" ref={measured} data-testid="customers-list">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ p: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
          <SearchField value={search} onChange={setSearch} placeholder={translate('resources.customers.list.search')} />
          {canCreate && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={dialog.create} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
              {translate('resources.customers.actions.create_company')}
            </Button>
          )}
        </Stack>
        <InfiniteListBase<CustomerRow>
          resource="customers"
          perPage={BATCH}
          sort={{ field: 'id', order: 'DESC' }}
          filter={query ? { q: query } : {}}
          disableSyncWithLocation
          storeKey={false}
        >
          <Companies lookups={lookups} edit={canEdit ? dialog.edit : undefined} narrow={narrow} />
        </InfiniteListBase>
      </Card>
      {dialog.element}
    </Box>
  );
};

export default LicensesPage;
