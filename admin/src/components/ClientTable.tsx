import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Card, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  DataTable,
  ListContextProvider,
  Pagination,
  type RaRecord,
  ResourceContextProvider,
  type SortPayload,
  useCanAccess,
  useDataProvider,
  useList,
  useTranslate,
} from 'react-admin';
import { EmptyResults } from './EmptyResults';
import { LoadFailure } from './LoadFailure';
import { SearchField } from './SearchField';
import { formatDate } from '@licencias/common/dates';
import { searchable } from '@licencias/common/format';
import { RowActions } from './RowActions';
import type { StateRecord, StateResource } from './StateToggle';
import { CompactList } from './CompactList';
import { dimInactive, fittedTable, ROWS_PER_PAGE } from './tableStyles';
import { type RecordDialogProps, useRecordDialog } from './useRecordDialog';
import { useNarrow } from './useNarrow';
import { AuditCell, UserNameField, useUserNames } from './userNames';

/** The most rows the resource API gives per call. */
const API_PAGE = 500;
const BY_ID: SortPayload = { field: 'id', order: 'ASC' };

/** An audited, stateful catalogue record. */
export interface CatalogueRecord extends StateRecord {
  idstate: 0 | 1;
  createdby: string | null;
  createdon: string;
  modifiedby: string | null;
  modifiedon: string | null;
}

/** Every row of a resource, read in pages of 500 (the API's maximum), for filtering on the client. */
function useAllRows<T extends RaRecord>(resource: string) {
  const dataProvider = useDataProvider();
  return useQuery({
    // Under the resource's key, so react-admin's and the toggles' invalidations refresh it.
    queryKey: [resource, 'getList', 'all'],
    queryFn: async ({ signal }) => {
      const rows: T[] = [];
      for (let page = 1; ; page += 1) {
        // By id (every resource sorts by id): the table sorts on the client.
        const { data, total } = await dataProvider.getList<T>(resource, { pagination: { page, perPage: API_PAGE }, sort: BY_ID, filter: {}, signal });
        rows.push(...data);
        if (data.length < API_PAGE || (total !== undefined && rows.length >= total)) return rows;
      }
    },
  });
}

/**
 * A catalogue table of the Configuración screen: every row is loaded once and the search box
 * filters on the client, ignoring case and accents, over the texts the columns show. After the
 * record's own columns come the audit columns (creator and modifier names, each with its date
 * under it, sorted by the date, unless `auditDates` is false) and the row actions (edit, active switch), each shown as the
 * user's privileges on the resource allow; the create button likewise
 * (`resources.<resource>.dialog.create`): both open the resource's `dialog`. Pages of 10, 20 or 30
 * rows. The table fits its card (test id `<resource>-table`); a card narrower than `minWidth` shows
 * the compact list instead, each item with its `compact` texts and the same actions.
 */
export function ClientTable<T extends CatalogueRecord>({
  resource,
  sort,
  searchText,
  children,
  dialog,
  auditDates = true,
  recordName,
  minWidth,
  compact,
}: {
  resource: StateResource;
  sort: SortPayload;
  /** The visible texts of the record's own columns (the audit columns are added). */
  searchText: (record: T) => (string | number | null | undefined)[];
  /** The record's own columns. */
  children: ReactNode;
  /** The create and edit dialog (a `lazy` component: it loads when first opened). */
  dialog: ComponentType<RecordDialogProps<T>>;
  auditDates?: boolean;
  /** How the confirmation of the active switch names the record. */
  recordName: (record: T) => string;
  /** The narrowest card (px) in which the table's columns are readable. */
  minWidth: number;
  /** The compact list's texts. */
  compact: { primary: (record: T) => ReactNode; secondary?: (record: T) => ReactNode; tertiary?: (record: T) => ReactNode };
}) {
  const translate = useTranslate();
  const { canAccess: canCreate } = useCanAccess({ resource, action: 'create' });
  const { canAccess: canEdit = false } = useCanAccess({ resource, action: 'edit' });
  const { canAccess: canToggle = false } = useCanAccess({ resource, action: 'state' });
  const { create, edit, element } = useRecordDialog(dialog);
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const { data, isPending, error, refetch } = useAllRows<T>(resource);
  const rows = useMemo(() => data ?? [], [data]);
  const auditIds = useMemo(() => rows.flatMap((row) => [row.createdby, row.modifiedby]), [rows]);
  const names = useUserNames(auditIds);
  // The texts of a row depend on translations only: the latest function is used without
  // recomputing the filter on every render.
  const textsOf = useRef(searchText);
  useLayoutEffect(() => {
    textsOf.current = searchText;
  });
  const filtered = useMemo(() => {
    const wanted = searchable(deferred.trim());
    if (!wanted) return rows;
    const nameOf = (id: string | null) => (id ? (names.get(id) ?? '') : '');
    const audit = (row: T) =>
      auditDates
        ? [nameOf(row.createdby), formatDate(row.createdon), nameOf(row.modifiedby), formatDate(row.modifiedon)]
        : [nameOf(row.createdby), nameOf(row.modifiedby)];
    return rows.filter((row) =>
      [...textsOf.current(row), ...audit(row)].some((text) => text !== null && text !== undefined && searchable(String(text)).includes(wanted)),
    );
  }, [rows, deferred, names, auditDates]);

  const Column = DataTable.Col<T>;
  const listContext = useList<T>({ data: filtered, isPending, perPage: ROWS_PER_PAGE[0], sort, resource });
  const { setPage } = listContext;
  useEffect(() => setPage(1), [deferred, setPage]);
  const [measured, narrow] = useNarrow<HTMLDivElement>(minWidth);
  const actions = (record: T) => (
    <RowActions resource={resource} record={record} name={recordName(record)} canEdit={canEdit} canToggle={canToggle} onEdit={() => edit(record)} />
  );

  return (
    <ResourceContextProvider value={resource}>
      <Card variant="outlined" data-testid={`${resource}-table`} ref={measured}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ p: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
          <SearchField value={search} onChange={setSearch} />
          <Box sx={{ flexShrink: 0, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}>
            {canCreate && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={create}>
                {translate(`resources.${resource}.dialog.create`)}
              </Button>
            )}
          </Box>
        </Stack>
        {error ? (
          <LoadFailure onRetry={() => void refetch()} />
        ) : (
          <ListContextProvider value={listContext}>
            {narrow ? (
              <CompactList<T> {...compact} actions={actions} />
            ) : (
              <DataTable<T> rowClick={false} bulkActionButtons={false} empty={<EmptyResults />} rowSx={dimInactive} size="small" sx={fittedTable}>
                {children}
                {auditDates ? (
                  <Column source="createdon" label="app.catalogue.created" render={(record) => <AuditCell user={record.createdby} date={record.createdon} />} />
                ) : (
                  <Column source="createdby" disableSort field={UserNameField} />
                )}
                {auditDates ? (
                  <Column
                    source="modifiedon"
                    label="app.catalogue.modified"
                    render={(record) => <AuditCell user={record.modifiedby} date={record.modifiedon} />}
                  />
                ) : (
                  <Column source="modifiedby" disableSort field={UserNameField} />
                )}
                <Column source="actions" label="app.catalogue.actions" disableSort render={actions} />
              </DataTable>
            )}
            <Pagination rowsPerPageOptions={ROWS_PER_PAGE} />
          </ListContextProvider>
        )}
      </Card>
      {element}
    </ResourceContextProvider>
  );
}
