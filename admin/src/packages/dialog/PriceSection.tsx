import { Box, Typography } from '@mui/material';
import { maxValue, minValue, number, NumberInput, required, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { formatMoney, formatNumber } from '@licencias/common/format';
import { keyedChoices } from '../../components/choices';
import { Columns, Section } from '../../components/DialogSection';
import { MESSAGES, type PackageFormValues, PRICE_DIGITS, PRICE_MAX, unitPrice } from '../packageForm';
import { VALIDITY_TYPES } from '../types';
import { digitsOnly, integer } from './validators';

/** price × 100 / (100 + IVA), read-only, as the server will compute it. */
const UnitPrice = () => {
  const translate = useTranslate();
  const [price, tax] = useWatch<PackageFormValues, ['packagePrice', 'taxIva']>({ name: ['packagePrice', 'taxIva'] });
  const value = unitPrice(price, tax);
  return (
    <TextInputLike
      label={translate('resources.packages.fields.packageUnitPrice')}
      value={value === undefined ? '' : formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
      testId="unit-price"
    />
  );
};

/** A read-only value shaped like the inputs around it. */
const TextInputLike = ({ label, value, testId }: { label: string; value: string; testId?: string }) => (
  <Box sx={{ mb: 2.5, mt: 1 }}>
    <Typography variant="caption" color="text.secondary" component="p">
      {label}
    </Typography>
    <Typography variant="body1" data-testid={testId} sx={{ minHeight: 24 }}>
      {value || '—'}
    </Typography>
  </Box>
);

const PriceHelper = () => {
  const price = useWatch<PackageFormValues, 'packagePrice'>({ name: 'packagePrice' });
  return <>{price ? formatMoney(Number(price)) : ' '}</>;
};

const validityChoices = keyedChoices('resources.packages.validity_types', VALIDITY_TYPES);

/** Price with its VAT and unit price, the proposed order, and the validity. */
export const PriceSection = () => {
  return (
    <Section name="price">
      <Columns>
        <TextInput
          source="packagePrice"
          parse={digitsOnly}
          validate={[required(), (value: string) => (value && Number(value) > PRICE_MAX ? MESSAGES.priceMax : undefined)]}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: PRICE_DIGITS } }}
          helperText={<PriceHelper />}
        />
        <NumberInput source="taxIva" validate={[required(), number(), minValue(0), maxValue(100)]} min={0} max={100} step={1} />
        <UnitPrice />
        <NumberInput source="order" validate={[integer, minValue(1), maxValue(99999)]} min={1} step={1} helperText="resources.packages.help.order" />
        <NumberInput source="validityPeriod" validate={[required(), integer, minValue(1), maxValue(999)]} min={1} max={999} step={1} />
        <SelectInput source="validityTypeId" choices={validityChoices} validate={required()} />
      </Columns>
    </Section>
  );
};
