import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useBrand } from '../brand/brand-context';

interface Props {
  checked: boolean;
  disabled: boolean;
  /** The rule's message under the box, once the buyer touched it or tried to send. */
  error?: string;
  onChange(checked: boolean): void;
}

/**
 * 'Acepto la Política de Tratamiento de Datos Personales y los Términos y Condiciones.' of the
 * purchase form and the free trial (store §2, §4): the brand's policy (or the parameters' one; plain
 * text when neither names it) and terms open in a new tab; the box is `legalTermsCheck`.
 */
export function LegalTermsCheck({ checked, disabled, error, onChange }: Props) {
  const { brand, parameters } = useBrand();
  const policy = brand.appInfo.urlPersonalDataTreatmentPolicy || parameters.urlsFromBack.urlPersonalDataTreatmentPolicy;
  return (
    <Box>
      <FormControlLabel
        control={<Checkbox id="legalTermsCheck" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />}
        label={
          <Typography variant="body2">
            Acepto la{' '}
            {policy ? (
              <Link href={policy} target="_blank" rel="noopener noreferrer">
                Política de Tratamiento de Datos Personales
              </Link>
            ) : (
              'Política de Tratamiento de Datos Personales'
            )}{' '}
            y los{' '}
            <Link href={brand.appInfo.urlTermsAndConditions} target="_blank" rel="noopener noreferrer">
              Términos y Condiciones
            </Link>
            .
          </Typography>
        }
      />
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
