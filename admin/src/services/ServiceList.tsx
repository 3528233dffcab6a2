import { lazy } from 'react';
import { DataTable } from 'react-admin';
import { ClientTable } from '../components/ClientTable';
import { Truncate } from '../components/Truncate';
import type { Service } from './types';

/** The dialog loads when it first opens (its own chunk). */
const ServiceDialog = lazy(() => import('./ServiceDialog').then((module) => ({ default: module.ServiceDialog })));

/** The columns of the table, typed by its records. */
const Column = DataTable.Col<Service>;

/** 'Producto o servicio': every service, searched on the client; create, edit and the active switch need LICENSE_FULL_ACCESS. */
const ServiceList = () => {
  return (
    <ClientTable<Service>
      resource="services"
      dialog={ServiceDialog}
      sort={{ field: 'serviceName', order: 'ASC' }}
      searchText={(record) => [record.serviceType.serviceType1, record.serviceName, record.descriptionService]}
      recordName={(record) => record.serviceName}
      minWidth={720}
      compact={{
        primary: (record) => record.serviceName,
        secondary: (record) => `${record.serviceType.serviceType1} · ${record.descriptionService}`,
      }}
    >
      <Column
        source="serviceType.serviceType1"
        label="resources.services.fields.serviceTypeId"
        render={(record) => <Truncate text={record.serviceType.serviceType1} lines={2} />}
      />
      <Column source="serviceName" render={(record) => <Truncate text={record.serviceName} lines={2} />} />
      <Column source="descriptionService" render={(record) => <Truncate text={record.descriptionService} lines={2} />} />
    </ClientTable>
  );
};

export default ServiceList;
