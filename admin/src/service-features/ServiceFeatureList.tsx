import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Stack } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { DataTable, useCanAccess, useTranslate } from 'react-admin';
import { DialogLoading } from '../components/DialogLoading';
import { ClientTable } from '../components/ClientTable';
import { formatDate } from '../components/format';
import { RowActions } from '../components/RowActions';
import { UserNameField } from '../components/userNames';
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
  const { canAccess: canCreate } = useCanAccess({ resource: 'service-features', action: 'create' });
  const { canAccess: canEdit = false } = useCanAccess({ resource: 'service-features', action: 'edit' });
  const { canAccess: canToggle = false } = useCanAccess({ resource: 'service-features', action: 'state' });
  const principal = translate('resources.service-features.fields.principal');
  return (
    <>
      <ClientTable<ServiceFeature>
        resource="service-features"
        testId="service-features-table"
        sort={{ field: 'serviceName', order: 'ASC' }}
        searchText={(record, nameOf) => [
          record.serviceName,
          record.serviceFeatureCode,
          record.featureDescription,
          record.featureTypeName,
          record.featureRelationName ?? principal,
          record.featureAlias,
          record.colorFeature,
          nameOf(record.createdby),
          formatDate(record.createdon),
          nameOf(record.modifiedby),
          formatDate(record.modifiedon),
        ]}
        actions={
          canCreate && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({})}>
              {translate('resources.service-features.dialog.create')}
            </Button>
          )
        }
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
              resource="service-features"
              record={record}
              name={record.serviceFeatureCode}
              canEdit={canEdit}
              canToggle={canToggle}
              onEdit={() => setDialog({ record })}
            />
          )}
        />
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
