import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { DataTable, useCanAccess, useTranslate } from 'react-admin';
import { DialogLoading } from '../components/DialogLoading';
import { ClientTable } from '../components/ClientTable';
import { formatDate } from '../components/format';
import { RowActions } from '../components/RowActions';
import { UserNameField } from '../components/userNames';
import type { FeatureType } from './types';

/** The dialog loads when it first opens (its own chunk). */
const FeatureTypeDialog = lazy(() => import('./FeatureTypeDialog').then((module) => ({ default: module.FeatureTypeDialog })));

/** The columns of the table, typed by its records. */
const Column = DataTable.Col<FeatureType>;

type DialogState = { record?: FeatureType } | undefined;

/** 'Tipo características': every feature type, searched on the client; writes need LICENSE_FULL_ACCESS. */
const FeatureTypeList = () => {
  const translate = useTranslate();
  const [dialog, setDialog] = useState<DialogState>();
  const { canAccess: canCreate } = useCanAccess({ resource: 'feature-types', action: 'create' });
  const { canAccess: canEdit = false } = useCanAccess({ resource: 'feature-types', action: 'edit' });
  const { canAccess: canToggle = false } = useCanAccess({ resource: 'feature-types', action: 'state' });
  return (
    <>
      <ClientTable<FeatureType>
        resource="feature-types"
        testId="feature-types-table"
        sort={{ field: 'featureTypeName', order: 'ASC' }}
        searchText={(record, nameOf) => [
          record.featureTypeName,
          record.categoryTypeName,
          nameOf(record.createdby),
          formatDate(record.createdon),
          nameOf(record.modifiedby),
          formatDate(record.modifiedon),
        ]}
        actions={
          canCreate && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({})}>
              {translate('resources.feature-types.dialog.create')}
            </Button>
          )
        }
      >
        <Column source="featureTypeName" />
        <Column source="categoryTypeName" label="resources.feature-types.fields.categoryType" />
        <Column source="createdby" disableSort field={UserNameField} />
        <Column source="createdon" render={(record) => formatDate(record.createdon)} />
        <Column source="modifiedby" disableSort field={UserNameField} />
        <Column source="modifiedon" render={(record) => formatDate(record.modifiedon)} />
        <Column
          source="actions"
          label="app.catalogue.actions"
          disableSort
          cellClassName="column-actions"
          render={(record) => (
            <RowActions
              resource="feature-types"
              record={record}
              name={record.featureTypeName}
              canEdit={canEdit}
              canToggle={canToggle}
              onEdit={() => setDialog({ record })}
            />
          )}
        />
      </ClientTable>
      {dialog && (
        <Suspense fallback={<DialogLoading />}>
          <FeatureTypeDialog record={dialog.record} onClose={() => setDialog(undefined)} />
        </Suspense>
      )}
    </>
  );
};

export default FeatureTypeList;
