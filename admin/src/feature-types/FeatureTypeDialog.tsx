import { useMemo } from 'react';
import { maxLength, RadioButtonGroupInput, required, ResourceContextProvider, TextInput, useTranslate } from 'react-admin';
import { FormDialog } from '../components/FormDialog';
import { editPayload, useCatalogueDialog } from '../components/useCatalogueDialog';
import { AuditLine } from '../components/userNames';
import { CATEGORY_CHOICES, type FeatureCategory, type FeatureType, type FeatureTypeCreate, type FeatureTypeUpdate } from './types';

interface FeatureTypeFormValues {
  categoryType: FeatureCategory | null;
  featureTypeName: string;
}

const FIELDS = ['categoryType', 'featureTypeName'] as const;
export const FEATURE_TYPE_NAME_MAX = 50;

const valuesOf = (record?: FeatureType): FeatureTypeFormValues => ({
  categoryType: record?.categoryType ?? null,
  featureTypeName: record?.featureTypeName ?? '',
});

const payloadOf = (values: FeatureTypeFormValues, record?: FeatureType): FeatureTypeCreate => ({
  featureTypeName: values.featureTypeName.trim(),
  categoryType: values.categoryType ?? 'F',
  idstate: record?.idstate ?? 0,
});

/** Create or edit a feature type: category (F/T) and name (50) required. */
export const FeatureTypeDialog = ({ record, onClose }: { record?: FeatureType; onClose: () => void }) => {
  const translate = useTranslate();
  const initial = useMemo(() => valuesOf(record), [record]);
  const { submit, failure } = useCatalogueDialog<FeatureTypeFormValues>({
    resource: 'feature-types',
    record,
    onClose,
    alsoRefresh: ['service-features', 'package-configuration'],
    fields: FIELDS,
    payload: (values): FeatureTypeCreate | FeatureTypeUpdate | undefined =>
      record ? editPayload(payloadOf(values, record), payloadOf(valuesOf(record), record), record.version) : payloadOf(values),
    success: 'resources.feature-types.messages.saved',
  });

  return (
    <ResourceContextProvider value="feature-types">
      <FormDialog<FeatureTypeFormValues>
        open
        title={translate(record ? 'resources.feature-types.dialog.edit' : 'resources.feature-types.dialog.create')}
        record={initial}
        onClose={onClose}
        onSubmit={submit}
        failure={failure}
        testId="feature-type-dialog"
      >
        <RadioButtonGroupInput source="categoryType" choices={CATEGORY_CHOICES} validate={required()} />
        <TextInput
          source="featureTypeName"
          validate={[required(), maxLength(FEATURE_TYPE_NAME_MAX)]}
          slotProps={{ htmlInput: { maxLength: FEATURE_TYPE_NAME_MAX } }}
          fullWidth
          autoFocus
        />
        {record && <AuditLine record={record} />}
      </FormDialog>
    </ResourceContextProvider>
  );
};
