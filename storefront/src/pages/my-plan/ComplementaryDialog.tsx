import CloseIcon from '@mui/icons-material/Close';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useEffect, useId, useState } from 'react';
import { formatMoney } from '@licencias/common/format';
import { messageOf } from '../../api';
import type { StorePackage } from '../../store/catalogue';
import { useBuy } from '../../store/use-buy';

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'done'; packages: StorePackage[] };

/** Spec store §2 writes 'No hay informacion'; the accent is restored (docs/architecture.md, My Plan). */
export const NO_INFORMATION = 'No hay información';

/**
 * 'Comprar más' → 'Paquetes complementarios' (store §2 My Plan): the service's complementary
 * packages from the store's catalogue; 'Agregar' hands one to the cart and opens it.
 */
export function ComplementaryDialog({ load, onClose }: { load: () => Promise<StorePackage[]>; onClose: () => void }) {
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { buyNow, busy } = useBuy();
  const [state, setState] = useState<Load>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    load().then(
      (packages) => current && setState({ status: 'done', packages: packages.filter((p) => p.packageType.packageTypeCode === 'CMP') }),
      (error: unknown) => current && setState({ status: 'error', message: messageOf(error) }),
    );
    return () => {
      current = false;
    };
  }, [load]);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        Paquetes complementarios
      </DialogTitle>
      <IconButton aria-label="Cerrar" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        {state.status === 'loading' ? (
          <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center' }}>
            <CircularProgress size={18} />
            <Typography variant="body2">Cargando paquetes…</Typography>
          </Stack>
        ) : state.status === 'error' ? (
          <Alert severity="error">{state.message}</Alert>
        ) : state.packages.length === 0 ? (
          <Typography color="text.secondary">{NO_INFORMATION}</Typography>
        ) : (
          <Stack component="ul" spacing={0} sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {state.packages.map((pkg) => (
              <Box
                component="li"
                key={pkg.packageId}
                aria-label={pkg.packageName}
                sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
              >
                <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{pkg.packageName}</Typography>
                  {pkg.packageDescription && (
                    <Typography variant="body2" color="text.secondary">
                      {pkg.packageDescription}
                    </Typography>
                  )}
                  <Typography variant="body2" sx={{ mt: 0.5 }}>
                    {formatMoney(pkg.packagePriceWithDiscount ?? pkg.packagePrice)} IVA incluido
                  </Typography>
                </Box>
                <Button
                  variant="contained"
                  size="small"
                  startIcon={busy === pkg.packageId ? <CircularProgress size={16} color="inherit" /> : <AddShoppingCartIcon />}
                  disabled={busy !== undefined}
                  onClick={() => void buyNow(pkg).then(onClose)}
                >
                  Agregar
                </Button>
              </Box>
            ))}
          </Stack>
        )}
      </DialogContent>
    </Dialog>
  );
}
