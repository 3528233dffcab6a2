import { useTranslate } from 'react-admin';
import { AGREEMENT_MAX, COMPANY_MAX } from '@licencias/common/rules';
import type { Department } from '../licenses/lookups';
import { AutocompleteBox } from './fields/AutocompleteBox';
import { FieldGrid } from './fields/Grid';
import { SelectBox } from './fields/SelectBox';
import { TextBox } from './fields/TextBox';
import type { ContractParameters } from './types';
import type { Errors } from './validation';
import type { SupervisorValues } from './values';

const noSpaces = (value: string) => value.replace(/\s+/g, '');

export interface SupervisorStepProps {
  values: SupervisorValues;
  onChange: <K extends keyof SupervisorValues>(field: K, value: SupervisorValues[K]) => void;
  errors: Errors<SupervisorValues>;
  showErrors: boolean;
  documentTypes: ContractParameters['documentTypes'];
  departments: readonly Department[];
  /** Leaving 'Identificación' fills the supervisor from the lookup (or clears it). */
  onDocumentBlur?: () => void;
}

/** 'Información Supervisor' (§2 step 3): phone and position optional. */
export const SupervisorStep = ({ values, onChange, errors, showErrors, documentTypes, departments, onDocumentBlur }: SupervisorStepProps) => {
  const translate = useTranslate();
  const label = (field: string) => translate(`resources.agreements.fields.${field}`);
  const common = { showError: showErrors };
  const cities = departments.find((d) => d.id === values.departmentId)?.cities ?? [];
  return (
    <FieldGrid>
      <SelectBox
        label={label('documentTypeId')}
        value={values.documentTypeId}
        choices={documentTypes.filter((d) => d.value !== 4).map((d) => ({ value: d.value, label: d.text }))}
        onChange={(value) => onChange('documentTypeId', value)}
        error={errors.documentTypeId}
        required
        {...common}
      />
      <TextBox
        label={label('documentNumber')}
        value={values.documentNumber}
        onChange={(value) => onChange('documentNumber', noSpaces(value))}
        onBlur={onDocumentBlur}
        error={errors.documentNumber}
        required
        maxLength={COMPANY_MAX.documentNumber}
        {...common}
      />
      <TextBox
        label={label('firstName')}
        value={values.firstName}
        onChange={(value) => onChange('firstName', value)}
        error={errors.firstName}
        required
        maxLength={COMPANY_MAX.name}
        {...common}
      />
      <TextBox
        label={label('lastName')}
        value={values.lastName}
        onChange={(value) => onChange('lastName', value)}
        error={errors.lastName}
        required
        maxLength={COMPANY_MAX.name}
        {...common}
      />
      <TextBox
        label={label('fulladdress')}
        value={values.fulladdress}
        onChange={(value) => onChange('fulladdress', value)}
        error={errors.fulladdress}
        required
        maxLength={AGREEMENT_MAX.fulladdress}
        {...common}
      />
      <AutocompleteBox
        label={label('departmentId')}
        value={values.departmentId}
        options={departments}
        onChange={(value) => onChange('departmentId', value)}
        error={errors.departmentId}
        required
        {...common}
      />
      <AutocompleteBox
        label={label('cityId')}
        value={values.cityId}
        options={cities}
        onChange={(value) => onChange('cityId', value)}
        error={errors.cityId}
        required
        disabled={values.departmentId === null}
        {...common}
      />
      <TextBox
        label={label('phoneNumber')}
        value={values.phoneNumber}
        onChange={(value) => onChange('phoneNumber', value)}
        error={errors.phoneNumber}
        numeric
        maxLength={COMPANY_MAX.cellphoneNumber}
        {...common}
      />
      <TextBox
        label={label('email')}
        value={values.email}
        onChange={(value) => onChange('email', value.trim())}
        error={errors.email}
        required
        maxLength={COMPANY_MAX.email}
        {...common}
      />
      <TextBox
        label={label('jobTitle')}
        value={values.jobTitle}
        onChange={(value) => onChange('jobTitle', value)}
        error={errors.jobTitle}
        maxLength={AGREEMENT_MAX.jobTitle}
        {...common}
      />
    </FieldGrid>
  );
};
