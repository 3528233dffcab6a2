import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import LinkIcon from '@mui/icons-material/Link';
import { Box, Button, IconButton, Stack, Tooltip } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { DataTable, List, Pagination, SearchInput, TopToolbar, useCanAccess, useTranslate } from 'react-admin';
import { CompactList } from '../components/CompactList';
import { dimInactive, fittedTable, ROWS_PER_PAGE, WIDTH } from '../components/tableStyles';
import { Truncate } from '../components/Truncate';
import { useNarrow } from '../components/useNarrow';
import { useRecordDialog } from '../components/useRecordDialog';
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

function useValidity() {
  const translate = useTranslate();
  return (record: Package) =>
    record.validityTypeId === 'I'
      ? translate('resources.packages.validity.I')
      : translate(`resources.packages.validity.${record.validityTypeId}`, { smart_count: record.validityPeriod });
}

/** The dialog loads when it first opens (its own chunk). */
const PackageDialog = lazy(() => import('./PackageDialog').then((module) => ({ default: module.PackageDialog })));

/** 'Copiar enlace' and the price tiers of a package (store §2, §3): their own chunks. */
const PackageLinkDialog = lazy(() => import('./PackageLinkDialog').then((module) => ({ default: module.PackageLinkDialog })));
const PriceTiersDialog = lazy(() => import('./PriceTiersDialog').then((module) => ({ default: module.PriceTiersDialog })));
/** Base and combo packages may be priced by employees; complementary ones add to a plan. */
const TIERED_TYPES = new Set([1, 2]);

/** The columns of the table, typed by its records. */
const Column = DataTable.Col<Package>;

/**
 * 'Crear paquetes': packages searched on the server (code, name and description, ignoring case
 * and accents), newest first, 10, 20 or 30 per page; per row the linked lists on hover, the
 * active switch and the edit button. Inactive rows are dimmed.
 */
const PackageList = () => {
  const translate = useTranslate();
  const { names } = usePackageTypes();
  const dialog = useRecordDialog(PackageDialog);
  const { canAccess: canWrite } = useCanAccess({ resource: 'packages', action: 'edit' });
  const validity = useValidity();
  const [tool, setTool] = useState<{ kind: 'link' | 'tiers'; pkg: Package }>();
  // Below this width the ten columns cannot show their texts: the compact list instead.
  const [measured, narrow] = useNarrow<HTMLDivElement>(1000);
  const typeName = (record: Package) => names.get(record.packageTypeId) ?? String(record.packageTypeId);
  const actions = (record: Package) => (
    // Four controls wrap to two lines in the table, so its ten columns still fit 1366 px.
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', maxWidth: { md: 104 } }}>
      <StateToggle resource="packages" record={record} disabled={!canWrite} />
      <Tooltip title={translate('ra.action.edit')}>
        <span>
          <IconButton size="small" aria-label={`${translate('ra.action.edit')} ${record.packageCode}`} onClick={() => dialog.edit(record)} disabled={!canWrite}>
            <EditIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={translate('resources.packages.link.action')}>
        <span>
          <IconButton
            size="small"
            aria-label={`${translate('resources.packages.link.action')} ${record.packageCode}`}
            onClick={() => setTool({ kind: 'link', pkg: record })}
            disabled={!canWrite || record.idstate !== 0}
          >
            <LinkIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      {TIERED_TYPES.has(record.packageTypeId) && (
        <Tooltip title={translate('resources.packages.tiers.action')}>
          <span>
            <IconButton
              size="small"
              aria-label={`${translate('resources.packages.tiers.action')} ${record.packageCode}`}
              onClick={() => setTool({ kind: 'tiers', pkg: record })}
              disabled={!canWrite}
            >
              <GroupsOutlinedIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
    </Stack>
  );

  return (
    <Box ref={measured}>
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
            <Button variant="contained" startIcon={<AddIcon />} onClick={dialog.create} disabled={!canWrite}>
              {translate('resources.packages.dialog.create')}
            </Button>
          </TopToolbar>
        }
        pagination={<Pagination rowsPerPageOptions={ROWS_PER_PAGE} />}
        empty={false}
        exporter={false}
        sx={{ '& .RaList-main': { minWidth: 0 } }}
      >
        {narrow ? (
          <CompactList<Package>
            primary={(record) => (
              <>
                {record.packageName} <Visibility record={record} />
              </>
            )}
            tertiary={(record) => formatMoney(record.packagePrice)}
            secondary={(record) => (
              <>
                {[record.packageCode, typeName(record), validity(record), formatDate(record.createdon)].join(' · ')}
                <Box component="span" sx={{ display: 'block' }}>
                  {record.packageDescription}
                </Box>
                <PackageLinks id={record.id} />
              </>
            )}
            actions={actions}
          />
        ) : (
          <DataTable<Package> rowClick={false} bulkActionButtons={false} rowSx={dimInactive} empty={<EmptyResults />} size="small" sx={fittedTable}>
            <Column
              source="publicVisibility"
              label="resources.packages.fields.visibility"
              sx={{ width: 100 }}
              render={(record) => <Visibility record={record} />}
            />
            <Column source="packageTypeId" sx={{ width: 124 }} render={(record) => <Truncate text={typeName(record)} lines={2} />} />
            <Column source="packageName" render={(record) => <Truncate text={record.packageName} lines={3} />} />
            <Column source="packageCode" sx={{ width: WIDTH.code }} render={(record) => <Truncate text={record.packageCode} />} />
            <Column source="packageDescription" disableSort render={(record) => <Truncate text={record.packageDescription} lines={2} />} />
            <Column
              source="packagePrice"
              label="resources.packages.fields.totalValue"
              align="right"
              sx={{ width: WIDTH.money }}
              render={(record) => formatMoney(record.packagePrice)}
            />
            <Column
              source="createdon"
              label="resources.packages.fields.launchDate"
              sx={{ width: WIDTH.date }}
              render={(record) => formatDate(record.createdon)}
            />
            <Column source="validityPeriod" disableSort sx={{ width: 88 }} render={validity} />
            <Column
              source="links"
              label="resources.packages.fields.links"
              disableSort
              sx={{ width: 140 }}
              render={(record) => <PackageLinks id={record.id} />}
            />
            <Column source="actions" label="resources.packages.fields.actions" disableSort render={actions} />
          </DataTable>
        )}
      </List>
      {dialog.element}
      {tool && (
        <Suspense fallback={null}>
          {tool.kind === 'link' ? (
            <PackageLinkDialog pkg={tool.pkg} onClose={() => setTool(undefined)} />
          ) : (
            <PriceTiersDialog pkg={tool.pkg} onClose={() => setTool(undefined)} />
          )}
        </Suspense>
      )}
    </Box>
  );
};

export default PackageList;
