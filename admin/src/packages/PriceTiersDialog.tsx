import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import SaveIcon from '@mui/icons-material/Save';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  Stack,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { components } from '@licencias/common/schema';
import { formatMoney } from '@licencias/common/format';
import { api } from '../api';
import { errorMessage, fieldProblems } from '../components/errors';
import { unwrap } from '../httpErrors';
import type { Package } from './types';

type PackagePriceTiers = components['schemas']['PackagePriceTiers'];

/** A tier as typed: texts, so a half-typed number stays as the user wrote it. */
interface TierRow {
  key: number;
  quantity: string;
  price: string;
  label: string;
}

let nextKey = 0;
const row = (quantity = '', price = '', label = ''): TierRow => ({ key: ++nextKey, quantity, price, label });
const defaultLabel = (quantity: string) => `Hasta ${quantity} empleados`;

/** The editor's rows of what the server keeps (a label equal to the default is left empty). */
export function rowsOf(tiers: PackagePriceTiers['tiers']): TierRow[] {
  return tiers.map((t) => row(String(t.quantity), String(t.price), t.label === defaultLabel(String(t.quantity)) ? '' : t.label));
}

/** Per-row problems the form can see before sending: whole quantities from 1 and prices with at most 2 decimals. */
export function rowProblems(rows: TierRow[], required: string): Record<string, string> {
  const problems: Record<string, string> = {};
  rows.forEach((r, i) => {
    if (!/^\d{1,6}$/.test(r.quantity.trim()) || Number(r.quantity) < 1) problems[`tiers.${i}.quantity`] = required;
    if (!/^\d{1,15}(\.\d{1,2})?$/.test(r.price.trim())) problems[`tiers.${i}.price`] = required;
  });
  return problems;
}

/**
 * 'Escalas de precio' of an employee package (store §3 price and quantity record): employees and
 * the yearly price with IVA of each tier, with an optional text for the store's select. The
 * server checks the rules and names the tier that breaks one; the whole list is saved at once
 * with the package version it was read with.
 */
export const PriceTiersDialog = ({ pkg, onClose }: { pkg: Package; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [loaded, setLoaded] = useState<PackagePriceTiers>();
  const [rows, setRows] = useState<TierRow[]>([]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [problems, setProblems] = useState<Record<string, string>>({});

  useEffect(() => {
    const controller = new AbortController();
    unwrap(api.GET('/api/v1/packages/{id}/price-tiers', { params: { path: { id: pkg.id } }, signal: controller.signal }))
      .then((tiers) => {
        setLoaded(tiers);
        setRows(rowsOf(tiers.tiers));
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setFailure(errorMessage(error));
      });
    return () => controller.abort();
  }, [pkg.id]);

  const change = (key: number, field: 'quantity' | 'price' | 'label', value: string) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, [field]: value } : r)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!loaded) return;
    const local = rowProblems(rows, translate('resources.packages.tiers.required'));
    setProblems(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    setFailure(undefined);
    try {
      const body = {
        version: loaded.version,
        tiers: rows.map((r) => ({ quantity: Number(r.quantity), price: Number(r.price), label: r.label.trim() || null })),
      };
      const saved = await unwrap(api.PUT('/api/v1/packages/{id}/price-tiers', { params: { path: { id: pkg.id } }, body }));
      notify('resources.packages.tiers.saved', { type: 'success' });
      setLoaded(saved);
      setRows(rowsOf(saved.tiers));
      onClose();
    } catch (error) {
      const byField = Object.fromEntries(fieldProblems(error).map((p) => [p.field, p.message]));
      setProblems(byField);
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby={titleId} data-testid="price-tiers-dialog">
      <form onSubmit={(event) => void submit(event)} noValidate>
        {(busy || (!loaded && !failure)) && (
          <LinearProgress aria-label={translate('resources.packages.tiers.loading')} sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
        )}
        <DialogTitle id={titleId} sx={{ pr: 6 }}>
          {translate('resources.packages.tiers.title', { name: pkg.packageName })}
        </DialogTitle>
        <IconButton aria-label={translate('ra.action.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
        <DialogContent dividers>
          <Stack spacing={2}>
            {failure && (
              <Alert severity="error" role="alert">
                {failure}
              </Alert>
            )}
            <Typography variant="body2" color="text.secondary">
              {translate('resources.packages.tiers.help')}
            </Typography>
            {problems.tiers && (
              <Alert severity="warning" role="alert">
                {problems.tiers}
              </Alert>
            )}
            {loaded && !rows.length && <Typography color="text.secondary">{translate('resources.packages.tiers.empty')}</Typography>}
            {rows.map((r, i) => (
              <Box
                key={r.key}
                data-testid="price-tier-row"
                // Phones: employees and price side by side, the text and the remove button below.
                sx={{
                  display: 'grid',
                  gap: 1,
                  alignItems: 'start',
                  gridTemplateColumns: { xs: '1fr 1fr auto', sm: '130px 180px 1fr auto' },
                  gridTemplateAreas: { xs: '"quantity price price" "label label remove"', sm: '"quantity price label remove"' },
                  pb: { xs: 1, sm: 0 },
                  borderBottomWidth: { xs: 1, sm: 0 },
                  borderBottomStyle: 'solid',
                  borderColor: 'divider',
                }}
              >
                <TextField
                  label={translate('resources.packages.tiers.quantity')}
                  value={r.quantity}
                  onChange={(e) => change(r.key, 'quantity', e.target.value)}
                  error={!!problems[`tiers.${i}.quantity`]}
                  helperText={problems[`tiers.${i}.quantity`] ?? ' '}
                  size="small"
                  required
                  slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
                  sx={{ gridArea: 'quantity' }}
                />
                <TextField
                  label={translate('resources.packages.tiers.price')}
                  value={r.price}
                  onChange={(e) => change(r.key, 'price', e.target.value)}
                  error={!!problems[`tiers.${i}.price`]}
                  helperText={
                    problems[`tiers.${i}.price`] ??
                    (loaded?.tiers[i] && String(loaded.tiers[i].price) === r.price
                      ? translate('resources.packages.tiers.unit_price', { value: formatMoney(loaded.tiers[i].unitPrice) })
                      : ' ')
                  }
                  size="small"
                  required
                  slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 18 } }}
                  sx={{ gridArea: 'price' }}
                />
                <TextField
                  label={translate('resources.packages.tiers.label')}
                  value={r.label}
                  placeholder={translate('resources.packages.tiers.label_placeholder', { quantity: r.quantity || 'N' })}
                  onChange={(e) => change(r.key, 'label', e.target.value)}
                  error={!!problems[`tiers.${i}.label`]}
                  helperText={problems[`tiers.${i}.label`] ?? ' '}
                  size="small"
                  slotProps={{ htmlInput: { maxLength: 60 }, inputLabel: { shrink: true } }}
                  sx={{ gridArea: 'label' }}
                />
                <Box sx={{ gridArea: 'remove', pt: 0.5 }}>
                  <Tooltip title={translate('resources.packages.tiers.remove', { quantity: r.quantity })}>
                    <IconButton
                      aria-label={translate('resources.packages.tiers.remove', { quantity: r.quantity })}
                      onClick={() => setRows((all) => all.filter((x) => x.key !== r.key))}
                    >
                      <DeleteOutlineIcon />
                    </IconButton>
                  </Tooltip>
                </Box>
              </Box>
            ))}
            <Box>
              <Button startIcon={<AddIcon />} onClick={() => setRows((all) => [...all, row()])} disabled={!loaded || rows.length >= 50}>
                {translate('resources.packages.tiers.add')}
              </Button>
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!loaded || busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <SaveIcon />}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
