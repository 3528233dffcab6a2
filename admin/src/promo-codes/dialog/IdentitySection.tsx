import { BooleanInput, NumberInput, required, SelectInput } from 'react-admin';
import { LimitedTextInput } from '../../components/LimitedTextInput';
import { useWatch } from 'react-hook-form';
import { Columns } from '../../components/DialogSection';
import { LIMITS, type PromoFormValues, stripSpaces } from '../promoForm';
import type { PromoUserType } from '../types';
import { useRule } from './rules';

const UseQuantity = () => {
  const singleUse = useWatch<PromoFormValues, 'singleUse'>({ name: 'singleUse' });
  const quantityRule = useRule('useQuantity', true);
  return (
    <Columns>
      <BooleanInput source="singleUse" helperText={false} />
      <NumberInput source="useQuantity" validate={quantityRule} disabled={singleUse} min={1} max={LIMITS.useQuantity} step={1} />
    </Columns>
  );
};

/** The code (fixed once created), its user type, description and number of uses. */
export const IdentitySection = ({ editing, userTypes, userTypesPending }: { editing: boolean; userTypes: PromoUserType[]; userTypesPending: boolean }) => {
  const descriptionRule = useRule('descriptionPromotionCode');
  return (
    <>
      <Columns>
        <LimitedTextInput source="promotionCode" parse={stripSpaces} max={LIMITS.code} required disabled={editing} autoFocus={!editing} />
        <SelectInput source="typeUserId" choices={userTypes} isPending={userTypesPending} optionText="typeUser" validate={required()} />
      </Columns>
      <LimitedTextInput
        source="descriptionPromotionCode"
        max={LIMITS.description}
        required
        validate={[descriptionRule]}
        multiline
        minRows={2}
        fullWidth
        autoFocus={editing}
      />
      <UseQuantity />
    </>
  );
};
