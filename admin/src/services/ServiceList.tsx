import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { DataTable, useCanAccess, useTranslate } from 'react-admin';
import { DialogLoading } from '../components/DialogLoading';
import { ClientTable } from '../components/ClientTable';
import { formatDate } from '../components/format';
import { RowActions } from '../components/RowActions';
import { UserNameField } from '../components/userNames';
import type { Service } from './types';

/** The dialog loads when it first opens (its own chunk). */
const ServiceDialog = lazy(() => import('./ServiceDialog').then((module) => ({ default: module.ServiceDialog })));

/** The columns of the table, typed by its records. */
const Column = DataTable.Col<Service>;

type DialogState = { record?: Service } | undefined;

/** 'Producto o servicio': every service, searched on the client; create, edit and the active switch need LICENSE_FULL_ACCESS. */
const ServiceList = () => {
  const translate = useTranslate();
  const [dialog, setDialog] = useState<DialogState>();
  const { canAccess: canCreate } = useCanAccess({ resource: 'services', action: 'create' });
  const { canAccess: canEdit = false } = useCanAccess({ resource: 'services', action: 'edit' });
  const { canAccess: canToggle = false } = useCanAccess({ resource: 'services', action: 'state' });
  return (
    <>
      <ClientTable<Service>
        resource="services"
        testId="services-table"
        sort={{ field: 'serviceName', order: 'ASC' }}
        searchText={(record, nameOf) => [
          record.serviceType.serviceType1,
          record.serviceName,
          record.descriptionService,
          nameOf(record.createdby),
          formatDate(record.createdon),
          nameOf(record.modifiedby),
          formatDate(record.modifiedon),
        ]}
        actions={
          canCreate && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({})}>
              {translate('resources.services.dialog.create')}
            </Button>
          )
        }
      >
        <Column source="serviceType.serviceType1" label="resources.services.fields.serviceTypeId" />
        <Column source="serviceName" />
        <Column source="descriptionService" />
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
              resource="services"
              record={record}
              name={record.serviceName}
              canEdit={canEdit}
              canToggle={canToggle}
              onEdit={() => setDialog({ record })}
            />
          )}
        />
      </ClientTable>
      {dialog && (
        <Suspense fallback={<DialogLoading />}>
          <ServiceDialog record={dialog.record} onClose={() => setDialog(undefined)} />
        </Suspense>
      )}
    </>
  );
};

export default ServiceList;
