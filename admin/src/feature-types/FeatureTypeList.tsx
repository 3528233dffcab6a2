import { lazy, Suspense, useState } from 'react';
import { DataTable } from 'react-admin';
import { ClientTable } from '../components/ClientTable';
import { DialogLoading } from '../components/DialogLoading';
import { Truncate } from '../components/Truncate';
import type { FeatureType } from './types';

/** The dialog loads when it first opens (its own chunk). */
const FeatureTypeDialog = lazy(() => import('./FeatureTypeDialog').then((module) => ({ default: module.FeatureTypeDialog })));

/** The columns of the table, typed by its records. */
const Column = DataTable.Col<FeatureType>;

type DialogState = { record?: FeatureType } | undefined;

/** 'Tipo características': every feature type, searched on the client; writes need LICENSE_FULL_ACCESS. */
const FeatureTypeList = () => {
  const [dialog, setDialog] = useState<DialogState>();
  return (
    <>
      <ClientTable<FeatureType>
        resource="feature-types"
        testId="feature-types-table"
        sort={{ field: 'featureTypeName', order: 'ASC' }}
        searchText={(record) => [record.featureTypeName, record.categoryTypeName]}
        createLabel="resources.feature-types.dialog.create"
        onCreate={() => setDialog({})}
        onEdit={(record) => setDialog({ record })}
        recordName={(record) => record.featureTypeName}
        minWidth={640}
        compact={{ primary: (record) => record.featureTypeName, secondary: (record) => record.categoryTypeName }}
      >
        <Column source="featureTypeName" render={(record) => <Truncate text={record.featureTypeName} lines={2} />} />
        <Column
          source="categoryTypeName"
          label="resources.feature-types.fields.categoryType"
          render={(record) => <Truncate text={record.categoryTypeName} lines={2} />}
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
