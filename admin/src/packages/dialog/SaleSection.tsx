import { Skeleton } from '@mui/material';
import { lazy, Suspense, useEffect } from 'react';
import { AutocompleteArrayInput, BooleanInput, ReferenceArrayInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { Section } from '../../components/DialogSection';
import type { PackageFormValues } from '../packageForm';
import type { Channel, CustomerSummary } from '../types';
import { requiredWhen } from './validators';

/** Public packages have no companies: switching to public clears them. */
const CompaniesInput = () => {
  const translate = useTranslate();
  const { setValue } = useFormContext<PackageFormValues>();
  const publicVisibility = useWatch<PackageFormValues, 'publicVisibility'>({ name: 'publicVisibility' });
  useEffect(() => {
    if (publicVisibility) setValue('customerIds', [], { shouldValidate: false });
  }, [publicVisibility, setValue]);
  if (publicVisibility) return null;
  return (
    <ReferenceArrayInput source="customerIds" reference="customers" perPage={25} sort={{ field: 'legalName', order: 'ASC' }}>
      <AutocompleteArrayInput
        label="resources.packages.fields.customerIds"
        optionText={(customer: CustomerSummary) => `${customer.name} · ${customer.documentNumber}`}
        filterToQuery={(q: string) => ({ q })}
        validate={requiredWhen((value, values) => !values.publicVisibility && (!Array.isArray(value) || value.length === 0))}
        helperText={translate('resources.packages.help.customers')}
        noOptionsText={translate('app.catalogue.no_linked_results')}
        fullWidth
      />
    </ReferenceArrayInput>
  );
};

/** The rich-text editor (tiptap, most of the dialog's code) loads in parallel with the dialog. */
const SummaryInput = lazy(() => import('../SummaryInput'));

/** Who can buy it (public or some companies), its services, channels and summary. */
export const SaleSection = ({ channels, channelsPending }: { channels: Channel[]; channelsPending: boolean }) => {
  const translate = useTranslate();
  return (
    <Section name="sale">
      <BooleanInput source="publicVisibility" helperText="resources.packages.help.public" />
      <CompaniesInput />
      <ReferenceArrayInput source="serviceIds" reference="services" perPage={100} sort={{ field: 'serviceName', order: 'ASC' }} filter={{ idstate: 0 }}>
        <AutocompleteArrayInput
          label="resources.packages.fields.serviceIds"
          optionText="serviceName"
          validate={requiredWhen((value) => !Array.isArray(value) || value.length === 0)}
          filterToQuery={(q: string) => ({ q })}
          fullWidth
        />
      </ReferenceArrayInput>
      <AutocompleteArrayInput
        source="channelIds"
        choices={channels}
        isPending={channelsPending}
        optionText="channelType"
        validate={requiredWhen((value) => !Array.isArray(value) || value.length === 0)}
        fullWidth
      />
      <Suspense fallback={<Skeleton variant="rounded" height={120} aria-label={translate('ra.page.loading')} />}>
        <SummaryInput />
      </Suspense>
    </Section>
  );
};
