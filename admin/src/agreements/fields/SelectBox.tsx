import { MenuItem, TextField } from '@mui/material';
import { useState } from 'react';

export interface Choice<V extends string | number> {
  value: V;
  label: string;
}

export interface SelectBoxProps<V extends string | number> {
  label: string;
  value: V | null;
  choices: readonly Choice<V>[];
  onChange: (value: V) => void;
  error?: string;
  showError?: boolean;
  required?: boolean;
  disabled?: boolean;
}

/** A select of a step; the value is one of the choices' (numbers stay numbers). */
export function SelectBox<V extends string | number>({ label, value, choices, onChange, error, showError, required, disabled }: SelectBoxProps<V>) {
  const [touched, setTouched] = useState(false);
  const shown = (touched || showError) && !!error;
  const known = value !== null && choices.some((c) => c.value === value);
  return (
    <TextField
      select
      label={label}
      value={known ? String(value) : ''}
      onChange={(event) => {
        const choice = choices.find((c) => String(c.value) === event.target.value);
        if (choice) onChange(choice.value);
      }}
      onBlur={() => setTouched(true)}
      error={shown}
      helperText={shown ? error : ' '}
      required={required}
      disabled={disabled}
      size="small"
      margin="dense"
      fullWidth
    >
      {choices.map((choice) => (
        <MenuItem key={String(choice.value)} value={String(choice.value)}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
