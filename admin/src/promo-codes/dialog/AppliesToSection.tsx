import { AutocompleteArrayInput, BooleanInput, ReferenceArrayInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Section } from '../../components/DialogSection';
import type { PromoFormValues } from '../promoForm';
import type { PackageOption } from '../types';
import { useRule } from './rules';

/** The whole purchase, or some active packages. */
export const AppliesToSection = () => {
  const applyTotalPurchase = useWatch<PromoFormValues, 'applyTotalPurchase'>({ name: 'applyTotalPurchase' });
  const packagesRule = useRule('packageIds', true);
  return (
    <Section name="applies_to">
      <BooleanInput source="applyTotalPurchase" helperText={false} />
      {!applyTotalPurchase && (
        <ReferenceArrayInput source="packageIds" reference="package-options" perPage={50} sort={{ field: 'packageName', order: 'ASC' }} filter={{ idstate: 0 }}>
          <AutocompleteArrayInput
            label="resources.promo-codes.fields.packageIds"
            optionText={(option: PackageOption) => `${option.packageCode} · ${option.packageName}`}
            filterToQuery={(q: string) => ({ q })}
            validate={packagesRule}
            fullWidth
          />
        </ReferenceArrayInput>
      )}
    </Section>
  );
};
