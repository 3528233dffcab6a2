import { required, SelectInput, useGetList } from 'react-admin';
import { LimitedTextInput } from '../components/LimitedTextInput';
import { CatalogueDialog } from '../components/CatalogueDialog';
import { sameFieldsForm } from '../components/useCatalogueDialog';
import type { Service, ServiceCreate, ServiceType } from './types';

interface ServiceFormValues {
  serviceTypeId: number | null;
  serviceName: string;
  descriptionService: string;
}

export const SERVICE_NAME_MAX = 100;
export const SERVICE_DESCRIPTION_MAX = 200;

const valuesOf = (record?: Service): ServiceFormValues => ({
  serviceTypeId: record?.serviceTypeId ?? null,
  serviceName: record?.serviceName ?? '',
  descriptionService: record?.descriptionService ?? '',
});

/**
 * The fields of the dialog over the record's other fields (contract name, supervision, brand...),
 * which the dialog does not show and an edit must send back unchanged.
 */
function fieldsOf(values: ServiceFormValues, record?: Service): ServiceCreate {
  return {
    serviceTypeId: values.serviceTypeId ?? 0,
    serviceName: values.serviceName.trim(),
    descriptionService: values.descriptionService.trim() || null,
    serviceNameContract: record?.serviceNameContract ?? null,
    requiresSupervision: record?.requiresSupervision ?? false,
    isContractFullAccess: record?.isContractFullAccess ?? false,
    addManualLicense: record?.addManualLicense ?? false,
    appName: record?.appName ?? null,
    idstate: record?.idstate ?? 0,
  };
}

const FORM = sameFieldsForm({ resource: 'services', valuesOf, fieldsOf, alsoRefresh: ['package-configuration'], refusedSeverity: 'error' });

/** Create or edit a product or service: type and name required (name 100, description 200). */
export const ServiceDialog = ({ record, onClose }: { record?: Service; onClose: () => void }) => {
  const { data: types = [], isPending } = useGetList<ServiceType>('service-types', { pagination: { page: 1, perPage: 500 } }, { staleTime: 300_000 });
  return (
    <CatalogueDialog form={FORM} record={record} onClose={onClose}>
      <SelectInput source="serviceTypeId" choices={types} isPending={isPending} optionText="serviceType1" validate={required()} fullWidth />
      <LimitedTextInput source="serviceName" max={SERVICE_NAME_MAX} required fullWidth autoFocus />
      <LimitedTextInput source="descriptionService" max={SERVICE_DESCRIPTION_MAX} multiline minRows={2} fullWidth />
    </CatalogueDialog>
  );
};
