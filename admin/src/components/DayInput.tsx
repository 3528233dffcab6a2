import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { FieldTitle, InputHelperText, useInput, useResourceContext, useTranslate, type Validator } from 'react-admin';
import { dayToText, parseDate } from '@licencias/common/dates';

/** Digits typed become dd/MM/yyyy as they come (the slashes are added). */
const shape = (typed: string) => {
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)].filter(Boolean).join('/');
};

/** 'dd/MM/yyyy' → 'yyyy-MM-dd' when it is a real day (the typed text is always fully shaped). */
const toDay = (text: string) => (/^\d{2}\/\d{2}\/\d{4}$/.test(text) ? parseDate(text) : undefined);

/**
 * A day typed as dd/MM/yyyy (the format of every date of the back office, whatever the browser's
 * language) or picked in the browser's calendar. The form holds 'yyyy-MM-dd' (a Bogotá day);
 * an incomplete or impossible text stays as typed, so the field's rules answer 'Fecha no válida'.
 * `min` greys out earlier days in the calendar.
 */
export const DayInput = ({ source, validate, min, helperText }: { source: string; validate?: Validator | Validator[]; min?: string; helperText?: string }) => {
  const translate = useTranslate();
  const resource = useResourceContext();
  const picker = useRef<HTMLInputElement>(null);
  const { field, fieldState, isRequired, id } = useInput<string>({ source, validate });
  const [text, setText] = useState(() => dayToText(field.value));

  // A value set by the form (reset, a dependent rule) replaces what is shown.
  useEffect(() => {
    setText((current) => ((toDay(current) ?? current) === field.value ? current : dayToText(field.value)));
  }, [field.value]);

  const change = (next: string) => {
    setText(next);
    field.onChange(toDay(next) ?? next);
  };

  return (
    <TextField
      id={id}
      name={field.name}
      inputRef={field.ref}
      value={text}
      onChange={(event) => change(shape(event.target.value))}
      onBlur={field.onBlur}
      label={<FieldTitle source={source} resource={resource} isRequired={isRequired} />}
      placeholder="dd/mm/aaaa"
      error={fieldState.invalid}
      helperText={<InputHelperText error={fieldState.error?.message} helperText={helperText} />}
      size="small"
      fullWidth
      margin="dense"
      slotProps={{
        htmlInput: { inputMode: 'numeric', maxLength: 10 },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton size="small" edge="end" aria-label={translate('app.catalogue.open_calendar')} onClick={() => picker.current?.showPicker()}>
                <CalendarMonthIcon fontSize="small" />
              </IconButton>
              <input
                ref={picker}
                type="date"
                tabIndex={-1}
                aria-hidden
                min={min}
                value={toDay(text) ?? ''}
                onChange={(event) => change(dayToText(event.target.value))}
                style={{ position: 'absolute', right: 0, bottom: 0, width: 1, height: 1, opacity: 0, pointerEvents: 'none', border: 0, padding: 0 }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
};
