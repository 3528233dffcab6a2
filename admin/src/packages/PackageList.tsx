import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { DataTable, List, Pagination, SearchInput, TopToolbar, useCanAccess, useTranslate } from 'react-admin';
import { dimInactive, ROWS_PER_PAGE, stickyActions } from '../components/tableStyles';
import { DialogLoading } from '../components/DialogLoading';
import { CrownIcon } from '../components/CrownIcon';
import { EmptyResults } from '../components/EmptyResults';
import { formatDate } from '@licencias/common/dates';
import { formatMoney } from '@licencias/common/format';
import { StateToggle } from '../components/StateToggle';
import { PackageLinks } from './linked';
import { usePackageTypes } from './lookups';
import type { Package } from './types';

const Visibility = ({ record }: { record: Package }) => {
  const translate = useTranslate();
  if (record.publicVisibility) return null;
  return (
    <Tooltip title={translate('resources.packages.visibility.private')}>
      <CrownIcon color="warning" fontSize="small" aria-label={translate('resources.packages.visibility.private')} role="img" />
    </Tooltip>
  );
};

const Validity = ({ record }: { record: Package }) => {
  const translate = useTranslate();
  if (record.validityTypeId === 'I') return <>{translate('resources.packages.validity.I')}</>;
  return <>{translate(`resources.packages.validity.${record.validityTypeId}`, { smart_count: record.validityPeriod })}</>;
};

const Description = ({ text }: { text: string }) => (
  <Tooltip title={text} placement="bottom-start">
    <Typography variant="body2" sx={{ maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
      {text}
    </Typography>
  </Tooltip>
);

/** The dialog loads when it first opens (its own chunk). */
const PackageDialog = lazy(() => import('./PackageDialog').then((module) => ({ default: module.PackageDialog })));

/** The columns of the table, typed by its records. */
const Column = DataTable.Col<Package>;

type DialogState = { mode: 'create' } | { mode: 'edit'; record: Package } | undefined;

/**
 * 'Crear paquetes': packages searched on the server (code, name and description, ignoring case
 * and accents), newest first, 10, 20 or 30 per page; per row the linked lists on hover, the
 * active switch and the edit button. Inactive rows are dimmed.
 */
const PackageList = () => {
  const translate = useTranslate();
  const { names } = usePackageTypes();
  const [dialog, setDialog] = useState<DialogState>();
  const { canAccess: canWrite } = useCanAccess({ resource: 'packages', action: 'edit' });

  return (
    <>
      <List<Package>
        resource="packages"
        title={false}
        disableSyncWithLocation
        storeKey={false}
        perPage={ROWS_PER_PAGE[0]}
        sort={{ field: 'createdon', order: 'DESC' }}
        filters={[
          <SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.packages.search')} slotProps={{ htmlInput: { maxLength: 100 } }} />,
        ]}
        actions={
          <TopToolbar>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ mode: 'create' })} disabled={!canWrite}>
              {translate('resources.packages.dialog.create')}
            </Button>
          </TopToolbar>
        }
        pagination={<Pagination rowsPerPageOptions={ROWS_PER_PAGE} />}
        empty={false}
        exporter={false}
        sx={{ '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflowX: 'auto' } }}
      >
        <DataTable<Package> rowClick={false} bulkActionButtons={false} rowSx={dimInactive} empty={<EmptyResults />} size="small" sx={stickyActions}>
          <Column source="publicVisibility" label="resources.packages.fields.visibility" render={(record) => <Visibility record={record} />} />
          <Column source="packageTypeId" render={(record) => names.get(record.packageTypeId) ?? record.packageTypeId} />
          <Column source="packageName" />
          <Column source="packageCode" />
          <Column source="packageDescription" disableSort render={(record) => <Description text={record.packageDescription} />} />
          <Column source="packagePrice" label="resources.packages.fields.totalValue" align="right" render={(record) => formatMoney(record.packagePrice)} />
          <Column source="createdon" label="resources.packages.fields.launchDate" render={(record) => formatDate(record.createdon)} />
          <Column source="validityPeriod" disableSort render={(record) => <Validity record={record} />} />
          <Column source="links" label="resources.packages.fields.links" disableSort render={(record) => <PackageLinks id={record.id} />} />
          <Column
            source="actions"
            label="resources.packages.fields.actions"
            disableSort
            cellClassName="column-actions"
            render={(record) => (
              <Stack direction="row" sx={{ alignItems: 'center' }}>
                <StateToggle resource="packages" record={record} disabled={!canWrite} />
                <Tooltip title={translate('ra.action.edit')}>
                  <span>
                    <IconButton
                      size="small"
                      aria-label={`${translate('ra.action.edit')} ${record.packageCode}`}
                      onClick={() => setDialog({ mode: 'edit', record })}
                      disabled={!canWrite}
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              </Stack>
            )}
          />
        </DataTable>
      </List>
      {dialog && (
        <Suspense fallback={<DialogLoading />}>
          <PackageDialog record={dialog.mode === 'edit' ? dialog.record : undefined} onClose={() => setDialog(undefined)} />
        </Suspense>
      )}
    </>
  );
};

export default PackageList;
