import { Button, FormControlLabel, Stack, Switch } from '@mui/material';
import { useTranslate } from 'react-admin';
import { AGREEMENT_MAX, type AgreementValidityType } from '@licencias/common/rules';
import { FieldGrid } from './fields/Grid';
import { SelectBox } from './fields/SelectBox';
import { TextBox } from './fields/TextBox';
import { deliveryChoices } from './resetRules';
import type { ContractedServicesKind, ContractParameters, ProductPackage } from './types';
import type { Errors } from './validation';
import type { ServiceRow } from './values';

export interface ServiceFormProps {
  row: ServiceRow;
  onChange: <K extends keyof ServiceRow>(field: K, value: ServiceRow[K]) => void;
  onSave: () => void;
  errors: Errors<ServiceRow>;
  showErrors: boolean;
  kind: ContractedServicesKind;
  packages: readonly ProductPackage[];
  parameters: ContractParameters | undefined;
  /** The device types the product admits (ProductOption.deviceTypeId, comma-separated). */
  productDeviceTypes: readonly number[];
  saveLabel?: string;
}

const digits = (value: string) => value.replace(/[^\d-]/g, '');

/** The services form (§2 step 4): the services variant (unlimited switch) or the device-based one (ECD). */
export const ServiceForm = ({ row, onChange, onSave, errors, showErrors, kind, packages, parameters, productDeviceTypes, saveLabel }: ServiceFormProps) => {
  const translate = useTranslate();
  const label = (field: string) => translate(`resources.agreements.fields.${field}`);
  const common = { showError: showErrors };
  const ecd = kind === 'isComponentECD';
  const validityTypes = (parameters?.validityTypes ?? []).map((v) => ({ value: v.value as AgreementValidityType, label: v.text }));
  const deviceTypes = (parameters?.deviceTypes ?? []).filter((d) => !productDeviceTypes.length || productDeviceTypes.includes(d.value));
  const deliveries = deliveryChoices(row.deviceTypeId, parameters?.credentialDeliveryTypes ?? []);
  return (
    <Stack spacing={1} data-testid="service-form">
      <FieldGrid columns={3}>
        <SelectBox
          label={label('service')}
          value={row.packageCode || null}
          choices={packages.map((p) => ({ value: p.packageCode, label: p.packageName }))}
          onChange={(value) => onChange('packageCode', value)}
          error={errors.packageCode}
          required
          disabled={row.isExist}
          {...common}
        />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextBox
            label={row.isExist ? label('quantityToAdd') : label('quantity')}
            value={row.quantity}
            onChange={(value) => onChange('quantity', value)}
            error={errors.quantity}
            required={!row.isUnlimited}
            disabled={row.isUnlimited}
            numeric
            maxLength={AGREEMENT_MAX.quantityDigits}
            {...common}
          />
          {!ecd && (
            <FormControlLabel
              sx={{ pt: 1, whiteSpace: 'nowrap' }}
              control={<Switch checked={row.isUnlimited} onChange={(event) => onChange('isUnlimited', event.target.checked)} disabled={row.isExist} />}
              label={label('unlimited')}
            />
          )}
        </Stack>
        <SelectBox
          label={label('validityType')}
          value={row.validityType || null}
          choices={validityTypes}
          onChange={(value) => onChange('validityType', value)}
          error={errors.validityType}
          required
          {...common}
        />
        <TextBox
          label={label('validityAmount')}
          value={row.validityAmount}
          onChange={(value) => onChange('validityAmount', digits(value))}
          error={errors.validityAmount}
          required
          numeric
          maxLength={ecd && row.isExist ? AGREEMENT_MAX.validityDigitsEcd : AGREEMENT_MAX.validityDigits}
          {...common}
        />
        {ecd && (
          <>
            <SelectBox
              label={label('deviceType')}
              value={row.deviceTypeId}
              choices={deviceTypes.map((d) => ({ value: d.value, label: d.text }))}
              onChange={(value) => onChange('deviceTypeId', value)}
              error={errors.deviceTypeId}
              required
              {...common}
            />
            <SelectBox
              label={label('deliveryType')}
              value={row.credentialsDeliveryType}
              choices={deliveries.map((d) => ({ value: Number(d.value), label: d.text }))}
              onChange={(value) => onChange('credentialsDeliveryType', value)}
              error={errors.credentialsDeliveryType}
              required
              {...common}
            />
            <TextBox
              label={label('reassignmentQuota')}
              value={row.reassignmentQuota}
              onChange={(value) => onChange('reassignmentQuota', digits(value))}
              error={errors.reassignmentQuota}
              required
              numeric
              maxLength={AGREEMENT_MAX.reassignmentDigits}
              {...common}
            />
          </>
        )}
      </FieldGrid>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" onClick={onSave}>
          {saveLabel ?? translate('resources.agreements.actions.save_service')}
        </Button>
      </Stack>
    </Stack>
  );
};
