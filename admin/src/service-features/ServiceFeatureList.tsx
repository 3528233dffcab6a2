import { Box, Stack } from '@mui/material';
import { lazy } from 'react';
import { DataTable, useTranslate } from 'react-admin';
import { ClientTable } from '../components/ClientTable';
import { WIDTH } from '../components/tableStyles';
import { Truncate } from '../components/Truncate';
import type { ServiceFeature } from './types';

/** The dialog loads when it first opens (its own chunk). */
const ServiceFeatureDialog = lazy(() => import('./ServiceFeatureDialog').then((module) => ({ default: module.ServiceFeatureDialog })));

/** The columns of the table, typed by its records. */
const Column = DataTable.Col<ServiceFeature>;

const Colour = ({ colour }: { colour: string | null }) =>
  colour ? (
    <Stack direction="row" spacing={0.75} component="span" sx={{ alignItems: 'center', display: 'inline-flex' }}>
      <Box component="span" sx={{ width: 14, height: 14, flexShrink: 0, borderRadius: 0.5, bgcolor: colour, border: 1, borderColor: 'divider' }} aria-hidden />
      <span>{colour}</span>
    </Stack>
  ) : null;

/** 'Características del servicio': every service feature, searched on the client; writes need LICENSE_FULL_ACCESS. */
const ServiceFeatureList = () => {
  const translate = useTranslate();
  const principal = translate('resources.service-features.fields.principal');
  return (
    <ClientTable<ServiceFeature>
      resource="service-features"
      dialog={ServiceFeatureDialog}
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
      recordName={(record) => record.serviceFeatureCode}
      minWidth={1000}
      compact={{
        primary: (record) => record.featureDescription,
        secondary: (record) => (
          <>
            {[record.serviceName, record.serviceFeatureCode, record.featureTypeName, record.featureRelationName ?? principal, record.featureAlias]
              .filter(Boolean)
              .join(' · ')}
            {record.colorFeature && (
              <>
                {' · '}
                <Colour colour={record.colorFeature} />
              </>
            )}
          </>
        ),
      }}
    >
      <Column source="serviceName" label="resources.service-features.fields.serviceId" render={(record) => <Truncate text={record.serviceName} lines={2} />} />
      <Column source="serviceFeatureCode" sx={{ width: WIDTH.code }} render={(record) => <Truncate text={record.serviceFeatureCode} />} />
      <Column source="featureDescription" render={(record) => <Truncate text={record.featureDescription} lines={3} />} />
      <Column
        source="featureTypeName"
        label="resources.service-features.fields.featureTypeId"
        render={(record) => <Truncate text={record.featureTypeName} lines={2} />}
      />
      <Column
        source="featureRelationName"
        label="resources.service-features.fields.featureRelation"
        render={(record) => <Truncate text={record.featureRelationName ?? principal} lines={2} />}
      />
      <Column source="featureAlias" render={(record) => <Truncate text={record.featureAlias} lines={2} />} />
      <Column source="colorFeature" disableSort sx={{ width: 100 }} render={(record) => <Colour colour={record.colorFeature} />} />
    </ClientTable>
  );
};

export default ServiceFeatureList;
