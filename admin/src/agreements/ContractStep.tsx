import { useTranslate } from 'react-admin';
import { AGREEMENT_MAX } from '@licencias/common/rules';
import { DayBox } from './fields/DayBox';
import { FieldGrid } from './fields/Grid';
import { SelectBox } from './fields/SelectBox';
import { TextBox } from './fields/TextBox';
import type { Manager, ProductOption } from './types';
import type { Errors } from './validation';
import type { ContractValues } from './values';

export interface ContractStepProps {
  values: ContractValues;
  onChange: <K extends keyof ContractValues>(field: K, value: ContractValues[K]) => void;
  errors: Errors<ContractValues>;
  showErrors: boolean;
  products: readonly ProductOption[];
  managers: readonly Manager[];
  paymentTypes: readonly { value: string; text: string }[];
  /** Leaving 'Número de oportunidad' checks whether it is taken. */
  onNumberBlur?: () => void;
  /** The edit screen keeps the product. */
  lockProduct?: boolean;
}

/** 'Información Contrato': Producto, Número de oportunidad, Fecha inicio, Fecha fin, Gestor operativo, Condición de pago. */
export const ContractStep = ({ values, onChange, errors, showErrors, products, managers, paymentTypes, onNumberBlur, lockProduct }: ContractStepProps) => {
  const translate = useTranslate();
  const label = (field: string) => translate(`resources.agreements.fields.${field}`);
  return (
    <FieldGrid>
      <SelectBox
        label={label('serviceId')}
        value={values.serviceId}
        choices={products.map((p) => ({ value: p.value, label: p.label }))}
        onChange={(value) => onChange('serviceId', value)}
        error={errors.serviceId}
        showError={showErrors}
        required
        disabled={lockProduct}
      />
      <TextBox
        label={label('opportunity')}
        value={values.contractNumber}
        onChange={(value) => onChange('contractNumber', value)}
        onBlur={onNumberBlur}
        error={errors.contractNumber}
        showError={showErrors || errors.contractNumber === 'Número de contrato ya se encuentra registrado.'}
        required
        maxLength={AGREEMENT_MAX.contractNumber}
      />
      <DayBox
        label={label('contractStartDate')}
        value={values.contractStartDate}
        onChange={(value) => onChange('contractStartDate', value)}
        error={errors.contractStartDate}
        showError={showErrors}
        required
      />
      <DayBox
        label={label('contractEndDate')}
        value={values.contractEndDate}
        onChange={(value) => onChange('contractEndDate', value)}
        error={errors.contractEndDate}
        showError={showErrors}
        required
      />
      <SelectBox
        label={label('commercialManagerId')}
        value={values.commercialManagerId || null}
        choices={managers.map((m) => ({ value: m.id, label: m.name }))}
        onChange={(value) => onChange('commercialManagerId', value)}
        error={errors.commercialManagerId}
        showError={showErrors}
        required
      />
      <SelectBox
        label={label('paymentConditionId')}
        value={values.paymentConditionId}
        choices={paymentTypes.map((p) => ({ value: Number(p.value), label: p.text }))}
        onChange={(value) => onChange('paymentConditionId', value)}
        error={errors.paymentConditionId}
        showError={showErrors}
        required
      />
    </FieldGrid>
  );
};
