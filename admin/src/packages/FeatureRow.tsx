import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { Avatar, Box, Checkbox, FormControlLabel, IconButton, MenuItem, Select, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { type FeatureState, typedQuantity } from './configuration';
import { type ConfigurationFeature, MAX_QUANTITY, UNLIMITED } from './types';

/**
 * The quantity of a selected feature: whole numbers 1 to 9999999. A non-numeric entry or one
 * above the maximum reverts to the previous value; an emptied box reverts when it loses focus;
 * the minus button never goes below 1. 1000000 means unlimited ('Ilimitado').
 */
const QuantityInput = ({ value, disabled, label, onChange }: { value: number; disabled: boolean; label: string; onChange: (value: number) => void }) => {
  const translate = useTranslate();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const helperId = useId();
  return (
    <Stack direction="row" sx={{ alignItems: 'center' }}>
      <IconButton
        size="small"
        aria-label={translate('resources.packages.configure.decrease', { name: label })}
        disabled={disabled || value <= 1}
        onClick={() => onChange(Math.max(1, value - 1))}
      >
        <RemoveIcon fontSize="inherit" />
      </IconButton>
      <Box>
        <TextField
          value={disabled ? String(value) : text}
          disabled={disabled}
          size="small"
          onChange={(event) => {
            const typed = event.target.value;
            if (typed === '') {
              setText('');
              return;
            }
            const next = typedQuantity(typed, value);
            setText(String(next));
            if (next !== value) onChange(next);
          }}
          onBlur={() => setText(String(value))}
          slotProps={{
            htmlInput: {
              inputMode: 'numeric',
              'aria-label': translate('resources.packages.configure.quantity', { name: label }),
              'aria-describedby': value === UNLIMITED ? helperId : undefined,
              maxLength: String(MAX_QUANTITY).length,
              style: { textAlign: 'right', width: '7ch', padding: '4px 6px' },
            },
          }}
        />
      </Box>
      <IconButton
        size="small"
        aria-label={translate('resources.packages.configure.increase', { name: label })}
        disabled={disabled || value >= MAX_QUANTITY}
        onClick={() => onChange(Math.min(MAX_QUANTITY, value + 1))}
      >
        <AddIcon fontSize="inherit" />
      </IconButton>
      {value === UNLIMITED && (
        <Typography id={helperId} variant="caption" color="success.main" sx={{ ml: 0.5 }} data-testid="unlimited-hint">
          {translate('app.catalogue.unlimited')}
        </Typography>
      )}
    </Stack>
  );
};

/** A feature of a package card: its checkbox, quantity and, for storage, the MB/GB unit. */
export const FeatureRow = ({
  feature,
  state,
  changed,
  onChange,
  onToggle,
}: {
  feature: ConfigurationFeature;
  state: FeatureState;
  changed: boolean;
  onChange: (next: FeatureState) => void;
  onToggle: (selected: boolean) => void;
}) => {
  const translate = useTranslate();
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      sx={{
        alignItems: { sm: 'center' },
        justifyContent: 'space-between',
        py: 0.5,
        px: 1,
        borderRadius: 1,
        bgcolor: changed ? 'action.selected' : undefined,
        opacity: feature.idstate === 1 ? 0.6 : 1,
      }}
      data-testid={`feature-${feature.featureId}`}
    >
      <FormControlLabel
        control={<Checkbox size="small" checked={state.selected} onChange={(event) => onToggle(event.target.checked)} />}
        label={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {(feature.urlImageFeature || feature.colorFeature) && (
              <Avatar
                src={feature.urlImageFeature ?? undefined}
                alt=""
                aria-hidden
                sx={{ width: 22, height: 22, fontSize: 12, bgcolor: feature.colorFeature ?? 'grey.400' }}
                imgProps={{ loading: 'lazy' }}
              >
                {feature.featureName.charAt(0)}
              </Avatar>
            )}
            <Box>
              <Typography variant="body2">{feature.featureName}</Typography>
              <Typography variant="caption" color="text.secondary">
                {feature.featureTypeName}
              </Typography>
            </Box>
          </Stack>
        }
        sx={{ mr: 1, flex: 1, minWidth: 0 }}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <QuantityInput
          value={state.selected ? state.quantity : 0}
          disabled={!state.selected}
          label={feature.featureName}
          onChange={(quantity) => onChange({ ...state, quantity })}
        />
        {/* Every row keeps the unit's room, so quantities line up. */}
        <Box sx={{ width: 76 }}>
          {feature.isStorage && (
            <Select
              size="small"
              value={state.storageType ?? ''}
              disabled={!state.selected}
              onChange={(event) => onChange({ ...state, storageType: event.target.value === 'GB' ? 'GB' : 'MB' })}
              inputProps={{ 'aria-label': translate('resources.packages.configure.unit', { name: feature.featureName }) }}
              sx={{ minWidth: 72, '& .MuiSelect-select': { py: '4px' } }}
            >
              <MenuItem value="MB">MB</MenuItem>
              <MenuItem value="GB">GB</MenuItem>
            </Select>
          )}
        </Box>
      </Stack>
    </Stack>
  );
};
