import { Box, Stack } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { DataTable, useTranslate } from 'react-admin';
import { ClientTable } from '../components/ClientTable';
import { DialogLoading } from '../components/DialogLoading';
import type { ServiceFeature } from './types';

/** The dialog loads when it first opens (its own chunk). */
const ServiceFeatureDialog = lazy(() => import('./ServiceFeatureDialog').then((module) => ({ default: module.ServiceFeatureDialog })));

/** The columns of the table, typed by its records. */
const Column = DataTable.Col<ServiceFeature>;

type DialogState = { record?: ServiceFeature } | undefined;

const Colour = ({ colour }: { colour: string | null }) =>
  colour ? (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Box sx={{ width: 16, height: 16, borderRadius: 0.5, bgcolor: colour, border: 1, borderColor: 'divider' }} aria-hidden />
      <span>{colour}</span>
    </Stack>
  ) : null;

/** 'Características del servicio': every service feature, searched on the client; writes need LICENSE_FULL_ACCESS. */
const ServiceFeatureList = () => {
  const translate = useTranslate();
  const [dialog, setDialog] = useState<DialogState>();
  const principal = translate('resources.service-features.fields.principal');
  return (
    <>
      <ClientTable<ServiceFeature>
        resource="service-features"
        testId="service-features-table"
        sort={{ field: 'serviceName', order: 'ASC' }}
        searchText={(record) => [
          record.serviceName,
          record.serviceFeatureCode,
          record.featureDescription,
          record.featureTypeName,
          record.featureRelationName ?? principal,
          record.featureAlias,
          record.colorFeature,
        ]}
        createLabel="resources.service-features.dialog.create"
        onCreate={() => setDialog({})}
        onEdit={(record) => setDialog({ record })}
        recordName={(record) => record.serviceFeatureCode}
      >
        <Column source="serviceName" label="resources.service-features.fields.serviceId" />
        <Column source="serviceFeatureCode" />
        <Column source="featureDescription" />
        <Column source="featureTypeName" label="resources.service-features.fields.featureTypeId" />
        <Column
          source="featureRelationName"
          label="resources.service-features.fields.featureRelation"
          render={(record) => record.featureRelationName ?? principal}
        />
        <Column source="featureAlias" />
        <Column source="colorFeature" disableSort render={(record) => <Colour colour={record.colorFeature} />} />
      </ClientTable>
      {dialog && (
        <Suspense fallback={<DialogLoading />}>
          <ServiceFeatureDialog record={dialog.record} onClose={() => setDialog(undefined)} />
        </Suspense>
      )}
    </>
  );
};

export default ServiceFeatureList;
