import { timeLeft, type TimeLeft } from '@licencias/common/dates';
import { useNow } from './use-now';

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
 * minutes and seconds on Bogotá's calendar. It ticks every second on the page's one clock
 * (`useNow`): only the countdowns render again each second, not the carousel or the page.
 */
export function Countdown({ end }: { end: string }) {
  const left = timeLeft(end, useNow());
  const units = shownUnits(left);
  const spoken = units.map((u) => `${left[u.key]} ${(left[u.key] === 1 ? u.one : u.many).toLowerCase()}`).join(', ');
  return (
    <div>
      <p className="t-body2 countdown-title">Oferta finaliza en</p>
      {left.total === 0 ? (
        <p className="t-body2 t-muted">La oferta ha finalizado</p>
      ) : (
        <div role="timer" aria-label={`Oferta finaliza en ${spoken}`} className="countdown" data-testid="offer-countdown">
          {units.map((unit) => (
            <div key={unit.key} aria-hidden="true" className="countdown-unit">
              <span className="countdown-value">{String(left[unit.key]).padStart(2, '0')}</span>
              <span className="countdown-label">{left[unit.key] === 1 ? unit.one : unit.many}</span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
