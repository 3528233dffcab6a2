import { Box, Divider, Typography } from '@mui/material';
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';
import {
  AutocompleteArrayInput,
  BooleanInput,
  maxLength,
  NumberInput,
  RadioButtonGroupInput,
  ReferenceArrayInput,
  required,
  ResourceContextProvider,
  SelectInput,
  TextInput,
  useGetList,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { DayInput } from '../components/DayInput';
import { bogotaToday } from '@licencias/common/dates';
import { FormDialog } from '../components/FormDialog';
import { useCatalogueDialog } from '../components/useCatalogueDialog';
import { AuditLine } from '../components/userNames';
import {
  createPromoPayload,
  FULL_DISCOUNT_TYPES,
  LIMITS,
  monthlyAllowed,
  newPromoValues,
  promoErrors,
  type PromoFormValues,
  promoValues,
  stripSpaces,
  updatePromoPayload,
} from './promoForm';
import type { PackageOption, PromoCode, PromoUserType } from './types';

const FIELDS: readonly (keyof PromoFormValues)[] = [
  'promotionCode',
  'descriptionPromotionCode',
  'useQuantity',
  'typeUserId',
  'offerTypeCode',
  'offerValue',
  'effectiveStartDate',
  'expirationDate',
  'periodicityType',
  'periodicityQuantity',
  'endPeriodicityDate',
  'applyTotalPurchase',
  'packageIds',
];

const Columns = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, alignItems: 'start' }}>{children}</Box>
);

/** The code being edited, as the dialog first showed it (dates that did not change may be past). */
const OriginalContext = createContext<PromoFormValues | undefined>(undefined);

/** A field's rule of promoErrors, as an input validator (with the required asterisk when asked). */
function useRule(field: keyof PromoFormValues, isRequired = false): Validator {
  const original = useContext(OriginalContext);
  return useMemo(() => {
    const validator = (_value: unknown, values: PromoFormValues) => promoErrors(values, original)[field];
    return isRequired ? Object.assign(validator, { isRequired: true }) : validator;
  }, [original, field, isRequired]);
}

/**
 * The dependent rules of the dialog, applied as the user changes fields: 'Uso único' fixes the
 * quantity at 1; user types 2 and 3 force PTJ 100; a validity span over 30 days resets the
 * repetition to never; applying to the whole purchase clears the packages.
 */
const DependentFields = () => {
  const { setValue, getValues } = useFormContext<PromoFormValues>();
  const [singleUse, typeUserId, start, end, periodicityType, applyTotalPurchase] = useWatch<
    PromoFormValues,
    ['singleUse', 'typeUserId', 'effectiveStartDate', 'expirationDate', 'periodicityType', 'applyTotalPurchase']
  >({ name: ['singleUse', 'typeUserId', 'effectiveStartDate', 'expirationDate', 'periodicityType', 'applyTotalPurchase'] });
  useEffect(() => {
    if (singleUse && getValues('useQuantity') !== 1) setValue('useQuantity', 1, { shouldDirty: true, shouldValidate: true });
  }, [singleUse, getValues, setValue]);
  useEffect(() => {
    if (typeUserId !== null && FULL_DISCOUNT_TYPES.includes(typeUserId)) {
      if (getValues('offerTypeCode') !== 'PTJ') setValue('offerTypeCode', 'PTJ', { shouldDirty: true });
      if (getValues('offerValue') !== 100) setValue('offerValue', 100, { shouldDirty: true, shouldValidate: true });
    }
  }, [typeUserId, getValues, setValue]);
  useEffect(() => {
    if (periodicityType === 'MONTHLY' && !monthlyAllowed({ effectiveStartDate: start, expirationDate: end })) {
      setValue('periodicityType', 'NEVER', { shouldDirty: true });
    }
  }, [start, end, periodicityType, setValue]);
  useEffect(() => {
    if (applyTotalPurchase && getValues('packageIds').length) setValue('packageIds', [], { shouldDirty: true, shouldValidate: true });
  }, [applyTotalPurchase, getValues, setValue]);
  return null;
};

const Offer = ({ fullDiscountTypes }: { fullDiscountTypes: readonly number[] }) => {
  const translate = useTranslate();
  const [typeUserId, offerTypeCode] = useWatch<PromoFormValues, ['typeUserId', 'offerTypeCode']>({ name: ['typeUserId', 'offerTypeCode'] });
  const locked = typeUserId !== null && fullDiscountTypes.includes(typeUserId);
  const valueRule = useRule('offerValue', true);
  return (
    <Columns>
      <RadioButtonGroupInput
        source="offerTypeCode"
        choices={[
          { id: 'PTJ', name: 'resources.promo-codes.offer_types.PTJ' },
          { id: 'VLR', name: 'resources.promo-codes.offer_types.VLR' },
        ]}
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
  );
};

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

const Packages = () => {
  const applyTotalPurchase = useWatch<PromoFormValues, 'applyTotalPurchase'>({ name: 'applyTotalPurchase' });
  const packagesRule = useRule('packageIds', true);
  return (
    <>
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
    </>
  );
};

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

/**
 * 'Crear' / 'Editar código promocional': every rule of the spec checked as the server checks it.
 * The code cannot change when editing; an edit is sent only when a field changed, with the
 * version read.
 */
export const PromoCodeDialog = ({ record, onClose }: { record?: PromoCode; onClose: () => void }) => {
  const translate = useTranslate();
  const { data: userTypes = [], isPending: userTypesPending } = useGetList<PromoUserType>(
    'promo-user-types',
    { pagination: { page: 1, perPage: 100 } },
    { staleTime: 300_000 },
  );
  const fullDiscountTypes = useMemo(() => {
    const fromLookup = userTypes.filter((type) => type.fullDiscount).map((type) => type.id);
    return fromLookup.length ? fromLookup : FULL_DISCOUNT_TYPES;
  }, [userTypes]);
  const original = useMemo(() => (record ? promoValues(record) : undefined), [record]);
  const initial = useMemo(() => original ?? newPromoValues(), [original]);
  const descriptionRule = useMemo<Validator>(
    () => (_value: unknown, values: PromoFormValues) => promoErrors(values, original).descriptionPromotionCode,
    [original],
  );
  const { submit, failure } = useCatalogueDialog<PromoFormValues>({
    resource: 'promo-codes',
    record,
    onClose,
    alsoRefresh: ['package-links'],
    fields: FIELDS,
    payload: (values) => (record ? updatePromoPayload(values, record) : createPromoPayload(values)),
    success: record ? 'resources.promo-codes.messages.edited' : 'resources.promo-codes.messages.saved',
    failure: (values) =>
      translate(record ? 'resources.promo-codes.messages.not_edited' : 'resources.promo-codes.messages.not_saved', {
        code: record ? record.promotionCode : stripSpaces(values.promotionCode),
      }),
  });

  return (
    <ResourceContextProvider value="promo-codes">
      <OriginalContext value={original}>
        <FormDialog<PromoFormValues>
          open
          title={translate(record ? 'resources.promo-codes.dialog.edit' : 'resources.promo-codes.dialog.create')}
          record={initial}
          onClose={onClose}
          onSubmit={submit}
          failure={failure}
          maxWidth="md"
          testId="promo-code-dialog"
        >
          <DependentFields />
          <Columns>
            <TextInput
              source="promotionCode"
              parse={stripSpaces}
              validate={[required(), maxLength(LIMITS.code)]}
              disabled={!!record}
              slotProps={{ htmlInput: { maxLength: LIMITS.code } }}
              autoFocus={!record}
            />
            <SelectInput source="typeUserId" choices={userTypes} isPending={userTypesPending} optionText="typeUser" validate={required()} />
          </Columns>
          <TextInput
            source="descriptionPromotionCode"
            validate={[required(), maxLength(LIMITS.description), descriptionRule]}
            slotProps={{ htmlInput: { maxLength: LIMITS.description } }}
            multiline
            minRows={2}
            fullWidth
            autoFocus={!!record}
          />
          <UseQuantity />
          <Divider sx={{ my: 1 }} />
          <Typography variant="subtitle2" component="h3" color="primary" sx={{ mb: 1 }}>
            {translate('resources.promo-codes.sections.discount')}
          </Typography>
          <Offer fullDiscountTypes={fullDiscountTypes} />
          <Divider sx={{ my: 1 }} />
          <Typography variant="subtitle2" component="h3" color="primary" sx={{ mb: 1 }}>
            {translate('resources.promo-codes.sections.validity')}
          </Typography>
          <Validity />
          <Repetition />
          <Divider sx={{ my: 1 }} />
          <Typography variant="subtitle2" component="h3" color="primary" sx={{ mb: 1 }}>
            {translate('resources.promo-codes.sections.applies_to')}
          </Typography>
          <Packages />
          {record && <AuditLine record={record} />}
        </FormDialog>
      </OriginalContext>
    </ResourceContextProvider>
  );
};
