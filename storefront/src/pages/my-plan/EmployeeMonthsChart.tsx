import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { formatNumber } from '@licencias/common/format';
import type { EmployeeMonth } from './my-plan';

const HEIGHT = 140;
const BAR = 28;
const GAP = 14;

const keyOf = (m: { year: number; month: number }) => `${m.year}-${m.month}`;

/**
 * Employees used per month as bars drawn in SVG (no chart library): each bar is a button that
 * selects its month; the values are written above the bars, so the chart reads without hovering.
 */
export function EmployeeMonthsChart({
  months,
  selected,
  onSelect,
}: {
  months: EmployeeMonth[];
  selected: { year: number; month: number } | undefined;
  onSelect: (month: EmployeeMonth) => void;
}) {
  const theme = useTheme();
  const top = Math.max(1, ...months.map((m) => m.quantityUse));
  const width = months.length * (BAR + GAP) + GAP;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <svg role="group" aria-label="Empleados usados por mes" width={width} height={HEIGHT + 44} viewBox={`0 0 ${width} ${HEIGHT + 44}`}>
        <line x1={0} x2={width} y1={HEIGHT + 16} y2={HEIGHT + 16} stroke={theme.palette.divider} />
        {months.map((m, index) => {
          const x = GAP + index * (BAR + GAP);
          const h = Math.max(2, (m.quantityUse / top) * (HEIGHT - 8));
          const active = selected !== undefined && keyOf(selected) === keyOf(m);
          const label = `${m.nameMonth} ${m.year}: ${formatNumber(m.quantityUse)} empleados`;
          return (
            <g
              key={keyOf(m)}
              role="button"
              tabIndex={0}
              aria-label={label}
              aria-pressed={active}
              onClick={() => onSelect(m)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  onSelect(m);
                }
              }}
              style={{ cursor: 'pointer', outline: 'none' }}
            >
              <title>{label}</title>
              <rect x={x - GAP / 2} y={0} width={BAR + GAP} height={HEIGHT + 44} fill="transparent" />
              <rect
                x={x}
                y={HEIGHT + 16 - h}
                width={BAR}
                height={h}
                rx={3}
                fill={active ? theme.palette.primary.main : theme.palette.primary.light}
                opacity={active ? 1 : 0.55}
              />
              <text x={x + BAR / 2} y={HEIGHT + 10 - h} textAnchor="middle" fontSize={11} fill={theme.palette.text.secondary}>
                {formatNumber(m.quantityUse)}
              </text>
              <text x={x + BAR / 2} y={HEIGHT + 32} textAnchor="middle" fontSize={11} fontWeight={active ? 700 : 400} fill={theme.palette.text.primary}>
                {m.nameMonth.slice(0, 3)}
              </text>
              <text x={x + BAR / 2} y={HEIGHT + 44} textAnchor="middle" fontSize={9} fill={theme.palette.text.secondary}>
                {String(m.year).slice(2)}
              </text>
            </g>
          );
        })}
      </svg>
    </Box>
  );
}
