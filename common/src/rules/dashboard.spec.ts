import { DASHBOARD_MESSAGES, defaultMovementRange, movementDay, movementRangeProblems } from './dashboard.js';

describe('movement date filter (catalogue-and-dashboards §5)', () => {
  const today = '2026-12-07';

  it('both dates are required', () => {
    expect(movementRangeProblems({ startDate: '', endDate: null }, today)).toEqual({ startDate: 'Campo obligatorio', endDate: 'Campo obligatorio' });
  });

  it('takes dd/MM/yyyy as typed and yyyy-MM-dd; anything else is the format message', () => {
    expect(movementDay('01/12/2026')).toBe('2026-12-01');
    expect(movementDay('2026-12-01')).toBe('2026-12-01');
    expect(movementRangeProblems({ startDate: '31/02/2026', endDate: '2026/12/01' }, today)).toEqual({
      startDate: 'Fecha inválida, el formato debe ser dd/MM/yyyy',
      endDate: 'Fecha inválida, el formato debe ser dd/MM/yyyy',
    });
  });

  it('not before 01/01/2000, not after today', () => {
    expect(movementRangeProblems({ startDate: '31/12/1999', endDate: '08/12/2026' }, today)).toEqual({
      startDate: 'Fecha mínima permitida 01/01/2000',
      endDate: 'La fecha no puede ser mayor a hoy',
    });
    expect(movementRangeProblems({ startDate: '01/01/2000', endDate: '07/12/2026' }, today)).toEqual({});
  });

  it('the until day is not before the from day (the same day is fine)', () => {
    expect(movementRangeProblems({ startDate: '05/12/2026', endDate: '04/12/2026' }, today)).toEqual({
      endDate: 'La fecha debe ser igual o posterior a 05/12/2026',
    });
    expect(movementRangeProblems({ startDate: '05/12/2026', endDate: '05/12/2026' }, today)).toEqual({});
    expect(DASHBOARD_MESSAGES.endBeforeStart('2026-12-05')).toBe('La fecha debe ser igual o posterior a 05/12/2026');
  });

  it('defaults to the first day of the month through today', () => {
    expect(defaultMovementRange(today)).toEqual({ startDate: '2026-12-01', endDate: '2026-12-07' });
  });
});
