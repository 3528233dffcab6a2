import { Box, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import {
  AGREEMENT_MAX,
  companyCheckDigit,
  COMPANY_MAX,
  DOCUMENT_TYPES_BY_PERSON,
  LEGAL_REPRESENTATIVE_DOCUMENT_TYPES,
  NIT_DOCUMENT_TYPE,
} from '@licencias/common/rules';
import type { Department } from '../licenses/lookups';
import { AutocompleteBox } from './fields/AutocompleteBox';
import { FieldGrid } from './fields/Grid';
import { SelectBox } from './fields/SelectBox';
import { TextBox } from './fields/TextBox';
import type { ContractParameters } from './types';
import type { Errors } from './validation';
import type { CustomerValues } from './values';

/** Natural persons may also use the foreign documents 10 and 13 in agreements (§9). */
const NATURAL_EXTRA = [10, 13];

function documentChoices(personType: 'J' | 'N', documentTypes: ContractParameters['documentTypes']) {
  const allowed = personType === 'J' ? DOCUMENT_TYPES_BY_PERSON.J : [...DOCUMENT_TYPES_BY_PERSON.N, ...NATURAL_EXTRA];
  return documentTypes.filter((d) => allowed.includes(d.value)).map((d) => ({ value: d.value, label: d.text }));
}

const noSpaces = (value: string) => value.replace(/\s+/g, '');

export interface CustomerStepProps {
  values: CustomerValues;
  onChange: <K extends keyof CustomerValues>(field: K, value: CustomerValues[K]) => void;
  errors: Errors<CustomerValues>;
  showErrors: boolean;
  documentTypes: ContractParameters['documentTypes'];
  departments: readonly Department[];
  showLegalRepresentative: boolean;
  /** Leaving 'Identificación' looks the customer up. */
  onDocumentBlur?: () => void;
}

/** 'Información Cliente' (§2 step 2), with 'Datos representante legal' for legal persons when enabled. */
export const CustomerStep = ({
  values,
  onChange,
  errors,
  showErrors,
  documentTypes,
  departments,
  showLegalRepresentative,
  onDocumentBlur,
}: CustomerStepProps) => {
  const translate = useTranslate();
  const label = (field: string) => translate(`resources.agreements.fields.${field}`);
  const common = { showError: showErrors };
  const dv = companyCheckDigit(values.documentTypeId, values.documentNumber, true);
  const cities = departments.find((d) => d.id === values.departmentId)?.cities ?? [];
  const legal = values.personType === 'J';
  return (
    <>
      <FieldGrid>
        <SelectBox
          label={label('personType')}
          value={values.personType}
          choices={(['J', 'N'] as const).map((p) => ({ value: p, label: translate(`resources.agreements.person_types.${p}`) }))}
          onChange={(value) => onChange('personType', value)}
          required
        />
        <SelectBox
          label={label('documentTypeId')}
          value={values.documentTypeId}
          choices={documentChoices(values.personType, documentTypes)}
          onChange={(value) => onChange('documentTypeId', value)}
          error={errors.documentTypeId}
          required
          {...common}
        />
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: values.documentTypeId === NIT_DOCUMENT_TYPE ? 'minmax(0, 1fr) auto 64px' : 'minmax(0, 1fr)',
            columnGap: 1,
            alignItems: 'start',
          }}
        >
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
          {values.documentTypeId === NIT_DOCUMENT_TYPE && (
            <>
              <Typography sx={{ pt: 2.5 }} aria-hidden>
                -
              </Typography>
              <TextField label={label('dv')} value={dv ?? ''} disabled size="small" margin="dense" slotProps={{ htmlInput: { 'aria-label': label('dv') } }} />
            </>
          )}
        </Box>
        {legal ? (
          <TextBox
            label={label('legalName')}
            value={values.legalName}
            onChange={(value) => onChange('legalName', value)}
            error={errors.legalName}
            required
            maxLength={COMPANY_MAX.legalName}
            {...common}
          />
        ) : (
          <>
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
          </>
        )}
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
          label={label('cellphoneNumber')}
          value={values.cellphoneNumber}
          onChange={(value) => onChange('cellphoneNumber', value)}
          error={errors.cellphoneNumber}
          required
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
      </FieldGrid>
      {legal && showLegalRepresentative && (
        <Box component="section" role="group" aria-label={translate('resources.agreements.sections.legal_representative')} sx={{ mt: 1 }}>
          <Typography variant="subtitle2" component="h3" color="primary" sx={{ mb: 1 }}>
            {translate('resources.agreements.sections.legal_representative')}
          </Typography>
          <FieldGrid>
            <SelectBox
              label={label('documentTypeId')}
              value={values.legalDocumentTypeId}
              choices={documentTypes.filter((d) => LEGAL_REPRESENTATIVE_DOCUMENT_TYPES.includes(d.value)).map((d) => ({ value: d.value, label: d.text }))}
              onChange={(value) => onChange('legalDocumentTypeId', value)}
              error={errors.legalDocumentTypeId}
              required
              {...common}
            />
            <TextBox
              label={label('documentNumber')}
              value={values.legalDocumentNumber}
              onChange={(value) => onChange('legalDocumentNumber', noSpaces(value))}
              error={errors.legalDocumentNumber}
              required
              maxLength={COMPANY_MAX.documentNumber}
              {...common}
            />
            <TextBox
              label={label('firstName')}
              value={values.legalFirstName}
              onChange={(value) => onChange('legalFirstName', value)}
              error={errors.legalFirstName}
              required
              maxLength={COMPANY_MAX.name}
              {...common}
            />
            <TextBox
              label={label('lastName')}
              value={values.legalLastName}
              onChange={(value) => onChange('legalLastName', value)}
              error={errors.legalLastName}
              required
              maxLength={COMPANY_MAX.name}
              {...common}
            />
          </FieldGrid>
        </Box>
      )}
    </>
  );
};
