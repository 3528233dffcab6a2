import { InputAdornment, TextField } from '@mui/material';
import { FieldTitle, InputHelperText, useInput, useTranslate, type Validator } from 'react-admin';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The colour of a feature: free text (50 at most) with a colour picker beside it. */
export const ColourInput = ({ source, validate, maxLength }: { source: string; validate?: Validator[]; maxLength: number }) => {
  const translate = useTranslate();
  const { field, fieldState, isRequired, id } = useInput<string>({ source, validate });
  const value = field.value ?? '';
  return (
    <TextField
      id={id}
      {...field}
      value={value}
      label={<FieldTitle source={source} resource="service-features" isRequired={isRequired} />}
      error={fieldState.invalid}
      helperText={<InputHelperText error={fieldState.error?.message} helperText="resources.service-features.help.colour" />}
      size="small"
      fullWidth
      margin="dense"
      slotProps={{
        htmlInput: { maxLength },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <input
                type="color"
                aria-label={translate('resources.service-features.help.pick_colour')}
                value={HEX.test(value) ? value : '#000000'}
                onChange={(event) => field.onChange(event.target.value)}
                style={{ width: 36, height: 28, border: 0, padding: 0, background: 'none', cursor: 'pointer' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
};
