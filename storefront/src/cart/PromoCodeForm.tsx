import LocalOffer from '@mui/icons-material/LocalOfferOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify } from '../notifications/notifications-context';
import type { UseCart } from './cart-context';

/** Longest promotion code (§5, §9). */
export const PROMO_CODE_MAX = 20;

/**
 * The promotion code form (§2, §5): required, at most 20 characters, 'Aplicar' disabled while
 * empty; the note that the discount applies before IVA; the applied code with 'Quitar'.
 */
export function PromoCodeForm({ cart }: { cart: Pick<UseCart, 'promo' | 'promoBusy' | 'applyPromo' | 'removePromo'> }) {
  const notify = useNotify();
  const [code, setCode] = useState('');
  const empty = code.trim() === '';

  const apply = async () => {
    const outcome = await cart.applyPromo(code);
    if (outcome.ok) {
      setCode('');
      notify({ severity: 'success', message: outcome.message ?? 'El código promocional ha sido aplicado a su compra.' });
    } else notify({ severity: 'warning', message: outcome.message });
  };

  return (
    <Box component="section" aria-label="Código promocional" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {cart.promo ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2">Código aplicado:</Typography>
          <Chip color="success" icon={<LocalOffer />} label={cart.promo.code} />
          <Button size="small" onClick={() => cart.removePromo()} aria-label={`Quitar el código ${cart.promo.code}`}>
            Quitar
          </Button>
        </Box>
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!empty && !cart.promoBusy) void apply();
          }}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
        >
          <TextField
            size="small"
            label="Código promocional"
            value={code}
            required
            onChange={(event) => setCode(event.target.value.slice(0, PROMO_CODE_MAX))}
            slotProps={{ htmlInput: { maxLength: PROMO_CODE_MAX, autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false } }}
            sx={{ flex: 1, minWidth: 0 }}
          />
          <Button
            type="submit"
            variant="outlined"
            disabled={empty || cart.promoBusy}
            startIcon={cart.promoBusy ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
            sx={{ flexShrink: 0, height: 40 }}
          >
            Aplicar
          </Button>
        </Box>
      )}
      <Typography variant="caption" color="text.secondary">
        El valor del descuento aplica antes de IVA.
      </Typography>
    </Box>
  );
}
