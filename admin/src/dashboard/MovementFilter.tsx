import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, Stack } from '@mui/material';
import { Form, ResourceContextProvider, useTranslate } from 'react-admin';
import { useEffect } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { bogotaToday } from '@licencias/common/dates';
import { movementDay, movementRangeProblems, MOVEMENT_MIN_DAY } from '@licencias/common/rules';
import { DayInput } from '../components/DayInput';
import type { DashboardCustomer } from './customer';
import type { DayRange, MovementSource } from './dashboardApi';
import { MovementExportButton } from './MovementExportButton';

interface FilterValues {
  startDate: string;
  endDate: string;
}

/** The filter's range when both dates pass the rules of §5 (the shared ones), else undefined. */
export function validRange(values: Partial<FilterValues>, today: string): DayRange | undefined {
  if (Object.keys(movementRangeProblems({ startDate: values.startDate, endDate: values.endDate }, today)).length) return undefined;
  const startDate = movementDay(values.startDate);
  const endDate = movementDay(values.endDate);
  return startDate && endDate ? { startDate, endDate } : undefined;
}

/**
 * Each date's rules read the other one (the until day not before the from day): a change of
 * either checks both, where react-hook-form would only check the field typed in.
 */
const CheckBoth = () => {
  const { trigger, formState } = useFormContext<FilterValues>();
  const [startDate, endDate] = useWatch<FilterValues, ['startDate', 'endDate']>({ name: ['startDate', 'endDate'] });
  const { isDirty } = formState;
  useEffect(() => {
    if (isDirty) void trigger();
  }, [startDate, endDate, isDirty, trigger]);
  return null;
};

/** 'Buscar' and 'Excel' (when the user may export): both follow the dates as they are typed. */
const Actions = ({ customer, source, canExport }: { customer: DashboardCustomer; source: MovementSource; canExport: boolean }) => {
  const translate = useTranslate();
  const values = useWatch<FilterValues>();
  // Subscribes to the validity (react-hook-form computes it only for a form that reads it).
  const { isValid } = useFormState<FilterValues>();
  const range = isValid ? validRange(values, bogotaToday()) : undefined;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', pt: { sm: 1 } }}>
      <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
        {translate('resources.dashboard.movements.search')}
      </Button>
      {canExport && <MovementExportButton customer={customer} source={source} range={range} />}
    </Stack>
  );
};

/**
 * 'Desde' and 'Hasta' with 'Buscar' and 'Excel' (§2.6, §5): the shared rules of the movement
 * filter answer as the dates are typed; 'Buscar' reads the range, 'Excel' downloads it and is
 * disabled while a date is invalid.
 */
export const MovementFilter = ({
  initial,
  customer,
  source,
  canExport,
  onSearch,
}: {
  initial: DayRange;
  customer: DashboardCustomer;
  source: MovementSource;
  canExport: boolean;
  onSearch: (range: DayRange) => void;
}) => (
  <ResourceContextProvider value="dashboard">
    <Form
      defaultValues={initial}
      mode="onChange"
      validate={(values: Partial<FilterValues>) => movementRangeProblems({ startDate: values.startDate, endDate: values.endDate }, bogotaToday())}
      onSubmit={(values: Partial<FilterValues>) => {
        const range = validRange(values, bogotaToday());
        if (range) onSearch(range);
      }}
      noValidate
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ alignItems: { sm: 'flex-start' } }} data-testid="movement-filter">
        <Box sx={{ width: { sm: 200 } }}>
          <DayInput source="startDate" min={MOVEMENT_MIN_DAY} />
        </Box>
        <Box sx={{ width: { sm: 200 } }}>
          <DayInput source="endDate" min={MOVEMENT_MIN_DAY} />
        </Box>
        <Actions customer={customer} source={source} canExport={canExport} />
      </Stack>
      <CheckBoth />
    </Form>
  </ResourceContextProvider>
);
