import { TextField } from '@mui/material';
import { useState } from 'react';

export interface TextBoxProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  /** Show the error even before the field is left (after 'Siguiente'). */
  showError?: boolean;
  required?: boolean;
  disabled?: boolean;
  maxLength?: number;
  numeric?: boolean;
  multiline?: boolean;
  type?: string;
}

/** A text field that shows its rule's message once it has been left (or when the step asks). */
export const TextBox = ({ label, value, onChange, onBlur, error, showError, required, disabled, maxLength, numeric, multiline, type }: TextBoxProps) => {
  const [touched, setTouched] = useState(false);
  const shown = (touched || showError) && !!error;
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={() => {
        setTouched(true);
        onBlur?.();
      }}
      error={shown}
      helperText={shown ? error : ' '}
      required={required}
      disabled={disabled}
      type={type}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      size="small"
      margin="dense"
      fullWidth
      slotProps={{ htmlInput: { maxLength, inputMode: numeric ? 'numeric' : undefined } }}
    />
  );
};
