import { Box, Checkbox, FormControlLabel, FormHelperText, Slider, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { WEEKDAY_NAMES, WEEKDAYS } from '@licencias/common/rules';
import { FieldGrid } from './fields/Grid';
import { SelectBox } from './fields/SelectBox';
import type { ContractParameters } from './types';
import type { alertErrors } from './validation';
import type { AlertValues } from './values';

const MARKS = [
  { value: 0, label: '0%' },
  { value: 100, label: '100%' },
];

/** 'Periodicidad de alertas': consumption alert (1 to 100), delivery time, frequency, weekdays for weekly. */
export const AlertsStep = ({
  values,
  onChange,
  errors,
  parameters,
}: {
  values: AlertValues;
  onChange: <K extends keyof AlertValues>(field: K, value: AlertValues[K]) => void;
  errors: ReturnType<typeof alertErrors>;
  parameters: ContractParameters | undefined;
}) => {
  const translate = useTranslate();
  const label = (field: string) => translate(`resources.agreements.fields.${field}`);
  const frequencies = parameters?.alertPeriodicity.length
    ? parameters.alertPeriodicity.filter((p) => p.value === 'D' || p.value === 'S').map((p) => ({ value: p.value as 'D' | 'S', label: p.text }))
    : (['D', 'S'] as const).map((value) => ({ value, label: translate(`resources.agreements.frequencies.${value}`) }));
  return (
    <Stack spacing={2}>
      <Box sx={{ px: 1, maxWidth: 560 }}>
        <Typography id="alert-slider-label" gutterBottom>
          {label('consumptionPercentageAlert')}: {values.consumptionPercentageAlert}%
        </Typography>
        <Slider
          aria-labelledby="alert-slider-label"
          value={values.consumptionPercentageAlert}
          onChange={(_event, value) => onChange('consumptionPercentageAlert', Math.max(1, Array.isArray(value) ? (value[0] ?? 1) : value))}
          min={0}
          max={100}
          marks={MARKS}
          valueLabelDisplay="auto"
        />
      </Box>
      <FieldGrid>
        <TextField
          type="time"
          label={label('deliveryTime')}
          value={values.deliveryTime}
          onChange={(event) => onChange('deliveryTime', event.target.value)}
          error={!!errors.deliveryTime}
          helperText={errors.deliveryTime ?? ' '}
          required
          size="small"
          margin="dense"
          fullWidth
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <SelectBox
          label={label('deliveryFrequency')}
          value={values.deliveryFrequency}
          choices={frequencies}
          onChange={(value) => onChange('deliveryFrequency', value)}
          required
          showError
          error={errors.deliveryFrequency}
        />
      </FieldGrid>
      {values.deliveryFrequency === 'S' && (
        <Box role="group" aria-label={translate('resources.agreements.weekdays')}>
          <Typography variant="subtitle2">{translate('resources.agreements.weekdays')}</Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
            {WEEKDAYS.map((day) => (
              <FormControlLabel
                key={day}
                control={<Checkbox checked={values[day]} onChange={(event) => onChange(day, event.target.checked)} />}
                label={WEEKDAY_NAMES[day]}
              />
            ))}
          </Stack>
          {errors.days && <FormHelperText error>{errors.days}</FormHelperText>}
        </Box>
      )}
    </Stack>
  );
};
