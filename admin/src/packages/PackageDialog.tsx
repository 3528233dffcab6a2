import { Box, Divider, Skeleton, Stack, Typography } from '@mui/material';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import {
  AutocompleteArrayInput,
  BooleanInput,
  maxLength,
  maxValue,
  minValue,
  number,
  NumberInput,
  RadioButtonGroupInput,
  ReferenceArrayInput,
  regex,
  required,
  ResourceContextProvider,
  SelectInput,
  TextInput,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { api } from '../api';
import { useCatalogueDialog } from '../components/useCatalogueDialog';
import { bogotaToday } from '@licencias/common/dates';
import { formatMoney, formatNumber } from '@licencias/common/format';
import { DayInput } from '../components/DayInput';
import { FormDialog } from '../components/FormDialog';
import { AuditLine } from '../components/userNames';
import { unwrap } from '../httpErrors';
import { useChannels, usePackageTypes } from './lookups';
import { OfferImageInput } from './OfferImageInput';
import {
  CODE_MAX,
  createPayload,
  DESCRIPTION_MAX,
  MESSAGES,
  NAME_MAX,
  newPackageValues,
  offerErrors,
  offerOff,
  type PackageFormValues,
  packageValues,
  PRICE_DIGITS,
  PRICE_MAX,
  unitPrice,
  updatePayload,
} from './packageForm';
import { type CustomerSummary, type Package, RELEVANCES, VALIDITY_TYPES } from './types';

const FORM_FIELDS: readonly (keyof PackageFormValues)[] = [
  'packageCode',
  'packageName',
  'packageTypeId',
  'packageDescription',
  'packagePrice',
  'taxIva',
  'validityPeriod',
  'validityTypeId',
  'relevance',
  'order',
  'publicVisibility',
  'customerIds',
  'serviceIds',
  'channelIds',
  'summaryHtml',
  'applyOffer',
  'offerTypeCode',
  'totalOffer',
  'offerStartTime',
  'offerExpirationTime',
  'image',
];

/** A validator react-admin shows with the required asterisk. */
function requiredWhen(check: (value: unknown, values: PackageFormValues) => boolean): Validator {
  const validator = (value: unknown, values: PackageFormValues) => (check(value, values) ? MESSAGES.required : undefined);
  return Object.assign(validator, { isRequired: true });
}

const integer: Validator = (value: unknown) =>
  value === null || value === undefined || value === '' || Number.isInteger(value) ? undefined : 'Debe ser un número entero';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" sx={{ mb: 2 }}>
    <Typography variant="subtitle2" component="h3" color="primary" sx={{ mb: 1 }}>
      {title}
    </Typography>
    {children}
  </Box>
);

const Columns = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, alignItems: 'start' }}>{children}</Box>
);

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

/**
 * Proposes the order when the type or relevance changes: the count of packages of that type and
 * relevance plus one (GET /api/v1/package-types/{id}/next-order). Editing keeps the stored order
 * while type and relevance are the stored ones.
 */
const OrderAutoFill = ({ original }: { original?: PackageFormValues }) => {
  const { setValue } = useFormContext<PackageFormValues>();
  const [type, relevance] = useWatch<PackageFormValues, ['packageTypeId', 'relevance']>({ name: ['packageTypeId', 'relevance'] });
  const first = useRef(true);
  useEffect(() => {
    const initial = first.current;
    first.current = false;
    if (!type || !relevance) return;
    if (original && original.packageTypeId === type && original.relevance === relevance) {
      if (!initial) setValue('order', original.order, { shouldDirty: true });
      return;
    }
    const controller = new AbortController();
    unwrap(api.GET('/api/v1/package-types/{id}/next-order', { params: { path: { id: type }, query: { relevance } }, signal: controller.signal }))
      .then((answer) => setValue('order', answer.nextOrder, { shouldDirty: !initial }))
      .catch(() => undefined);
    return () => controller.abort();
  }, [type, relevance, original, setValue]);
  return null;
};

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
const SummaryInput = lazy(() => import('./SummaryInput'));

/** The offer section: switched off, the offer resets to VLR, 0 and today. */
const OfferSection = ({ original }: { original?: PackageFormValues }) => {
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
    <Section title={translate('resources.packages.sections.offer')}>
      <BooleanInput source="applyOffer" label="resources.packages.fields.applyOffer" helperText={false} />
      {applyOffer && (
        <Columns>
          <RadioButtonGroupInput
            source="offerTypeCode"
            label="resources.packages.fields.offerTypeCode"
            choices={[
              { id: 'VLR', name: 'resources.packages.offer_types.VLR' },
              { id: 'PTJ', name: 'resources.packages.offer_types.PTJ' },
            ]}
            helperText={false}
          />
          <NumberInput
            source="totalOffer"
            label="resources.packages.fields.totalOffer"
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

const digitsOnly = (value: string) => (value ?? '').replace(/\D/g, '').slice(0, PRICE_DIGITS);

const PriceHelper = () => {
  const price = useWatch<PackageFormValues, 'packagePrice'>({ name: 'packagePrice' });
  return <>{price ? formatMoney(Number(price)) : ' '}</>;
};

/**
 * 'Crear paquete' / 'Editar paquete': every field of the save payload, checked in the browser
 * as the server checks it. Edits carry the version read (409: someone changed the package; the
 * dialog stays open with the user's input) and are skipped when nothing changed.
 */
export const PackageDialog = ({ record, onClose }: { record?: Package; onClose: () => void }) => {
  const translate = useTranslate();
  const { types, isPending: typesPending } = usePackageTypes();
  const { channels, isPending: channelsPending } = useChannels();
  const [reading, setReading] = useState(false);
  const editing = !!record;
  const code = record?.packageCode;
  const original = useMemo(() => (record ? packageValues(record) : undefined), [record]);
  const initial = useMemo(() => original ?? newPackageValues(), [original]);

  const { submit, failure } = useCatalogueDialog<PackageFormValues>({
    resource: 'packages',
    record,
    onClose,
    alsoRefresh: ['package-configuration', 'package-options'],
    fields: FORM_FIELDS,
    payload: (values) => (record ? updatePayload(values, record) : createPayload(values)),
    success: editing ? 'resources.packages.messages.edited' : 'resources.packages.messages.saved',
    failure: (values) =>
      translate(editing ? 'resources.packages.messages.not_edited' : 'resources.packages.messages.not_saved', {
        code: editing ? code : values.packageCode.trim(),
      }),
    refusedSeverity: 'error',
  });

  const validityChoices = VALIDITY_TYPES.map((id) => ({ id, name: `resources.packages.validity_types.${id}` }));
  return (
    <ResourceContextProvider value="packages">
      <FormDialog<PackageFormValues>
        open
        title={translate(editing ? 'resources.packages.dialog.edit' : 'resources.packages.dialog.create')}
        record={initial}
        onClose={onClose}
        onSubmit={submit}
        maxWidth="md"
        busy={reading}
        failure={failure}
        testId="package-dialog"
      >
        <OrderAutoFill original={original} />
        <Section title={translate('resources.packages.sections.identity')}>
          <Columns>
            <TextInput
              source="packageCode"
              label="resources.packages.fields.packageCode"
              validate={[required(), maxLength(CODE_MAX), regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, MESSAGES.code)]}
              disabled={editing}
              slotProps={{ htmlInput: { maxLength: CODE_MAX } }}
              autoFocus={!editing}
            />
            <TextInput
              source="packageName"
              label="resources.packages.fields.packageName"
              validate={[required(), maxLength(NAME_MAX)]}
              slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
              autoFocus={editing}
            />
            <SelectInput
              source="packageTypeId"
              label="resources.packages.fields.packageTypeId"
              choices={types}
              isPending={typesPending}
              optionText="packageTypeName"
              validate={required()}
            />
            <SelectInput
              source="relevance"
              label="resources.packages.fields.relevance"
              choices={RELEVANCES.map((id) => ({ id, name: id }))}
              validate={required()}
            />
          </Columns>
          <TextInput
            source="packageDescription"
            label="resources.packages.fields.packageDescription"
            validate={[required(), maxLength(DESCRIPTION_MAX)]}
            slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX } }}
            multiline
            minRows={2}
            fullWidth
          />
        </Section>
        <Divider sx={{ mb: 2 }} />
        <Section title={translate('resources.packages.sections.price')}>
          <Columns>
            <TextInput
              source="packagePrice"
              label="resources.packages.fields.packagePrice"
              parse={digitsOnly}
              validate={[required(), (value: string) => (value && Number(value) > PRICE_MAX ? MESSAGES.priceMax : undefined)]}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: PRICE_DIGITS } }}
              helperText={<PriceHelper />}
            />
            <NumberInput
              source="taxIva"
              label="resources.packages.fields.taxIva"
              validate={[required(), number(), minValue(0), maxValue(100)]}
              min={0}
              max={100}
              step={1}
            />
            <UnitPrice />
            <NumberInput
              source="order"
              label="resources.packages.fields.order"
              validate={[integer, minValue(1), maxValue(99999)]}
              min={1}
              step={1}
              helperText="resources.packages.help.order"
            />
            <NumberInput
              source="validityPeriod"
              label="resources.packages.fields.validityPeriod"
              validate={[required(), integer, minValue(1), maxValue(999)]}
              min={1}
              max={999}
              step={1}
            />
            <SelectInput source="validityTypeId" label="resources.packages.fields.validityTypeId" choices={validityChoices} validate={required()} />
          </Columns>
        </Section>
        <Divider sx={{ mb: 2 }} />
        <Section title={translate('resources.packages.sections.sale')}>
          <BooleanInput source="publicVisibility" label="resources.packages.fields.publicVisibility" helperText="resources.packages.help.public" />
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
            label="resources.packages.fields.channelIds"
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
        <Divider sx={{ mb: 2 }} />
        <OfferSection original={original} />
        <Divider sx={{ mb: 2 }} />
        <OfferImageInput currentUrl={record?.urlImageOffer} onReading={setReading} validate={requiredWhen((value) => !editing && !value)} />
        {record && (
          <Stack sx={{ mt: 2 }}>
            <AuditLine record={record} />
          </Stack>
        )}
      </FormDialog>
    </ResourceContextProvider>
  );
};
