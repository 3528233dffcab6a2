import { lazy } from 'react';
import { DataTable } from 'react-admin';
import { ClientTable } from '../components/ClientTable';
import { Truncate } from '../components/Truncate';
import type { FeatureType } from './types';

/** The dialog loads when it first opens (its own chunk). */
const FeatureTypeDialog = lazy(() => import('./FeatureTypeDialog').then((module) => ({ default: module.FeatureTypeDialog })));

/** The columns of the table, typed by its records. */
const Column = DataTable.Col<FeatureType>;

/** 'Tipo características': every feature type, searched on the client; writes need LICENSE_FULL_ACCESS. */
const FeatureTypeList = () => {
  return (
    <ClientTable<FeatureType>
      resource="feature-types"
      dialog={FeatureTypeDialog}
      sort={{ field: 'featureTypeName', order: 'ASC' }}
      searchText={(record) => [record.featureTypeName, record.categoryTypeName]}
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
  );
};

export default FeatureTypeList;
