import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { components } from '@licencias/common/schema';
import { useEffect, useMemo, useRef, useState } from 'react';
import { call, publicApi } from '../api';

export type Place = components['schemas']['Place'];
type Suggestion = components['schemas']['AddressSuggestion'];

/** What the field asks of the server (replaced in tests). */
export interface MapsServices {
  enabled(): Promise<boolean>;
  suggestions(q: string, session?: string): Promise<Suggestion[]>;
  place(placeId: string, session?: string): Promise<Place>;
}

let settings: Promise<boolean> | undefined;

export const mapsServices: MapsServices = {
  // Asked once per page: whether the server has a maps provider (GET /api/v1/maps/settings).
  enabled: () =>
    (settings ??= call(publicApi.GET('/api/v1/maps/settings')).then(
      (s) => s.enabled,
      () => false,
    )),
  suggestions: async (q, session) => (await call(publicApi.GET('/api/v1/maps/suggestions', { params: { query: { q, session } } }))).suggestions,
  place: (placeId, session) => call(publicApi.GET('/api/v1/maps/places/{placeId}', { params: { path: { placeId }, query: { session } } })),
};

/** Wait after the last keystroke before asking for suggestions (licences §3: debounced 200 ms). */
export const SUGGESTION_DELAY_MS = 200;
const MIN_CHARS = 3;

interface Props {
  id: string;
  label: string;
  value: string;
  disabled?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: string;
  maxLength: number;
  onChange(value: string): void;
  onBlur(): void;
  /** A suggestion was chosen: its formatted address, coordinates and DANE department/city. */
  onPlace(place: Place): void;
  services?: MapsServices;
}

/**
 * 'Dirección' (store §7, licences §3): plain text unless the server has a maps provider; then an
 * autocomplete of Colombian addresses (200 ms after the last keystroke, arrows and Enter to choose)
 * that fills the address and its coordinates. Any failure of the provider leaves the typed text.
 */
export function AddressField({
  id,
  label,
  value,
  disabled,
  required,
  error,
  helperText,
  maxLength,
  onChange,
  onBlur,
  onPlace,
  services = mapsServices,
}: Props) {
  const [enabled, setEnabled] = useState(false);
  const [options, setOptions] = useState<Suggestion[]>([]);
  const [loading, setLoading] = useState(false);
  // Groups one address's lookups at the provider; randomUUID exists only in secure contexts (https, localhost).
  const session = useMemo(() => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : undefined), []);
  const asked = useRef(0);

  useEffect(() => {
    let live = true;
    void services.enabled().then((on) => live && setEnabled(on));
    return () => {
      live = false;
    };
  }, [services]);

  const typed = (text: string) => {
    onChange(text);
    const ticket = ++asked.current;
    if (text.trim().length < MIN_CHARS) {
      setOptions([]);
      setLoading(false);
      return;
    }
    setLoading(true);
    setTimeout(() => {
      if (ticket !== asked.current) return;
      services.suggestions(text.trim().slice(0, 200), session).then(
        (found) => {
          if (ticket !== asked.current) return;
          setOptions(found);
          setLoading(false);
        },
        (failure: unknown) => {
          console.warn(failure);
          if (ticket !== asked.current) return;
          setOptions([]);
          setLoading(false);
        },
      );
    }, SUGGESTION_DELAY_MS);
  };

  const input = { autoComplete: 'off', maxLength };
  if (!enabled)
    return (
      <TextField
        id={id}
        name={id}
        label={label}
        value={value}
        required={required}
        disabled={disabled}
        size="small"
        fullWidth
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        error={error}
        helperText={helperText}
        slotProps={{ htmlInput: { ...input, autoComplete: 'street-address' } }}
      />
    );

  return (
    <Autocomplete<Suggestion, false, false, true>
      freeSolo
      id={id}
      options={options}
      filterOptions={(all) => all}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.description)}
      isOptionEqualToValue={(option, chosen) => option.placeId === chosen.placeId}
      inputValue={value}
      value={null}
      loading={loading}
      loadingText="Buscando direcciones…"
      noOptionsText="Sin sugerencias"
      disabled={disabled}
      onInputChange={(_, text, reason) => reason === 'input' && typed(text)}
      onChange={(_, chosen) => {
        if (!chosen || typeof chosen === 'string') return;
        onChange(chosen.description.slice(0, maxLength));
        setOptions([]);
        services.place(chosen.placeId, session).then(onPlace, (failure: unknown) => console.warn(failure));
      }}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            <span>
              <strong>{option.mainText}</strong>
              {option.secondaryText ? ` ${option.secondaryText}` : ''}
            </span>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          name={id}
          label={label}
          required={required}
          size="small"
          onBlur={onBlur}
          error={error}
          helperText={helperText}
          slotProps={{ htmlInput: { ...params.inputProps, ...input } }}
        />
      )}
    />
  );
}
