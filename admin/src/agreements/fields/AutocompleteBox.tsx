import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

export interface NamedOption {
  id: number;
  name: string;
}

/** Departamento and Ciudad: 'No hay registros' when nothing matches. */
export const AutocompleteBox = ({
  label,
  value,
  options,
  onChange,
  error,
  showError,
  required,
  disabled,
}: {
  label: string;
  value: number | null;
  options: readonly NamedOption[];
  onChange: (value: number | null) => void;
  error?: string;
  showError?: boolean;
  required?: boolean;
  disabled?: boolean;
}) => {
  const translate = useTranslate();
  const [touched, setTouched] = useState(false);
  const shown = (touched || showError) && !!error;
  const selected = options.find((o) => o.id === value) ?? null;
  return (
    <Autocomplete
      options={options}
      value={selected}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, other) => option.id === other.id}
      onChange={(_event, option) => onChange(option?.id ?? null)}
      onBlur={() => setTouched(true)}
      noOptionsText={translate('resources.customers.no_options')}
      disabled={disabled}
      size="small"
      renderInput={(params) => <TextField {...params} label={label} required={required} error={shown} helperText={shown ? error : ' '} margin="dense" />}
    />
  );
};
