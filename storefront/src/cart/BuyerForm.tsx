import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { filterDocumentInput, filterPhoneInput, IDENTITY_DOCUMENT_TYPE, IDENTITY_MAX, type IdentityBuyerField } from '@licencias/common/rules';

export interface BuyerValues {
  documentType: number;
  document: string;
  email: string;
  phoneNumber: string;
  consent: boolean;
}

export const EMPTY_BUYER: BuyerValues = { documentType: IDENTITY_DOCUMENT_TYPE, document: '', email: '', phoneNumber: '', consent: false };

interface Props {
  values: BuyerValues;
  /** Problems of the fields the buyer has touched (or all, after 'Continuar'). */
  errors: Partial<Record<IdentityBuyerField, string>>;
  disabled?: boolean;
  policyUrl: string | undefined;
  onChange(values: BuyerValues): void;
  onBlur(field: IdentityBuyerField): void;
}

/**
 * The anonymous buyer of firmaya (§2, §5): Tipo de documento (CC only), Número de documento,
 * Correo electrónico, Teléfono / Celular and the data-processing consent; validated as typed.
 */
export function BuyerForm({ values, errors, disabled, policyUrl, onChange, onBlur }: Props) {
  const set = (patch: Partial<BuyerValues>) => onChange({ ...values, ...patch });
  return (
    <Box component="section" aria-labelledby="buyer-title" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <Typography id="buyer-title" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          Tus datos
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Validamos tu identidad antes de la compra y te enviamos un enlace para continuar.
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField select label="Tipo de documento" value={values.documentType} disabled={disabled} required size="small">
          <MenuItem value={IDENTITY_DOCUMENT_TYPE}>CC - Cédula de ciudadanía</MenuItem>
        </TextField>
        <TextField
          label="Número de documento"
          value={values.document}
          required
          size="small"
          disabled={disabled}
          onChange={(event) => set({ document: filterDocumentInput(IDENTITY_DOCUMENT_TYPE, event.target.value) })}
          onBlur={() => onBlur('document')}
          error={!!errors.document}
          helperText={errors.document}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: IDENTITY_MAX.document, autoComplete: 'off' } }}
        />
        <TextField
          label="Correo electrónico"
          type="email"
          value={values.email}
          required
          size="small"
          disabled={disabled}
          onChange={(event) => set({ email: event.target.value.slice(0, IDENTITY_MAX.email) })}
          onBlur={() => onBlur('email')}
          error={!!errors.email}
          helperText={errors.email}
          slotProps={{ htmlInput: { maxLength: IDENTITY_MAX.email, autoComplete: 'email' } }}
        />
        <TextField
          label="Teléfono / Celular"
          value={values.phoneNumber}
          required
          size="small"
          disabled={disabled}
          onChange={(event) => set({ phoneNumber: filterPhoneInput(event.target.value) })}
          onBlur={() => onBlur('phoneNumber')}
          error={!!errors.phoneNumber}
          helperText={errors.phoneNumber}
          slotProps={{ htmlInput: { inputMode: 'tel', maxLength: IDENTITY_MAX.phoneNumber, autoComplete: 'tel-national' } }}
        />
      </Box>
      <Box>
        <FormControlLabel
          disabled={disabled}
          control={<Checkbox checked={values.consent} onChange={(event) => set({ consent: event.target.checked })} onBlur={() => onBlur('consent')} />}
          label={
            <Typography variant="body2">
              Autorizo el tratamiento de mis datos personales según la{' '}
              {policyUrl ? (
                <Link href={policyUrl} target="_blank" rel="noopener noreferrer">
                  Política de Tratamiento de Datos Personales
                </Link>
              ) : (
                'Política de Tratamiento de Datos Personales'
              )}
              .
            </Typography>
          }
        />
        {errors.consent && <FormHelperText error>{errors.consent}</FormHelperText>}
      </Box>
    </Box>
  );
}
