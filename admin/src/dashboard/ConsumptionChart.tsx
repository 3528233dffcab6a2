import { Box, Typography, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatNumber } from '@licencias/common/format';
import type { ChartSeries } from './chartSeries';

const HEIGHT = 180;
/** Room per bar in the drawing's own units; the drawing is scaled to its box. */
const SLOT = 24;
/** The widest a bar's slot gets on screen: a short range does not draw a few huge blocks. */
const MAX_SLOT_PX = 56;
/** At most this many labels under the bars (every n-th otherwise). */
const MAX_LABELS = 12;

/**
 * The consumption of the range as bars (one per day, or per month on long ranges), drawn as a
 * small SVG scaled to its card: no chart library for one bar chart. Each bar carries its day and
 * quantity as a tooltip and in the figure's text alternative.
 */
export const ConsumptionChart = ({ series }: { series: ChartSeries }) => {
  const translate = useTranslate();
  const theme = useTheme();
  const { bars } = series;
  const title = translate(series.unit === 'day' ? 'resources.dashboard.movements.chart_daily' : 'resources.dashboard.movements.chart_monthly');
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  const width = Math.max(bars.length, 1) * SLOT;
  const every = Math.max(1, Math.ceil(bars.length / MAX_LABELS));
  // Every n-th bar is named; a label runs over the empty cells after it, so the last is named only when they fit.
  const labelled = (index: number) => index % every === 0 && (every === 1 || index + every <= bars.length);
  const summary = bars
    .filter((bar) => bar.value > 0)
    .map((bar) => `${bar.label}: ${formatNumber(bar.value)}`)
    .join(', ');
  return (
    <Box component="figure" sx={{ m: 0, minWidth: 0 }} data-testid="consumption-chart">
      <Typography component="figcaption" variant="subtitle2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {max === 0 ? (
        <Typography variant="body2" color="text.secondary" role="status" sx={{ py: 3, textAlign: 'center' }}>
          {translate('resources.dashboard.movements.chart_empty')}
        </Typography>
      ) : (
        <Box sx={{ width: '100%', maxWidth: bars.length * MAX_SLOT_PX, overflow: 'hidden' }}>
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
            <line x1={0} x2={width} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} stroke={theme.palette.divider} vectorEffect="non-scaling-stroke" />
            <line x1={0} x2={width} y1={0.5} y2={0.5} stroke={theme.palette.divider} strokeDasharray="3 3" vectorEffect="non-scaling-stroke" />
            {bars.map((bar, index) => {
              const barHeight = Math.max(0, (bar.value / max) * (HEIGHT - 2));
              return (
                <rect
                  key={bar.key}
                  x={index * SLOT + SLOT * 0.2}
                  y={HEIGHT - barHeight}
                  width={SLOT * 0.6}
                  height={barHeight}
                  fill={theme.palette.primary.main}
                  data-testid="chart-bar"
                >
                  <title>{`${bar.label}: ${formatNumber(bar.value)}`}</title>
                </rect>
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
    </Box>
  );
};
