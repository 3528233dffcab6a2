import { Box, Divider, TextField, Typography } from '@mui/material';
import { createContext, useContext, useEffect, useMemo, useRef } from 'react';
import { AutocompleteInput, BooleanInput, RadioButtonGroupInput, SelectInput, TextInput, useTranslate, type Validator } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  companyCheckDigit,
  COMPANY_MAX,
  DOCUMENT_TYPES_BY_PERSON,
  LEGAL_REPRESENTATIVE_DOCUMENT_TYPES,
  LINKABLE_APPS,
  normalizeDocumentNumber,
} from '@licencias/common/rules';
import { CatalogueDialog } from '../components/CatalogueDialog';
import { Columns, Section } from '../components/DialogSection';
import { DayInput } from '../components/DayInput';
import { sameFieldsForm } from '../components/useCatalogueDialog';
import { type CompanyValues, type Customer, companyErrors, companyFields, companyValues } from './companyForm';
import { type CompanyLookups, type Option, useCompanyLookups } from './lookups';

const FORM = sameFieldsForm<CompanyValues, Customer, ReturnType<typeof companyFields>>({
  resource: 'customers',
  valuesOf: companyValues,
  fieldsOf: companyFields,
  codeOf: (values, record) => record?.documentNumber ?? normalizeDocumentNumber(values.documentNumber),
  serverFailure: 'resources.customers.messages.server_error',
});

const BlockedDomains = createContext<readonly string[]>([]);

/** A field's rule of the company form (the server's rules), as an input validator; required ones get the asterisk. */
function useRule(field: keyof CompanyValues, isRequired = true): Validator {
  const blocked = useContext(BlockedDomains);
  return useMemo(() => {
    const validator = (_value: unknown, values: CompanyValues) => companyErrors(values, blocked)[field];
    return isRequired ? Object.assign(validator, { isRequired: true }) : validator;
  }, [blocked, field, isRequired]);
}

/** Spaces are never part of a document number: they are dropped as typed. */
const noSpaces = (value: string) => value.replace(/\s+/g, '');

/**
 * Dependent fields, as the user changes them: another person type clears identification and
 * names (and a legal person takes NIT, its only type); another department clears a city that is
 * not in it.
 */
const DependentFields = ({ departments }: { departments: CompanyLookups['departments'] }) => {
  const { setValue, getValues } = useFormContext<CompanyValues>();
  const [personType, departmentId] = useWatch<CompanyValues, ['personType', 'departmentId']>({ name: ['personType', 'departmentId'] });
  const shownType = useRef(personType);
  useEffect(() => {
    if (shownType.current === personType) return;
    shownType.current = personType;
    setValue('documentTypeId', personType === 'J' ? 4 : null, { shouldDirty: true });
    for (const field of ['documentNumber', 'legalName', 'firstName', 'lastName'] as const) setValue(field, '', { shouldDirty: true });
  }, [personType, setValue]);
  useEffect(() => {
    const cityId = getValues('cityId');
    if (cityId === null || !departments.length) return;
    const cities = departments.find((d) => d.id === departmentId)?.cities ?? [];
    if (!cities.some((city) => city.id === cityId)) setValue('cityId', null, { shouldDirty: true });
  }, [departmentId, departments, getValues, setValue]);
  return null;
};

/** Tipo de persona, document with its DV (NIT only, computed as the server does) and the names. */
const IdentitySection = ({ documentTypes }: { documentTypes: Option[] }) => {
  const translate = useTranslate();
  const [personType, documentTypeId, documentNumber] = useWatch<CompanyValues, ['personType', 'documentTypeId', 'documentNumber']>({
    name: ['personType', 'documentTypeId', 'documentNumber'],
  });
  const allowed = DOCUMENT_TYPES_BY_PERSON[personType] ?? [];
  const choices = documentTypes.filter((type) => allowed.includes(type.id));
  const dv = companyCheckDigit(documentTypeId, documentNumber, true);
  const rules = {
    personType: useRule('personType'),
    documentTypeId: useRule('documentTypeId'),
    documentNumber: useRule('documentNumber'),
    legalName: useRule('legalName'),
    firstName: useRule('firstName'),
    lastName: useRule('lastName'),
  };
  return (
    <>
      <RadioButtonGroupInput
        source="personType"
        choices={[
          { id: 'J', name: translate('resources.customers.person_types.J') },
          { id: 'N', name: translate('resources.customers.person_types.N') },
        ]}
        validate={rules.personType}
        row
        helperText={false}
      />
      <Columns>
        <SelectInput source="documentTypeId" choices={choices} validate={rules.documentTypeId} />
        <Box sx={{ display: 'grid', gridTemplateColumns: documentTypeId === 4 ? 'minmax(0, 1fr) 64px' : 'minmax(0, 1fr)', columnGap: 1, alignItems: 'start' }}>
          <TextInput
            source="documentNumber"
            parse={noSpaces}
            validate={rules.documentNumber}
            slotProps={{ htmlInput: { maxLength: COMPANY_MAX.documentNumber } }}
            fullWidth
          />
          {documentTypeId === 4 && (
            <TextField
              label={translate('resources.customers.fields.dv')}
              value={dv ?? ''}
              disabled
              size="small"
              margin="dense"
              fullWidth
              slotProps={{ htmlInput: { 'data-testid': 'company-dv', 'aria-label': translate('resources.customers.fields.dv') } }}
            />
          )}
        </Box>
      </Columns>
      {personType === 'J' ? (
        <TextInput source="legalName" validate={rules.legalName} slotProps={{ htmlInput: { maxLength: COMPANY_MAX.legalName } }} fullWidth />
      ) : (
        <Columns>
          <TextInput source="firstName" validate={rules.firstName} slotProps={{ htmlInput: { maxLength: COMPANY_MAX.name } }} />
          <TextInput source="lastName" validate={rules.lastName} slotProps={{ htmlInput: { maxLength: COMPANY_MAX.name } }} />
        </Columns>
      )}
    </>
  );
};

/** 'Datos representante legal' (legal persons): document type 1, 2 or 6, number and names. */
const LegalRepresentativeSection = ({ documentTypes }: { documentTypes: Option[] }) => {
  const translate = useTranslate();
  const rules = {
    type: useRule('legalDocumentTypeId'),
    number: useRule('legalDocumentNumber'),
    firstName: useRule('legalFirstName'),
    lastName: useRule('legalLastName'),
  };
  return (
    <Section name="legal_representative">
      <Box role="group" aria-label={translate('resources.customers.sections.legal_representative')}>
        <Columns>
          <SelectInput
            source="legalDocumentTypeId"
            choices={documentTypes.filter((type) => LEGAL_REPRESENTATIVE_DOCUMENT_TYPES.includes(type.id))}
            validate={rules.type}
          />
          <TextInput
            source="legalDocumentNumber"
            parse={noSpaces}
            validate={rules.number}
            slotProps={{ htmlInput: { maxLength: COMPANY_MAX.documentNumber } }}
          />
          <TextInput source="legalFirstName" validate={rules.firstName} slotProps={{ htmlInput: { maxLength: COMPANY_MAX.name } }} />
          <TextInput source="legalLastName" validate={rules.lastName} slotProps={{ htmlInput: { maxLength: COMPANY_MAX.name } }} />
        </Columns>
      </Box>
    </Section>
  );
};

/** Address, department and city, phone and e-mail. */
const ContactSection = ({ departments }: { departments: CompanyLookups['departments'] }) => {
  const translate = useTranslate();
  const departmentId = useWatch<CompanyValues, 'departmentId'>({ name: 'departmentId' });
  const cities = departments.find((d) => d.id === departmentId)?.cities ?? [];
  const noOptions = translate('resources.customers.no_options');
  const rules = {
    fulladdress: useRule('fulladdress'),
    additional: useRule('addressAdditionalInformation', false),
    departmentId: useRule('departmentId'),
    cityId: useRule('cityId'),
    phone: useRule('cellphoneNumber'),
    email: useRule('email'),
  };
  return (
    <Section name="contact">
      <Columns>
        <TextInput source="fulladdress" validate={rules.fulladdress} slotProps={{ htmlInput: { maxLength: COMPANY_MAX.fulladdress } }} />
        <TextInput
          source="addressAdditionalInformation"
          validate={rules.additional}
          slotProps={{ htmlInput: { maxLength: COMPANY_MAX.addressAdditionalInformation } }}
        />
        <AutocompleteInput source="departmentId" choices={departments} validate={rules.departmentId} noOptionsText={noOptions} />
        <AutocompleteInput source="cityId" choices={cities} validate={rules.cityId} noOptionsText={noOptions} disabled={departmentId === null} />
        <TextInput
          source="cellphoneNumber"
          validate={rules.phone}
          slotProps={{ htmlInput: { maxLength: COMPANY_MAX.cellphoneNumber, inputMode: 'numeric' } }}
        />
        <TextInput source="email" type="email" validate={rules.email} slotProps={{ htmlInput: { maxLength: COMPANY_MAX.email } }} />
      </Columns>
    </Section>
  );
};

/** The linked app; contract dates only for biometria. */
const AppSection = () => {
  const translate = useTranslate();
  const linkToApp = useWatch<CompanyValues, 'linkToApp'>({ name: 'linkToApp' });
  const rules = { app: useRule('linkToApp'), start: useRule('contractStartDate'), end: useRule('contractEndDate') };
  return (
    <Section name="app">
      <Columns>
        <SelectInput
          source="linkToApp"
          choices={LINKABLE_APPS.map((app) => ({ id: app, name: translate(`resources.customers.apps.${app}`) }))}
          validate={rules.app}
        />
        <span />
        {linkToApp === 'biometria' && (
          <>
            <DayInput source="contractStartDate" validate={rules.start} />
            <DayInput source="contractEndDate" validate={rules.end} />
          </>
        )}
      </Columns>
    </Section>
  );
};

/**
 * 'Perfil tributario': the roles that decide the withholdings of the company's purchases
 * (DefaultColombianTaxRules). ICA is withheld in the company's city, so no second municipality.
 */
const TaxSection = () => {
  const translate = useTranslate();
  return (
    <Section name="taxes">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('resources.customers.help.taxes')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' }, columnGap: 2, alignItems: 'start' }}>
        {(['largeTaxpayer', 'ivaWithholdingAgent', 'icaWithholdingAgent'] as const).map((field) => (
          <BooleanInput key={field} source={field} helperText={`resources.customers.help.${field}`} />
        ))}
      </Box>
    </Section>
  );
};

/**
 * 'Nueva empresa' (licences-and-agreements §2, §5): every rule of the company form, checked as the
 * server checks it (the rules live in @licencias/common). 'Crear' for a new company, 'Actualizar'
 * for one that exists; saving stays disabled while a rule fails or a required field is empty.
 */
export const CompanyDialog = ({ record, onClose }: { record?: Customer; onClose: () => void }) => {
  const { documentTypes, departments, blockedDomains } = useCompanyLookups();
  const ready = useMemo(() => (values: CompanyValues) => Object.keys(companyErrors(values, blockedDomains)).length === 0, [blockedDomains]);
  return (
    <BlockedDomains value={blockedDomains}>
      <CatalogueDialog
        form={FORM}
        record={record}
        onClose={onClose}
        maxWidth="md"
        saveLabel={record ? 'resources.customers.actions.update' : 'resources.customers.actions.create'}
        ready={ready}
      >
        <DependentFields departments={departments} />
        <IdentitySection documentTypes={documentTypes} />
        <LegalRepresentative documentTypes={documentTypes} />
        <Divider sx={{ my: 1 }} />
        <ContactSection departments={departments} />
        <TaxSection />
        <AppSection />
      </CatalogueDialog>
    </BlockedDomains>
  );
};

/** The legal representative's section, for legal persons only. */
const LegalRepresentative = ({ documentTypes }: { documentTypes: Option[] }) => {
  const personType = useWatch<CompanyValues, 'personType'>({ name: 'personType' });
  return personType === 'J' ? <LegalRepresentativeSection documentTypes={documentTypes} /> : null;
};
