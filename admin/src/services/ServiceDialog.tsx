import { useMemo } from 'react';
import { maxLength, required, ResourceContextProvider, SelectInput, TextInput, useGetList, useTranslate } from 'react-admin';
import { FormDialog } from '../components/FormDialog';
import { editPayload, useCatalogueDialog } from '../components/useCatalogueDialog';
import { AuditLine } from '../components/userNames';
import type { Service, ServiceCreate, ServiceType, ServiceUpdate } from './types';

interface ServiceFormValues {
  serviceTypeId: number | null;
  serviceName: string;
  descriptionService: string;
}

const FIELDS = ['serviceTypeId', 'serviceName', 'descriptionService'] as const;
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
function payloadOf(values: ServiceFormValues, record?: Service): ServiceCreate {
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

/** Create or edit a product or service: type and name required (name 100, description 200). */
export const ServiceDialog = ({ record, onClose }: { record?: Service; onClose: () => void }) => {
  const translate = useTranslate();
  const { data: types = [], isPending } = useGetList<ServiceType>('service-types', { pagination: { page: 1, perPage: 500 } }, { staleTime: 300_000 });
  const initial = useMemo(() => valuesOf(record), [record]);
  const { submit, failure } = useCatalogueDialog<ServiceFormValues>({
    resource: 'services',
    record,
    onClose,
    alsoRefresh: ['package-configuration'],
    fields: FIELDS,
    payload: (values): ServiceCreate | ServiceUpdate | undefined =>
      record ? editPayload(payloadOf(values, record), payloadOf(valuesOf(record), record), record.version) : payloadOf(values),
    success: 'resources.services.messages.saved',
    refusedSeverity: 'error',
  });

  return (
    <ResourceContextProvider value="services">
      <FormDialog<ServiceFormValues>
        open
        title={translate(record ? 'resources.services.dialog.edit' : 'resources.services.dialog.create')}
        record={initial}
        onClose={onClose}
        onSubmit={submit}
        failure={failure}
        testId="service-dialog"
      >
        <SelectInput source="serviceTypeId" choices={types} isPending={isPending} optionText="serviceType1" validate={required()} fullWidth />
        <TextInput
          source="serviceName"
          validate={[required(), maxLength(SERVICE_NAME_MAX)]}
          slotProps={{ htmlInput: { maxLength: SERVICE_NAME_MAX } }}
          fullWidth
          autoFocus
        />
        <TextInput
          source="descriptionService"
          validate={maxLength(SERVICE_DESCRIPTION_MAX)}
          slotProps={{ htmlInput: { maxLength: SERVICE_DESCRIPTION_MAX } }}
          multiline
          minRows={2}
          fullWidth
        />
        {record && <AuditLine record={record} />}
      </FormDialog>
    </ResourceContextProvider>
  );
};
