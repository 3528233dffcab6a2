import {
  addCalendarMonths,
  agreementNitProblem,
  alertDaysProblem,
  alertDueOn,
  canEditAgreement,
  commercialManagerPrivilege,
  endDateProblem,
  identifierCode,
  maxStartDay,
  startDateProblem,
  ticketProblems,
  validityEndDay,
} from './agreement.js';

describe('agreement rules (licences-and-agreements §5)', () => {
  const rule = { isBeyondOneMonth: true, dateUnit: 'D' as const, quantity: 30 };

  it('start date: required, format, not before 01/01/2000, not after today plus the configured days', () => {
    expect(startDateProblem('', '2026-12-06', rule)).toBe('Campo obligatorio');
    expect(startDateProblem('06/12/2026', '2026-12-06', rule)).toBe('Fecha inválida, el formato debe ser dd/MM/yyyy');
    expect(startDateProblem('1999-12-31', '2026-12-06', rule)).toBe('Fecha mínima permitida 01/01/2000');
    expect(startDateProblem('2027-01-05', '2026-12-06', rule)).toBeNull();
    expect(startDateProblem('2027-01-06', '2026-12-06', rule)).toBe('Fecha máxima permitida 05/01/2027');
    expect(startDateProblem('2026-12-07', '2026-12-06', { ...rule, isBeyondOneMonth: false })).toBe('Fecha máxima permitida 06/12/2026');
    expect(maxStartDay('2026-01-31', { isBeyondOneMonth: true, dateUnit: 'M', quantity: 1 })).toBe('2026-02-28');
  });

  it('end date: after the start, at most start plus the maximum years', () => {
    expect(endDateProblem(null, '2026-01-01', 2)).toBe('Campo obligatorio');
    expect(endDateProblem('2026-01-01', '2026-01-01', 2)).toBe('La fecha debe ser posterior a 01/01/2026');
    expect(endDateProblem('2028-01-01', '2026-01-01', 2)).toBeNull();
    expect(endDateProblem('2028-01-02', '2026-01-01', 2)).toBe('La fecha no puede ser mayor a 01/01/2028');
  });

  it("a bag's validity ends the day before the same day of the last month (or after the days)", () => {
    expect(validityEndDay('2026-01-01', 12, 'M')).toBe('2026-12-31');
    expect(validityEndDay('2026-01-31', 1, 'M')).toBe('2026-02-28');
    expect(validityEndDay('2026-01-01', 1, 'A')).toBe('2026-12-31');
    expect(validityEndDay('2026-01-01', 1, 'D')).toBe('2026-01-01');
    expect(addCalendarMonths('2024-02-29', 12)).toBe('2025-02-28');
  });

  it('identifier codes: package, validity amount and type; ECD with the device code', () => {
    expect(identifierCode({ packageCode: 'FY-PRO', validityPeriod: 12, validityType: 'M' })).toBe('FY-PRO_12M');
    expect(identifierCode({ packageCode: 'BM-CERT', validityPeriod: 1, validityType: 'A', deviceCode: 'TOKEN' })).toBe('BM-CERT_TOKEN_1A');
  });

  it('ticket: required, at most 20 letters and digits; observations required, at most 200', () => {
    expect(ticketProblems({ ticketNumber: '', observations: '' })).toEqual([
      { field: 'ticketNumber', message: 'Campo obligatorio' },
      { field: 'observations', message: 'Campo obligatorio' },
    ]);
    expect(ticketProblems({ ticketNumber: 'A'.repeat(21), observations: 'x'.repeat(201) })).toEqual([
      { field: 'ticketNumber', message: 'Máximo 20 caracteres.' },
      { field: 'observations', message: 'Máximo 200 caracteres.' },
    ]);
    expect(ticketProblems({ ticketNumber: 'TK-1', observations: 'ok' })).toEqual([
      { field: 'ticketNumber', message: 'El número del ticket solo admite letras y números.' },
    ]);
    expect(ticketProblems({ ticketNumber: 'TK1', observations: 'ok' })).toEqual([]);
  });

  it('alerts: weekly needs a day; due daily, or on the chosen weekdays', () => {
    expect(alertDaysProblem({ deliveryFrequency: 'S' })).toBe('Debes seleccionar al menos un día');
    expect(alertDaysProblem({ deliveryFrequency: 'D' })).toBeNull();
    expect(alertDueOn({ deliveryFrequency: 'S', monday: true }, 1)).toBe(true);
    expect(alertDueOn({ deliveryFrequency: 'S', monday: true }, 2)).toBe(false);
    expect(alertDueOn({ deliveryFrequency: 'S', sunday: true }, 0)).toBe(true);
    expect(alertDueOn({ deliveryFrequency: 'D' }, 3)).toBe(true);
  });

  it("the list's edit icon and the product privileges", () => {
    expect(canEditAgreement({ modify: true, modifyDates: false }, '2026-12-05', '2026-12-06')).toBe(false);
    expect(canEditAgreement({ modify: true, modifyDates: true }, '2026-12-05', '2026-12-06')).toBe(true);
    expect(canEditAgreement({ modify: true, modifyDates: false }, '2026-12-06', '2026-12-06')).toBe(true);
    expect(canEditAgreement({ modify: false, modifyDates: true }, '2027-12-06', '2026-12-06')).toBe(false);
    expect(commercialManagerPrivilege('Colnómina')).toBe('LICENSE_COLNOMINA_COMERCIALMANAGER');
    expect(agreementNitProblem('J', 4, '90012345')).toBe('El NIT debe tener 9 dígitos.');
    expect(agreementNitProblem('N', 4, '90012345')).toBeNull();
  });
});
