import Add from '@mui/icons-material/Add';
import Remove from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@licencias/common/format';
import { useEffect, useState } from 'react';
import { isFree } from './package';
import { clampQuantity, MIN_QUANTITY } from './rules';
import type { CartItem, PriceTier } from './types';

interface Props {
  item: CartItem;
  max: number;
  tiers: PriceTier[] | undefined;
  disabled?: boolean;
  onIncrement(): void;
  onDecrement(): void;
  onSet(quantity: number): void;
  onEmployees(employees: number): void;
}

const tierLabel = (tier: PriceTier | undefined) => (tier ? tier.label || `Hasta ${tier.quantity} empleados` : '');

/**
 * A line's quantity (§4, §5): − and + one unit at a time, or typed (min 1, max the limit, step 1);
 * an employee package's select of tiers; a free package fixed at 1.
 */
export function QuantityControl({ item, max, tiers, disabled, onIncrement, onDecrement, onSet, onEmployees }: Props) {
  const [text, setText] = useState(String(item.number));
  useEffect(() => setText(String(item.number)), [item.number]);
  const label = `Cantidad de ${item.packageName}`;

  if (item.isEmployee && tiers?.length) {
    return (
      <TextField
        select
        size="small"
        label="Empleados"
        value={item.number}
        disabled={disabled}
        onChange={(event) => onEmployees(Number(event.target.value))}
        slotProps={{
          htmlInput: { 'aria-label': `Empleados de ${item.packageName}` },
          // The field shows the tier only (the line shows its price), so the table fits the dialog.
          select: { renderValue: (value) => tierLabel(tiers.find((tier) => tier.quantity === value)) },
        }}
        sx={{ minWidth: 170 }}
      >
        {tiers.map((tier) => (
          <MenuItem key={tier.quantity} value={tier.quantity}>
            {tierLabel(tier)} · {formatMoney(tier.valueWithDiscount ?? tier.value)}
          </MenuItem>
        ))}
      </TextField>
    );
  }

  if (isFree(item)) {
    return (
      <Tooltip title="Un paquete gratuito se adquiere una sola vez">
        <Typography component="span" aria-label={`${label}: 1`} sx={{ px: 2, fontWeight: 600 }}>
          1
        </Typography>
      </Tooltip>
    );
  }

  const commit = () => {
    const next = clampQuantity(Number(text), max);
    setText(String(next));
    if (next !== item.number) onSet(next);
  };

  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <IconButton size="small" aria-label={`Quitar una unidad de ${item.packageName}`} onClick={onDecrement} disabled={disabled || item.number <= MIN_QUANTITY}>
        <Remove fontSize="small" />
      </IconButton>
      <TextField
        size="small"
        type="number"
        value={text}
        disabled={disabled}
        onChange={(event) => setText(event.target.value.replace(/\D/g, '').slice(0, String(max).length))}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
        slotProps={{ htmlInput: { 'aria-label': label, inputMode: 'numeric', min: MIN_QUANTITY, max, step: 1 } }}
        sx={{
          '& input': { textAlign: 'center', width: '3.2em', py: 0.75, px: 0.5, MozAppearance: 'textfield' },
          '& input::-webkit-outer-spin-button, & input::-webkit-inner-spin-button': { WebkitAppearance: 'none', m: 0 },
        }}
      />
      <IconButton size="small" aria-label={`Agregar una unidad de ${item.packageName}`} onClick={onIncrement} disabled={disabled || item.number >= max}>
        <Add fontSize="small" />
      </IconButton>
    </Box>
  );
}
