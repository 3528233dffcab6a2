import CloseIcon from '@mui/icons-material/Close';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LinkIcon from '@mui/icons-material/Link';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { type FormEvent, useId, useState } from 'react';
import { useGetMany, useNotify, useTranslate } from 'react-admin';
import type { components } from '@licencias/common/schema';
import { formatDate } from '@licencias/common/dates';
import { api } from '../api';
import { errorMessage, fieldProblems } from '../components/errors';
import { unwrap } from '../httpErrors';
import type { Package } from './types';

type PackageLink = components['schemas']['PackageLink'];
type Service = components['schemas']['Service'];

const MAX_QUANTITY = 999;
const MAX_CODE = 20;

/** Copies to the clipboard; false when the browser refuses (no permission, insecure origin). */
async function copied(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * 'Copiar enlace' (store §2 "Package links"): a quantity and an optional promotion code make an
 * encrypted link to the brand's store (`/license/addCart/{encryptedParameter}`), copied to the
 * clipboard and shown to copy again.
 */
export const PackageLinkDialog = ({ pkg, onClose }: { pkg: Package; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [quantity, setQuantity] = useState('1');
  const [promotionCode, setPromotionCode] = useState('');
  const [validDays, setValidDays] = useState('30');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [link, setLink] = useState<PackageLink>();
  // The brands whose stores sell the package (its services'); the server takes the first when none is chosen.
  const { data: services } = useGetMany<Service>('services', { ids: pkg.serviceIds });
  const brands = [...new Set((services ?? []).map((service) => service.appName).filter((name): name is string => !!name))];
  const [chosenBrand, setBrand] = useState('');
  const brand = chosenBrand || brands[0] || '';

  const count = Number(quantity);
  const days = Number(validDays);
  const quantityError =
    !Number.isInteger(count) || count < 1 || count > MAX_QUANTITY ? translate('resources.packages.link.range', { max: MAX_QUANTITY }) : undefined;
  const daysError = !Number.isInteger(days) || days < 1 || days > 365 ? translate('resources.packages.link.range', { max: 365 }) : undefined;

  const copy = async (url: string) => {
    if (await copied(url)) notify('resources.packages.link.copied', { type: 'info' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (quantityError || daysError) return;
    setBusy(true);
    setFailure(undefined);
    setProblems({});
    try {
      const made = await unwrap(
        api.POST('/api/v1/packages/{id}/link', {
          params: { path: { id: pkg.id } },
          body: { quantity: count, validDays: days, promotionCode: promotionCode.trim() || null, appName: brand || null },
        }),
      );
      setLink(made);
      await copy(made.url);
    } catch (error) {
      const byField = Object.fromEntries(fieldProblems(error).map((p) => [p.field, p.message]));
      setProblems(byField);
      if (!byField.promotionCode && !byField.quantity && !byField.appName) setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={titleId} data-testid="package-link-dialog">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId} sx={{ pr: 6 }}>
          {translate('resources.packages.link.title', { name: pkg.packageName })}
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
              {translate('resources.packages.link.help')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={translate('resources.packages.link.quantity')}
                type="number"
                required
                value={quantity}
                onChange={(e) => setQuantity(e.target.value)}
                error={!!quantityError || !!problems.quantity}
                helperText={problems.quantity ?? quantityError ?? ' '}
                slotProps={{ htmlInput: { min: 1, max: MAX_QUANTITY, step: 1 } }}
                sx={{ flex: 1 }}
              />
              <TextField
                label={translate('resources.packages.link.validDays')}
                type="number"
                value={validDays}
                onChange={(e) => setValidDays(e.target.value)}
                error={!!daysError}
                helperText={daysError ?? ' '}
                slotProps={{ htmlInput: { min: 1, max: 365, step: 1 } }}
                sx={{ flex: 1 }}
              />
            </Stack>
            {brands.length > 1 && (
              <TextField
                select
                label={translate('resources.packages.link.brand')}
                value={brand}
                onChange={(e) => setBrand(e.target.value)}
                error={!!problems.appName}
                helperText={problems.appName ?? ' '}
              >
                {brands.map((name) => (
                  <MenuItem key={name} value={name}>
                    {name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              label={translate('resources.packages.link.promotionCode')}
              value={promotionCode}
              onChange={(e) => setPromotionCode(e.target.value)}
              error={!!problems.promotionCode}
              helperText={problems.promotionCode ?? ' '}
              slotProps={{ htmlInput: { maxLength: MAX_CODE, autoCapitalize: 'characters', spellCheck: false } }}
            />
            {link && (
              <Stack spacing={1}>
                <TextField
                  label={translate('resources.packages.link.url')}
                  value={link.url}
                  fullWidth
                  multiline
                  size="small"
                  slotProps={{
                    htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace', wordBreak: 'break-all' } },
                    input: {
                      endAdornment: (
                        <Tooltip title={translate('resources.packages.link.copy')}>
                          <IconButton edge="end" aria-label={translate('resources.packages.link.copy')} onClick={() => void copy(link.url)}>
                            <ContentCopyIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      ),
                    },
                  }}
                />
                <Typography variant="body2" color="text.secondary">
                  {translate('resources.packages.link.expires', { brand: link.appName, date: formatDate(link.expiresAt) })}
                </Typography>
              </Stack>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose}>{translate('ra.action.close')}</Button>
          <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <LinkIcon />}>
            {translate('resources.packages.link.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
