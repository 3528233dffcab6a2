import { Box, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatNumber } from '@licencias/common/format';
import type { ReportBar } from './reportSeries';

const HEIGHT = 180;
/** Room per bar in the drawing's own units; the drawing is scaled to its box. */
const SLOT = 24;
/** The widest a bar's slot gets on screen: a short range does not draw a few huge blocks. */
const MAX_SLOT_PX = 56;
/** At most this many labels under the bars (every n-th otherwise); fewer fit on a phone. */
const MAX_LABELS = 12;

export interface ChartSeriesInfo {
  /** What the legend and the tooltips call it. */
  label: string;
  color: string;
}

/**
 * A report over time as bars, one per period, the series stacked in each (licences by origin,
 * approved and other orders): the SVG approach of the dashboards' ConsumptionChart, scaled to its
 * card. Each bar's period and values are its tooltip and part of the figure's text alternative.
 */
export const ReportChart = ({ title, series, bars }: { title: string; series: readonly ChartSeriesInfo[]; bars: readonly ReportBar[] }) => {
  const translate = useTranslate();
  const totals = bars.map((bar) => bar.values.reduce((sum, value) => sum + Math.max(0, value), 0));
  const max = Math.max(0, ...totals);
  const width = Math.max(bars.length, 1) * SLOT;
  const every = Math.max(1, Math.ceil(bars.length / MAX_LABELS));
  const labelled = (index: number) => index % every === 0 && (every === 1 || index + every <= bars.length);
  const describe = (bar: ReportBar) =>
    series.length === 1
      ? `${bar.label}: ${formatNumber(bar.values[0] ?? 0)}`
      : `${bar.label}: ${series.map((one, index) => `${one.label} ${formatNumber(bar.values[index] ?? 0)}`).join(', ')}`;
  const summary = bars
    .filter((_, index) => (totals[index] ?? 0) > 0)
    .map(describe)
    .join('; ');
  return (
    <Box component="figure" sx={{ m: 0, minWidth: 0 }} data-testid="report-chart">
      <Typography component="figcaption" variant="subtitle2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {max === 0 ? (
        <Typography variant="body2" color="text.secondary" role="status" sx={{ py: 3, textAlign: 'center' }}>
          {translate('resources.reports.chart_empty')}
        </Typography>
      ) : (
        <Box sx={{ width: '100%', maxWidth: Math.max(bars.length * MAX_SLOT_PX, 240), overflow: 'hidden' }}>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }} aria-hidden>
            {formatNumber(max)}
          </Typography>
          <svg
            viewBox={`0 0 ${width} ${HEIGHT}`}
            width="100%"
            height={HEIGHT}
            preserveAspectRatio="none"
            role="img"
            aria-label={`${title}. ${summary}`}
            style={{ display: 'block' }}
          >
            <line x1={0} x2={width} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} stroke="currentColor" strokeOpacity={0.2} vectorEffect="non-scaling-stroke" />
            <line x1={0} x2={width} y1={0.5} y2={0.5} stroke="currentColor" strokeOpacity={0.2} strokeDasharray="3 3" vectorEffect="non-scaling-stroke" />
            {bars.map((bar, index) => {
              let base = HEIGHT;
              return (
                <g key={bar.key} data-testid="chart-bar">
                  <title>{describe(bar)}</title>
                  {series.map((one, part) => {
                    const value = Math.max(0, bar.values[part] ?? 0);
                    const height = (value / max) * (HEIGHT - 2);
                    base -= height;
                    return value > 0 ? (
                      <rect key={one.label} x={index * SLOT + SLOT * 0.2} y={base} width={SLOT * 0.6} height={height} fill={one.color} />
                    ) : null;
                  })}
                </g>
              );
            })}
          </svg>
          {/* The axis texts outside the scaled drawing, so they keep their size on any width. */}
          <Box sx={{ display: 'flex', mt: 0.5 }} aria-hidden>
            {bars.map((bar, index) => (
              <Typography
                key={bar.key}
                variant="caption"
                color="text.secondary"
                sx={{ flex: 1, minWidth: 0, textAlign: every === 1 ? 'center' : 'left', whiteSpace: 'nowrap', overflow: 'visible', fontSize: '0.65rem' }}
              >
                {labelled(index) ? bar.label : ''}
              </Typography>
            ))}
          </Box>
        </Box>
      )}
      {series.length > 1 && max > 0 && (
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mt: 1.5 }} data-testid="chart-legend">
          {series.map((one) => (
            <Stack key={one.label} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
              <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: one.color, flexShrink: 0 }} aria-hidden />
              <Typography variant="caption">{one.label}</Typography>
            </Stack>
          ))}
        </Stack>
      )}
    </Box>
  );
};
