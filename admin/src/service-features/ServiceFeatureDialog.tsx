import { useEffect, useRef } from 'react';
import { BooleanInput, maxLength, regex, SelectInput, useGetList, type Validator } from 'react-admin';
import { LimitedTextInput } from '../components/LimitedTextInput';
import { useFormContext, useWatch } from 'react-hook-form';
import { ActiveChoiceInput } from '../components/ActiveChoiceInput';
import { CatalogueDialog } from '../components/CatalogueDialog';
import { sameFieldsForm } from '../components/useCatalogueDialog';
import type { FeatureType } from '../feature-types/types';
import type { Service } from '../services/types';
import { ColourInput } from './ColourInput';
import type { ServiceFeature, ServiceFeatureCreate } from './types';

interface ServiceFeatureFormValues {
  serviceId: number | null;
  serviceFeatureCode: string;
  featureDescription: string;
  featureTypeId: number | null;
  principal: boolean;
  featureRelation: number | null;
  featureAlias: string;
  urlImageFeature: string;
  colorFeature: string;
}

export const LIMITS = { code: 50, description: 250, alias: 100, url: 1000, colour: 50 } as const;
const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
const LOOKUP = { pagination: { page: 1, perPage: 500 } } as const;

const valuesOf = (record?: ServiceFeature): ServiceFeatureFormValues => ({
  serviceId: record?.serviceId ?? null,
  serviceFeatureCode: record?.serviceFeatureCode ?? '',
  featureDescription: record?.featureDescription ?? '',
  featureTypeId: record?.featureTypeId ?? null,
  principal: record ? record.featureRelation === null : false,
  featureRelation: record?.featureRelation ?? null,
  featureAlias: record?.featureAlias ?? '',
  urlImageFeature: record?.urlImageFeature ?? '',
  colorFeature: record?.colorFeature ?? '',
});

const fieldsOf = (values: ServiceFeatureFormValues, record?: ServiceFeature): ServiceFeatureCreate => ({
  serviceId: values.serviceId ?? 0,
  serviceFeatureCode: values.serviceFeatureCode.trim(),
  featureDescription: values.featureDescription.trim(),
  featureTypeId: values.featureTypeId ?? 0,
  featureRelation: values.principal ? null : values.featureRelation,
  featureAlias: values.featureAlias.trim() || null,
  urlImageFeature: values.urlImageFeature.trim() || null,
  colorFeature: values.colorFeature.trim() || null,
  isunlimited: record?.isunlimited ?? false,
  idstate: record?.idstate ?? 0,
});

const FORM = sameFieldsForm({ resource: 'service-features', valuesOf, fieldsOf, alsoRefresh: ['package-configuration'] });

const parentRequired: Validator = Object.assign(
  (value: unknown, values: ServiceFeatureFormValues) =>
    !values.principal && (value === null || value === undefined || value === '') ? 'Campo obligatorio' : undefined,
  { isRequired: true },
);

/**
 * The related (parent) feature: required unless 'Característica principal' is checked, chosen
 * among the principal features of the chosen service. Changing the service clears it.
 */
const ParentInput = ({ ownId }: { ownId?: number }) => {
  const { setValue } = useFormContext<ServiceFeatureFormValues>();
  const [serviceId, principal] = useWatch<ServiceFeatureFormValues, ['serviceId', 'principal']>({ name: ['serviceId', 'principal'] });
  const previousService = useRef(serviceId);
  useEffect(() => {
    if (previousService.current !== serviceId) setValue('featureRelation', null);
    previousService.current = serviceId;
  }, [serviceId, setValue]);
  useEffect(() => {
    if (principal) setValue('featureRelation', null);
  }, [principal, setValue]);
  const { data: parents = [], isPending } = useGetList<ServiceFeature>(
    'service-features',
    { ...LOOKUP, sort: { field: 'featureDescription', order: 'ASC' }, filter: { serviceId, principal: true } },
    { enabled: !!serviceId && !principal },
  );
  if (principal) return null;
  return (
    <SelectInput
      source="featureRelation"
      choices={parents.filter((parent) => parent.id !== ownId)}
      optionText="featureDescription"
      validate={parentRequired}
      disabled={!serviceId}
      isPending={!!serviceId && isPending}
      helperText="resources.service-features.help.parent"
      fullWidth
    />
  );
};

/** Create or edit a service feature (code 50, description 250, alias 100, image 1000, colour 50). */
export const ServiceFeatureDialog = ({ record, onClose }: { record?: ServiceFeature; onClose: () => void }) => {
  return (
    <CatalogueDialog form={FORM} record={record} onClose={onClose} maxWidth="md">
      <ActiveChoiceInput<Service> source="serviceId" reference="services" optionText="serviceName" chosen={record?.serviceId} />
      <LimitedTextInput
        source="serviceFeatureCode"
        max={LIMITS.code}
        required
        validate={[regex(CODE_PATTERN, 'resources.service-features.help.code')]}
        fullWidth
      />
      <LimitedTextInput source="featureDescription" max={LIMITS.description} required multiline minRows={2} fullWidth />
      <ActiveChoiceInput<FeatureType> source="featureTypeId" reference="feature-types" optionText="featureTypeName" chosen={record?.featureTypeId} />
      <BooleanInput source="principal" helperText={false} />
      <ParentInput ownId={record?.id} />
      <LimitedTextInput source="featureAlias" max={LIMITS.alias} fullWidth />
      <LimitedTextInput source="urlImageFeature" max={LIMITS.url} fullWidth />
      <ColourInput source="colorFeature" validate={[maxLength(LIMITS.colour)]} maxLength={LIMITS.colour} />
    </CatalogueDialog>
  );
};
