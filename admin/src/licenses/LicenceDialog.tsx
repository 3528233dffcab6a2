import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, IconButton, TextField, Typography } from '@mui/material';
import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import {
  Confirm,
  InputHelperText,
  ResourceContextProvider,
  SelectInput,
  TextInput,
  useGetList,
  useInput,
  useNotify,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { RANGE_TYPED_MAX_LENGTH } from '@licencias/common/rules';
import { api } from '../api';
import { Columns } from '../components/DialogSection';
import { DayInput } from '../components/DayInput';
import { FormDialog } from '../components/FormDialog';
import { unwrap } from '../httpErrors';
import {
  addLicenceBody,
  emptyRange,
  endForStart,
  type Licence,
  LICENCE_MESSAGES,
  licenceErrors,
  licenceFailure,
  licenceReady,
  licenceValues,
  type LicenceValues,
  newLicenceValues,
  setRangesBody,
  UNLIMITED_PACKAGE_CODE,
} from './licenceForm';

interface PackageChoice {
  id: number;
  packageCode: string;
  packageName: string;
}

/** The chosen package's code, which decides the BIILIMITADO fields and rules. */
const PackageCode = createContext<(values: LicenceValues) => string | undefined>(() => undefined);

/** A field's rule of the licence form, by the input's full source (ranges are 'transactionRanges.0.rangeMinimum'). */
function useRule(): Validator {
  const codeOf = useContext(PackageCode);
  return useMemo(
    () =>
      Object.assign(
        (_value: unknown, values: LicenceValues, props?: { source?: string }) =>
          props?.source ? licenceErrors(values, codeOf(values))[props.source] : undefined,
        {
          isRequired: true,
        },
      ),
    [codeOf],
  );
}

/** A range value typed as digits only, at most 8 characters (§5); anything else is not kept. */
const RangeNumber = ({ source, label, validate, decimals = false }: { source: string; label: string; validate: Validator; decimals?: boolean }) => {
  const { field, fieldState, isRequired } = useInput<number | null>({ source, validate });
  const { getValues, trigger } = useFormContext<LicenceValues>();
  const [text, setText] = useState(field.value === null || field.value === undefined ? '' : String(field.value));
  const pattern = decimals ? /^\d{0,10}(\.\d{0,2})?$/ : /^\d*$/;
  return (
    <TextField
      label={label}
      required={isRequired}
      size="small"
      value={text}
      onChange={(event) => {
        const typed = event.target.value.trim();
        if (!pattern.test(typed)) return;
        setText(typed);
        field.onChange(typed === '' ? null : Number(typed));
        // A range's rules depend on the others: the values already typed are checked again.
        const typedFields = getValues('transactionRanges').flatMap((range, index) =>
          (['rangeMinimum', 'rangeMaximum'] as const).filter((name) => range[name] !== null).map((name) => `transactionRanges.${index}.${name}` as const),
        );
        void trigger(typedFields);
      }}
      onBlur={field.onBlur}
      error={!!fieldState.error}
      helperText={<InputHelperText error={fieldState.error?.message} />}
      slotProps={{ htmlInput: { maxLength: decimals ? 13 : RANGE_TYPED_MAX_LENGTH, inputMode: decimals ? 'decimal' : 'numeric' } }}
      sx={{ minWidth: 0 }}
    />
  );
};

/** The transaction ranges: min, max and price per row; a row can be added or removed (one always stays). */
const Ranges = () => {
  const translate = useTranslate();
  const rule = useRule();
  const { fields, append, remove } = useFieldArray<LicenceValues, 'transactionRanges'>({ name: 'transactionRanges' });
  const field = (name: string) => translate(`resources.licences.fields.${name}`);
  return (
    <Box component="section" aria-label={field('transactionRanges')}>
      <Typography variant="subtitle2" component="h3" color="primary" sx={{ mb: 1 }}>
        {field('transactionRanges')}
      </Typography>
      {fields.map((item, index) => (
        <Box
          key={item.id}
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 1fr auto' }, columnGap: 1, alignItems: 'start' }}
          data-testid="licence-range"
        >
          <RangeNumber source={`transactionRanges.${index}.rangeMinimum`} label={field('rangeMinimum')} validate={rule} />
          <RangeNumber source={`transactionRanges.${index}.rangeMaximum`} label={field('rangeMaximum')} validate={rule} />
          <RangeNumber source={`transactionRanges.${index}.rangePrice`} label={field('rangePrice')} validate={rule} decimals />
          <IconButton
            aria-label={`${translate('resources.licences.actions.remove_range')} ${index + 1}`}
            disabled={fields.length === 1}
            onClick={() => remove(index)}
            sx={{ mt: 0.5 }}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
      <Button size="small" startIcon={<AddIcon />} onClick={() => append(emptyRange())}>
        {translate('resources.licences.actions.add_range')}
      </Button>
    </Box>
  );
};

/** Another service clears the package; another start date moves the end to the following day (§4). */
const DependentFields = ({ onService }: { onService: (serviceId: number | null) => void }) => {
  const { setValue } = useFormContext<LicenceValues>();
  const [serviceId, startDate] = useWatch<LicenceValues, ['serviceId', 'startDate']>({ name: ['serviceId', 'startDate'] });
  const shown = useRef({ serviceId, startDate });
  useEffect(() => {
    if (shown.current.serviceId !== serviceId) setValue('packageId', null, { shouldDirty: true });
    if (shown.current.startDate !== startDate && /^\d{4}-\d{2}-\d{2}$/.test(startDate ?? ''))
      setValue('finalDate', endForStart(startDate), { shouldDirty: true });
    shown.current = { serviceId, startDate };
    onService(serviceId);
  }, [serviceId, startDate, setValue, onService]);
  return null;
};

const LicenceFields = ({ locked, packages, onService }: { locked: boolean; packages: PackageChoice[]; onService: (serviceId: number | null) => void }) => {
  const rule = useRule();
  const codeOf = useContext(PackageCode);
  const values = useWatch<LicenceValues>() as LicenceValues;
  const { data: services = [] } = useGetList<{ id: number; serviceName: string }>('services', { pagination: { page: 1, perPage: 200 } });
  const unlimited = codeOf(values) === UNLIMITED_PACKAGE_CODE;
  return (
    <>
      {!locked && <DependentFields onService={onService} />}
      <Columns>
        <SelectInput source="serviceId" choices={services} optionText="serviceName" validate={rule} disabled={locked} />
        <SelectInput source="packageId" choices={packages} optionText="packageName" validate={rule} disabled={locked || !values.serviceId} />
      </Columns>
      {unlimited && (
        <Columns>
          <TextInput source="contractNumber" validate={rule} disabled={locked} slotProps={{ htmlInput: { maxLength: 100 } }} />
          <span />
          {locked ? (
            <>
              <TextInput source="startDate" disabled format={(day: string) => day.split('-').reverse().join('/')} />
              <TextInput source="finalDate" disabled format={(day: string) => day.split('-').reverse().join('/')} />
            </>
          ) : (
            <>
              <DayInput source="startDate" validate={rule} />
              <DayInput source="finalDate" validate={rule} min={values.startDate} />
            </>
          )}
        </Columns>
      )}
      <Ranges />
    </>
  );
};

/**
 * 'Añadir licencia' and 'Editar Licencia' (licences-and-agreements §2, §4, §5, §8). Adding takes
 * service, package, ranges and, for BIILIMITADO, contract number and dates; editing locks all but
 * the ranges. Saving is enabled only when the form is complete; cancelling asks first (NO / SI).
 */
export const LicenceDialog = ({
  customerId,
  licence,
  onClose,
  onSaved,
}: {
  customerId: number;
  licence?: Licence;
  onClose: () => void;
  onSaved: (kind: 'add' | 'update') => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string>();
  const record = useMemo(() => (licence ? licenceValues(licence) : newLicenceValues()), [licence]);
  const [serviceId, setServiceId] = useState(record.serviceId);
  const { data: packages = [] } = useGetList<PackageChoice>(
    'packages',
    { filter: { serviceId: serviceId ?? 0 }, pagination: { page: 1, perPage: 200 } },
    { enabled: !!serviceId },
  );
  const shownPackages = useMemo(() => {
    if (!licence || packages.some((p) => p.id === licence.packageId)) return packages;
    return [
      ...packages,
      { id: licence.packageId ?? 0, packageCode: licence.packageSnapshot.packageCode ?? '', packageName: licence.packageSnapshot.packageName ?? '' },
    ];
  }, [licence, packages]);
  const codeOf = useMemo(() => {
    const codes = new Map(shownPackages.map((p) => [p.id, p.packageCode]));
    return (values: LicenceValues) => (values.packageId ? codes.get(values.packageId) : undefined);
  }, [shownPackages]);

  const submit = async (values: LicenceValues) => {
    setFailure(undefined);
    const kind = licence ? 'update' : 'add';
    try {
      if (licence) await unwrap(api.POST('/license/api/license/SetLicenseTransactionRange', { body: setRangesBody(licence.id, values) }));
      else await unwrap(api.POST('/license/api/purchaseOrderLicense/AddNewCustomerLicense', { body: addLicenceBody(customerId, values, codeOf(values)) }));
    } catch (error) {
      const { message, warning } = licenceFailure(error, kind);
      setFailure(message);
      notify(message, { type: warning ? 'warning' : 'error' });
      return {};
    }
    notify(`${LICENCE_MESSAGES.successTitle} ${licence ? LICENCE_MESSAGES.updated : LICENCE_MESSAGES.added}`, { type: 'success' });
    onSaved(kind);
    return undefined;
  };

  return (
    <ResourceContextProvider value="licences">
      <PackageCode value={codeOf}>
        <FormDialog<LicenceValues>
          open
          title={translate(licence ? 'resources.licences.dialog.edit' : 'resources.licences.dialog.create')}
          record={record}
          onClose={() => setAsking(true)}
          onSubmit={submit}
          failure={failure}
          ready={(values) => licenceReady(values, codeOf(values))}
          saveLabel={licence ? 'resources.licences.actions.update' : 'resources.licences.actions.add'}
          testId="licence-dialog"
        >
          <LicenceFields locked={!!licence} packages={shownPackages} onService={setServiceId} />
        </FormDialog>
        <Confirm
          isOpen={asking}
          title={translate(licence ? 'resources.licences.dialog.edit' : 'resources.licences.dialog.create')}
          content={licence ? LICENCE_MESSAGES.cancelEdit : LICENCE_MESSAGES.cancelCreate}
          cancel="NO"
          confirm="SI"
          onClose={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            onClose();
          }}
        />
      </PackageCode>
    </ResourceContextProvider>
  );
};
