import { useEffect, useRef } from 'react';
import { BooleanInput, NumberInput, RadioButtonGroupInput, useTranslate, type Validator } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { bogotaToday } from '@licencias/common/dates';
import { DayInput } from '../../components/DayInput';
import { keyedChoices } from '../../components/choices';
import { Columns, Section } from '../../components/DialogSection';
import { offerErrors, offerOff, type PackageFormValues } from '../packageForm';

/** The offer section: switched off, the offer resets to VLR, 0 and today. */
export const OfferSection = ({ original }: { original?: PackageFormValues }) => {
  const translate = useTranslate();
  const { setValue, clearErrors } = useFormContext<PackageFormValues>();
  const [applyOffer, offerTypeCode] = useWatch<PackageFormValues, ['applyOffer', 'offerTypeCode']>({ name: ['applyOffer', 'offerTypeCode'] });
  const today = bogotaToday();
  const previous = useRef(applyOffer);
  useEffect(() => {
    if (previous.current && !applyOffer) {
      const off = offerOff(bogotaToday());
      setValue('offerTypeCode', off.offerTypeCode, { shouldDirty: true });
      setValue('totalOffer', off.totalOffer, { shouldDirty: true });
      setValue('offerStartTime', off.offerStartTime, { shouldDirty: true });
      setValue('offerExpirationTime', off.offerExpirationTime, { shouldDirty: true });
      // The hidden inputs keep their last errors otherwise, shown again over the reset values.
      clearErrors(['offerTypeCode', 'totalOffer', 'offerStartTime', 'offerExpirationTime']);
    }
    previous.current = applyOffer;
  }, [applyOffer, setValue, clearErrors]);
  const offerRule =
    (field: 'offerStartTime' | 'offerExpirationTime' | 'totalOffer'): Validator =>
    (_value: unknown, values: PackageFormValues) =>
      offerErrors(values, original)[field];
  return (
    <Section name="offer">
      <BooleanInput source="applyOffer" helperText={false} />
      {applyOffer && (
        <Columns>
          <RadioButtonGroupInput source="offerTypeCode" choices={keyedChoices('resources.packages.offer_types', ['VLR', 'PTJ'])} helperText={false} />
          <NumberInput
            source="totalOffer"
            validate={Object.assign(offerRule('totalOffer'), { isRequired: true })}
            min={0}
            step={offerTypeCode === 'PTJ' ? 0.1 : 1}
            helperText={translate(offerTypeCode === 'PTJ' ? 'resources.packages.help.offer_percentage' : 'resources.packages.help.offer_value')}
          />
          <DayInput
            source="offerStartTime"
            validate={Object.assign(offerRule('offerStartTime'), { isRequired: true })}
            min={original?.applyOffer ? undefined : today}
          />
          <DayInput source="offerExpirationTime" validate={Object.assign(offerRule('offerExpirationTime'), { isRequired: true })} min={today} />
        </Columns>
      )}
    </Section>
  );
};
