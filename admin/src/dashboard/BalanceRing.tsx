import { Box, CircularProgress, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatNumber, formatPercent } from '@licencias/common/format';

export type RingTone = 'primary' | 'success' | 'info';

/** The share of `total` that `value` is, 0 to 100; null when there is no share to show (no total, unlimited). */
export function ringPercent(value: number | null, total: number | null): number | null {
  if (value === null || total === null || !(total > 0) || !Number.isFinite(value)) return null;
  return Math.min(100, Math.max(0, (value / total) * 100));
}

/**
 * One progress ring of the balance panel (catalogue-and-dashboards.md §2.5): the quantity in its
 * middle and its share of the total under it. A quantity that is null (an unlimited package's
 * total and balance) shows 'Ilimitado' on a full ring; without a share only the quantity shows.
 */
export const BalanceRing = ({ label, value, percent, tone }: { label: string; value: number | null; percent: number | null; tone: RingTone }) => {
  const translate = useTranslate();
  const unlimited = value === null;
  const shown = unlimited ? translate('resources.dashboard.unlimited') : formatNumber(value, { maximumFractionDigits: 0 });
  const drawn = unlimited ? 100 : (percent ?? 0);
  // Three rings side by side on a phone too.
  const size = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm')) ? 92 : 112;
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', minWidth: 0 }} data-testid="balance-ring">
      <Box sx={{ position: 'relative', width: size, height: size }}>
        {/* The track under the ring. */}
        <CircularProgress
          variant="determinate"
          value={100}
          size={size}
          thickness={4}
          aria-hidden
          sx={{ position: 'absolute', inset: 0, color: (theme) => theme.palette.grey[theme.palette.mode === 'dark' ? 800 : 200] }}
        />
        <CircularProgress
          variant="determinate"
          value={drawn}
          size={size}
          thickness={4}
          color={tone}
          aria-label={label}
          aria-valuetext={percent === null ? shown : `${shown} (${formatPercent(percent)})`}
          sx={{ position: 'absolute', inset: 0, '& .MuiCircularProgress-circle': { strokeLinecap: 'round' } }}
        />
        <Stack sx={{ position: 'absolute', inset: 0, alignItems: 'center', justifyContent: 'center', px: 1.5, textAlign: 'center' }}>
          <Typography
            variant={unlimited ? 'body2' : 'h6'}
            component="span"
            sx={{ fontWeight: 600, lineHeight: 1.2, overflowWrap: 'anywhere' }}
            data-testid="ring-value"
          >
            {shown}
          </Typography>
          {percent !== null && (
            <Typography variant="caption" color="text.secondary" component="span">
              {formatPercent(percent)}
            </Typography>
          )}
        </Stack>
      </Box>
      <Typography variant="body2" color="text.secondary" component="span" sx={{ fontWeight: 500 }}>
        {label}
      </Typography>
    </Stack>
  );
};

/** The three rings of a package: Total, Disponible and Usado (an unlimited package: 'Ilimitado', and what it used). */
export const BalanceRings = ({ total, available, used, unlimited }: { total: number | null; available: number | null; used: number; unlimited: boolean }) => {
  const translate = useTranslate();
  const label = (key: string) => translate(`resources.dashboard.products.${key}`);
  const whole = unlimited ? null : total;
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-around', flexWrap: 'wrap', gap: { xs: 1, sm: 2 } }} data-testid="balance-rings">
      <BalanceRing label={label('total')} value={whole} percent={whole === null ? null : ringPercent(whole, whole)} tone="info" />
      <BalanceRing label={label('available')} value={unlimited ? null : available} percent={ringPercent(unlimited ? null : available, whole)} tone="success" />
      <BalanceRing label={label('used')} value={used} percent={ringPercent(used, whole)} tone="primary" />
    </Stack>
  );
};
