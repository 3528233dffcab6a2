import { maxLength, required as requiredRule, TextInput, type TextInputProps, type Validator } from 'react-admin';

/**
 * A text input of at most `max` characters: the browser stops typing there and the same limit is
 * a rule (for pasted or stored values), after 'required' when `required`, before the `validate`
 * rules of the field.
 */
export const LimitedTextInput = ({
  max,
  required = false,
  validate = [],
  slotProps,
  ...props
}: Omit<TextInputProps, 'validate' | 'required'> & { max: number; required?: boolean; validate?: Validator[] }) => (
  <TextInput
    {...props}
    validate={[...(required ? [requiredRule()] : []), maxLength(max), ...validate]}
    slotProps={{ ...slotProps, htmlInput: { ...slotProps?.htmlInput, maxLength: max } }}
  />
);
