import { describe, expect, it } from 'vitest';
import { changedValues } from './AmendmentHistory';

const labels: Record<string, string> = {
  'resources.agreements.fields.quantity': 'Cantidad',
  'resources.agreements.fields.contractEndDate': 'Fecha fin',
  'resources.agreements.fields.consumptionPercentageAlert': 'Porcentaje de consumo para alerta',
};
const translate = (key: string, options?: { _: string }) => labels[key] ?? options?._ ?? key;

describe("'Historial de modificaciones': what changed", () => {
  it('names an added service and the changed field of an edited one, not their JSON', () => {
    const line = { licenseId: 7, packageCode: 'FY-PRO', totalQuantity: 1500, isUnlimited: false, validityType: 'M', validityPeriod: 6 };
    const added = { licenseId: 12, packageCode: 'FY-FIRMAS-100', totalQuantity: 100, isUnlimited: false, validityType: 'M', validityPeriod: 3 };
    const lines = changedValues({ services: [line] }, { services: [{ ...line, totalQuantity: 2000 }, added] }, translate);
    expect(lines).toEqual(['FY-PRO · Cantidad: 1,500 → 2,000', 'Servicio agregado: FY-FIRMAS-100 (100, 3 Meses)']);
  });

  it('shows days as dd/MM/yyyy, weekdays by name and hides the coordinates', () => {
    const lines = changedValues(
      { contractEndDate: '2027-10-02', monday: false, addressLatGeocode: 1, consumptionPercentageAlert: 80 },
      { contractEndDate: '2027-12-31', monday: true, addressLatGeocode: 2, consumptionPercentageAlert: 90 },
      translate,
    );
    expect(lines).toEqual(['Fecha fin: 02/10/2027 → 31/12/2027', 'Lunes: No → Sí', 'Porcentaje de consumo para alerta: 80 → 90']);
  });
});
