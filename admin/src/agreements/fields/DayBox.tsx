import { TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { dayToText, parseDate } from '@licencias/common/dates';

/** Digits typed become dd/MM/yyyy as they come (the slashes are added). */
const shape = (typed: string) => {
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)].filter(Boolean).join('/');
};

/** 'dd/MM/yyyy' → 'yyyy-MM-dd' when complete and real; otherwise the text as typed (the rule says 'Fecha inválida…'). */
const toValue = (text: string) => (/^\d{2}\/\d{2}\/\d{4}$/.test(text) ? (parseDate(text) ?? text) : text);

/** A day typed dd/MM/yyyy; the value is 'yyyy-MM-dd' once whole. */
export const DayBox = ({
  label,
  value,
  onChange,
  error,
  showError,
  required,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  showError?: boolean;
  required?: boolean;
  disabled?: boolean;
}) => {
  const [text, setText] = useState(() => dayToText(value));
  const [touched, setTouched] = useState(false);
  // A value set from outside (a reset rule, the saved copy) replaces what is shown.
  useEffect(() => {
    setText((current) => (toValue(current) === value ? current : dayToText(value)));
  }, [value]);
  const shown = (touched || showError) && !!error;
  return (
    <TextField
      label={label}
      value={text}
      placeholder="dd/mm/aaaa"
      onChange={(event) => {
        const next = shape(event.target.value);
        setText(next);
        onChange(toValue(next));
      }}
      onBlur={() => setTouched(true)}
      error={shown}
      helperText={shown ? error : ' '}
      required={required}
      disabled={disabled}
      size="small"
      margin="dense"
      fullWidth
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
    />
  );
};
