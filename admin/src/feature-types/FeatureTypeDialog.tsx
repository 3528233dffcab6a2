import { RadioButtonGroupInput, required } from 'react-admin';
import { LimitedTextInput } from '../components/LimitedTextInput';
import { CatalogueDialog } from '../components/CatalogueDialog';
import { sameFieldsForm } from '../components/useCatalogueDialog';
import { CATEGORY_CHOICES, type FeatureCategory, type FeatureType, type FeatureTypeCreate } from './types';

interface FeatureTypeFormValues {
  categoryType: FeatureCategory | null;
  featureTypeName: string;
}

export const FEATURE_TYPE_NAME_MAX = 50;

const valuesOf = (record?: FeatureType): FeatureTypeFormValues => ({
  categoryType: record?.categoryType ?? null,
  featureTypeName: record?.featureTypeName ?? '',
});

const fieldsOf = (values: FeatureTypeFormValues, record?: FeatureType): FeatureTypeCreate => ({
  featureTypeName: values.featureTypeName.trim(),
  categoryType: values.categoryType ?? 'F',
  idstate: record?.idstate ?? 0,
});

const FORM = sameFieldsForm({ resource: 'feature-types', valuesOf, fieldsOf, alsoRefresh: ['service-features', 'package-configuration'] });

/** Create or edit a feature type: category (F/T) and name (50) required. */
export const FeatureTypeDialog = ({ record, onClose }: { record?: FeatureType; onClose: () => void }) => {
  return (
    <CatalogueDialog form={FORM} record={record} onClose={onClose}>
      <RadioButtonGroupInput source="categoryType" choices={CATEGORY_CHOICES} validate={required()} />
      <LimitedTextInput source="featureTypeName" max={FEATURE_TYPE_NAME_MAX} required fullWidth autoFocus />
    </CatalogueDialog>
  );
};
