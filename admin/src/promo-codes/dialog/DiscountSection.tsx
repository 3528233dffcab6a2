import { NumberInput, RadioButtonGroupInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { keyedChoices } from '../../components/choices';
import { Columns, Section } from '../../components/DialogSection';
import type { PromoFormValues } from '../promoForm';
import { useRule } from './rules';

/** Percentage or value; user types with a full discount (2 and 3) lock it at 100 %. */
export const DiscountSection = ({ fullDiscountTypes }: { fullDiscountTypes: readonly number[] }) => {
  const translate = useTranslate();
  const [typeUserId, offerTypeCode] = useWatch<PromoFormValues, ['typeUserId', 'offerTypeCode']>({ name: ['typeUserId', 'offerTypeCode'] });
  const locked = typeUserId !== null && fullDiscountTypes.includes(typeUserId);
  const valueRule = useRule('offerValue', true);
  return (
    <Section name="discount">
      <Columns>
        <RadioButtonGroupInput
          source="offerTypeCode"
          choices={keyedChoices('resources.promo-codes.offer_types', ['PTJ', 'VLR'])}
          disabled={locked}
          helperText={locked ? translate('resources.promo-codes.help.full_discount') : false}
        />
        <NumberInput
          source="offerValue"
          validate={valueRule}
          disabled={locked}
          min={0}
          max={offerTypeCode === 'PTJ' ? 100 : undefined}
          step={offerTypeCode === 'PTJ' ? 0.1 : 1}
          helperText={offerTypeCode === 'PTJ' ? 'resources.promo-codes.help.percentage' : 'resources.promo-codes.help.value'}
        />
      </Columns>
    </Section>
  );
};
