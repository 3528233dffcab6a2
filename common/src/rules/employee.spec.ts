import { isEmployeeFeature } from './employee.js';

describe('isEmployeeFeature', () => {
  it('knows employee features by the _EMPLEADO or _EMPLEADOS ending of their code, in any case', () => {
    expect(isEmployeeFeature('COLNOMINA_EMPLEADO')).toBe(true);
    expect(isEmployeeFeature('colnomina_empleado')).toBe(true);
    expect(isEmployeeFeature('OTRAMARCA_EMPLEADO ')).toBe(true);
    expect(isEmployeeFeature('OTRAMARCA_EMPLEADOS')).toBe(true);
  });

  it('leaves the other features out', () => {
    expect(isEmployeeFeature('COLNOMINA_USUARIO')).toBe(false);
    expect(isEmployeeFeature('COLNOMINA_EMPLEADOS_EXTRA')).toBe(false);
    expect(isEmployeeFeature('EMPLEADO')).toBe(false);
    expect(isEmployeeFeature('FIRMAYA_FIRMA')).toBe(false);
  });
});
