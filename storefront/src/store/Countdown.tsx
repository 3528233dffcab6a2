import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { timeLeft, type TimeLeft } from '@licencias/common/dates';

const UNITS: { key: keyof Omit<TimeLeft, 'total'>; one: string; many: string }[] = [
  { key: 'years', one: 'Año', many: 'Años' },
  { key: 'months', one: 'Mes', many: 'Meses' },
  { key: 'days', one: 'Día', many: 'Días' },
  { key: 'hours', one: 'Hora', many: 'Horas' },
  { key: 'minutes', one: 'Min', many: 'Min' },
  { key: 'seconds', one: 'Seg', many: 'Seg' },
];

/** The units shown: years and months only when there are some (most offers end within 90 days, §9). */
export function shownUnits(left: TimeLeft): typeof UNITS {
  const first = left.years > 0 ? 0 : left.months > 0 ? 1 : 2;
  return UNITS.slice(first);
}

/**
 * 'Oferta finaliza en' and what is left of an offer (store §2): years, months, days, hours,
 * minutes and seconds on Bogotá's calendar, at the `now` the page ticks every second.
 */
export function Countdown({ end, now }: { end: string; now: Date }) {
  const left = timeLeft(end, now);
  const units = shownUnits(left);
  const spoken = units.map((u) => `${left[u.key]} ${(left[u.key] === 1 ? u.one : u.many).toLowerCase()}`).join(', ');
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.75 }}>
        Oferta finaliza en
      </Typography>
      {left.total === 0 ? (
        <Typography variant="body2" color="text.secondary">
          La oferta ha finalizado
        </Typography>
      ) : (
        <Box role="timer" aria-label={`Oferta finaliza en ${spoken}`} sx={{ display: 'flex', gap: 0.75 }} data-testid="offer-countdown">
          {units.map((unit) => (
            <Box
              key={unit.key}
              aria-hidden="true"
              sx={{ flex: 1, minWidth: 0, textAlign: 'center', borderRadius: 1, py: 0.5, bgcolor: 'primary.main', color: 'primary.contrastText' }}
            >
              <Typography component="span" sx={{ display: 'block', fontWeight: 700, fontSize: '1.1rem', lineHeight: 1.2, fontVariantNumeric: 'tabular-nums' }}>
                {String(left[unit.key]).padStart(2, '0')}
              </Typography>
              <Typography component="span" sx={{ display: 'block', fontSize: '0.68rem', lineHeight: 1.2 }}>
                {left[unit.key] === 1 ? unit.one : unit.many}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
