import { NumberInput, RadioButtonGroupInput, useTranslate } from 'react-admin';
import { useContext } from 'react';
import { useWatch } from 'react-hook-form';
import { bogotaToday } from '@licencias/common/dates';
import { DayInput } from '../../components/DayInput';
import { Columns, Section } from '../../components/DialogSection';
import { LIMITS, monthlyAllowed, type PromoFormValues } from '../promoForm';
import { OriginalContext, useRule } from './rules';

/** Validity: past days cannot be picked (a stored start already past stays as it is). */
const Validity = () => {
  const original = useContext(OriginalContext);
  const startRule = useRule('effectiveStartDate', true);
  const endRule = useRule('expirationDate', true);
  const today = bogotaToday();
  return (
    <Columns>
      <DayInput source="effectiveStartDate" validate={startRule} min={original && original.effectiveStartDate < today ? original.effectiveStartDate : today} />
      <DayInput source="expirationDate" validate={endRule} min={today} />
    </Columns>
  );
};

const Repetition = () => {
  const translate = useTranslate();
  const [start, end, periodicityType] = useWatch<PromoFormValues, ['effectiveStartDate', 'expirationDate', 'periodicityType']>({
    name: ['effectiveStartDate', 'expirationDate', 'periodicityType'],
  });
  const allowed = monthlyAllowed({ effectiveStartDate: start, expirationDate: end });
  const intervalRule = useRule('periodicityQuantity', true);
  const endRule = useRule('endPeriodicityDate', true);
  return (
    <>
      <RadioButtonGroupInput
        source="periodicityType"
        choices={[
          { id: 'NEVER', name: 'resources.promo-codes.periodicity.NEVER' },
          { id: 'MONTHLY', name: 'resources.promo-codes.periodicity.MONTHLY', disabled: !allowed },
        ]}
        helperText={allowed ? false : translate('resources.promo-codes.help.monthly')}
      />
      {periodicityType === 'MONTHLY' && allowed && (
        <Columns>
          <NumberInput
            source="periodicityQuantity"
            validate={intervalRule}
            min={1}
            max={LIMITS.interval}
            step={1}
            helperText="resources.promo-codes.help.interval"
          />
          <DayInput source="endPeriodicityDate" validate={endRule} min={end || bogotaToday()} />
        </Columns>
      )}
    </>
  );
};

/** The validity and its monthly repetition (offered for validities of 0 to 30 days). */
export const ValiditySection = () => {
  return (
    <Section name="validity">
      <Validity />
      <Repetition />
    </Section>
  );
};
