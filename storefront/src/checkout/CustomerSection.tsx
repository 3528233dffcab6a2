import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PURCHASE_MAX, type BrandDocumentTypes, type PurchaseSection } from '@licencias/common/rules';
import type { ReactNode } from 'react';
import { AddressField, type Place } from './AddressField';
import { checkDigitOf, fieldName, isNit, type FormErrors, type SectionField, type SectionValues } from './form';
import type { State } from './types';

interface Props {
  section: PurchaseSection;
  values: SectionValues;
  /** Problems to show (of touched fields, or all after a submit). */
  errors: FormErrors;
  documentTypes: BrandDocumentTypes;
  documentTypeNames: Record<number, string>;
  states: State[];
  locked: boolean;
  onChange(field: SectionField, value: string | number): void;
  onBlur(field: SectionField): void;
  /** A suggestion chosen in the address autocomplete (only with a maps provider). */
  onPlace?(place: Place): void;
}

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/**
 * One section of the form (billing or activation) with §3's fields: person type, document type
 * and number with the DV of a NIT, legal name or names, phone, e-mail, department, city, address
 * and additional information; the activation section of a legal person adds its legal
 * representative. Locked sections show the customer's data read-only.
 */
export function CustomerSection({ section, values, errors, documentTypes, documentTypeNames, states, locked, onChange, onBlur, onPlace }: Props) {
  const id = (field: SectionField) => fieldName(field, section);
  const legal = values.personType === 'J';
  const cities = states.find((state) => state.id === values.departmentId)?.city ?? [];
  const field = (name: SectionField, label: string, extra: Record<string, unknown> = {}, input: Record<string, unknown> = {}): ReactNode => (
    <TextField
      id={id(name)}
      name={id(name)}
      label={label}
      value={values[name]}
      required={name !== 'addressAdditionalInformation'}
      disabled={locked}
      size="small"
      fullWidth
      onChange={(event) => onChange(name, event.target.value)}
      onBlur={() => onBlur(name)}
      error={!!errors[id(name)]}
      helperText={errors[id(name)] ?? ' '}
      {...extra}
      slotProps={{ htmlInput: { autoComplete: 'off', ...input } }}
    />
  );
  const documentOptions = documentTypes[values.personType];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <RadioGroup
        row
        aria-label={`Tipo de persona (${section === 'Billing' ? 'facturación' : 'activación'})`}
        name={id('personType')}
        value={values.personType}
        onChange={(event) => onChange('personType', event.target.value)}
      >
        <FormControlLabel value="J" control={<Radio size="small" />} label="Persona jurídica" disabled={locked} />
        <FormControlLabel value="N" control={<Radio size="small" />} label="Persona natural" disabled={locked} />
      </RadioGroup>
      <Box sx={grid}>
        {field('documentTypeId', 'Tipo de documento', {
          select: true,
          children: documentOptions.map((type) => (
            <MenuItem key={type} value={type}>
              {documentTypeNames[type] ?? String(type)}
            </MenuItem>
          )),
        })}
        <Box sx={{ display: 'flex', gap: 1 }}>
          {field(
            'documentNumber',
            'Número de documento',
            {},
            { inputMode: isPassport(values.documentTypeId) ? 'text' : 'numeric', maxLength: PURCHASE_MAX.documentNumber },
          )}
          {isNit(values) && (
            <TextField
              id={`dv${section}`}
              label="DV"
              value={checkDigitOf(values)}
              size="small"
              sx={{ width: 72, flexShrink: 0 }}
              helperText=" "
              slotProps={{ htmlInput: { readOnly: true, tabIndex: -1, 'aria-readonly': true } }}
            />
          )}
        </Box>
        {legal ? (
          <Box sx={{ gridColumn: { sm: '1 / -1' } }}>{field('legalName', 'Razón social', {}, { maxLength: PURCHASE_MAX.legalName })}</Box>
        ) : (
          <>
            {field('firstName', 'Nombres', {}, { maxLength: PURCHASE_MAX.name, autoComplete: 'given-name' })}
            {field('lastName', 'Apellidos', {}, { maxLength: PURCHASE_MAX.name, autoComplete: 'family-name' })}
          </>
        )}
        {field(
          'cellphoneNumber',
          section === 'Billing' ? 'Teléfono / Celular' : 'Celular',
          { type: 'tel' },
          { inputMode: 'tel', maxLength: PURCHASE_MAX.cellphoneNumber },
        )}
        {field('email', 'Correo electrónico', { type: 'email' }, { maxLength: PURCHASE_MAX.email, autoComplete: 'email' })}
        {field('departmentId', 'Departamento', {
          select: true,
          children: states.map((state) => (
            <MenuItem key={state.id} value={state.id}>
              {state.stateName}
            </MenuItem>
          )),
        })}
        {field('cityId', 'Ciudad o municipio', {
          select: true,
          disabled: locked || values.departmentId === '',
          children: cities.map((city) => (
            <MenuItem key={city.id} value={city.id}>
              {city.cityName}
            </MenuItem>
          )),
        })}
        <AddressField
          id={id('fulladdress')}
          label="Dirección"
          value={values.fulladdress}
          required
          disabled={locked}
          maxLength={300}
          onChange={(text) => onChange('fulladdress', text)}
          onBlur={() => onBlur('fulladdress')}
          onPlace={onPlace ?? ((place) => onChange('fulladdress', place.fulladdress))}
          error={!!errors[id('fulladdress')]}
          helperText={errors[id('fulladdress')] ?? ' '}
        />
        {field('addressAdditionalInformation', 'Información adicional (opcional)', {}, { maxLength: PURCHASE_MAX.addressAdditionalInformation })}
      </Box>
      {legal && section === 'Service' && (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1 }}>
          <Typography component="legend" variant="subtitle2" sx={{ fontWeight: 700, mb: 1.5 }}>
            Representante legal
          </Typography>
          <Box sx={grid}>
            {field('legalDocumentTypeId', 'Tipo de documento del representante', {
              select: true,
              children: documentTypes.R.map((type) => (
                <MenuItem key={type} value={type}>
                  {documentTypeNames[type] ?? String(type)}
                </MenuItem>
              )),
            })}
            {field(
              'legalDocumentNumber',
              'Documento del representante',
              {},
              { inputMode: isPassport(values.legalDocumentTypeId) ? 'text' : 'numeric', maxLength: PURCHASE_MAX.documentNumber },
            )}
            {field('legalFirstName', 'Nombres del representante', {}, { maxLength: PURCHASE_MAX.name })}
            {field('legalLastName', 'Apellidos del representante', {}, { maxLength: PURCHASE_MAX.name })}
          </Box>
        </Box>
      )}
    </Box>
  );
}

function isPassport(type: number | ''): boolean {
  return type === 6;
}
