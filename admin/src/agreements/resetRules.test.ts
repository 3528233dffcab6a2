import { describe, expect, it } from 'vitest';
import { changeAlerts, changeContract, changeCustomer, changeServiceRow, changeSupervisor, deliveryChoices } from './resetRules';
import type { ContractParameters } from './types';
import { defaultAlerts, emptyContract, emptyCustomer, emptyServiceRow, emptySupervisor } from './values';

const PARAMETERS = { maxValidityAmount: { D: 365, M: 24, A: 2 }, maxReassignmentQuota: 5 } as ContractParameters;

const filledContract = {
  ...emptyContract(),
  serviceId: 3,
  contractNumber: 'OP-2026-001',
  contractStartDate: '2026-12-01',
  contractEndDate: '2027-11-30',
  commercialManagerId: '5b0d6f8e-0000-4000-8000-000000000001',
  paymentConditionId: 1,
};

describe('the wizard reset rules (§4)', () => {
  it('another product clears the manager and the contract number and empties the services', () => {
    const change = changeContract(filledContract, 'serviceId', 4);
    expect(change.values).toMatchObject({ serviceId: 4, commercialManagerId: '', contractNumber: '', contractStartDate: '2026-12-01', paymentConditionId: 1 });
    expect(change.clearServices).toBe(true);
  });

  it('another start clears the end and empties the services; another end empties the services', () => {
    const start = changeContract(filledContract, 'contractStartDate', '2026-12-02');
    expect(start.values.contractEndDate).toBe('');
    expect(start.clearServices).toBe(true);
    const end = changeContract(filledContract, 'contractEndDate', '2027-06-30');
    expect(end.values.contractEndDate).toBe('2027-06-30');
    expect(end.values.contractStartDate).toBe('2026-12-01');
    expect(end.clearServices).toBe(true);
  });

  it('the same value or another field changes nothing else', () => {
    expect(changeContract(filledContract, 'serviceId', 3)).toEqual({ values: filledContract, clearServices: false });
    expect(changeContract(filledContract, 'paymentConditionId', 2)).toEqual({ values: { ...filledContract, paymentConditionId: 2 }, clearServices: false });
  });

  it('another person type clears identification and names (a legal person takes NIT)', () => {
    const legal = { ...emptyCustomer(), documentNumber: '900123456', legalName: 'Industrias La Ceiba S.A.S.', email: 'a@b.co' };
    const natural = changeCustomer(legal, 'personType', 'N');
    expect(natural).toMatchObject({ personType: 'N', documentTypeId: null, documentNumber: '', legalName: '', firstName: '', lastName: '', email: 'a@b.co' });
    expect(changeCustomer({ ...natural, documentTypeId: 1, firstName: 'Ana' }, 'personType', 'J')).toMatchObject({ documentTypeId: 4, firstName: '' });
  });

  it('another department clears the city', () => {
    expect(changeCustomer({ ...emptyCustomer(), departmentId: 5, cityId: 5001 }, 'departmentId', 11).cityId).toBeNull();
  });

  it("another supervisor document type clears the supervisor's fields", () => {
    const supervisor = {
      ...emptySupervisor(),
      documentTypeId: 1,
      documentNumber: '43123456',
      firstName: 'Lucía',
      email: 'lucia@ceiba.co',
      jobTitle: 'Gerente',
    };
    expect(changeSupervisor(supervisor, 'documentTypeId', 2)).toEqual({ ...emptySupervisor(), documentTypeId: 2 });
  });

  it('the unlimited switch clears the quantity; another validity type clears the amount', () => {
    const row = { ...emptyServiceRow(), packageCode: 'FY100', quantity: '1500', validityType: 'M' as const, validityAmount: '12' };
    expect(changeServiceRow(row, 'isUnlimited', true)).toMatchObject({ isUnlimited: true, quantity: '' });
    expect(changeServiceRow(row, 'validityType', 'D')).toMatchObject({ validityType: 'D', validityAmount: '' });
  });

  it('a validity amount of 0 or above the maximum of its type is cleared; a quota loses its leading zeros and is bounded', () => {
    const row = { ...emptyServiceRow(), validityType: 'M' as const };
    expect(changeServiceRow(row, 'validityAmount', '0', PARAMETERS).validityAmount).toBe('');
    expect(changeServiceRow(row, 'validityAmount', '25', PARAMETERS).validityAmount).toBe('');
    expect(changeServiceRow(row, 'validityAmount', '24', PARAMETERS).validityAmount).toBe('24');
    expect(changeServiceRow(row, 'reassignmentQuota', '03', PARAMETERS).reassignmentQuota).toBe('3');
    expect(changeServiceRow(row, 'reassignmentQuota', '00', PARAMETERS).reassignmentQuota).toBe('0');
    expect(changeServiceRow(row, 'reassignmentQuota', '6', PARAMETERS).reassignmentQuota).toBe('');
  });

  it('ECD: another service clears device and delivery; device type 1 admits only delivery 1', () => {
    const row = { ...emptyServiceRow(), packageCode: 'ECD1', deviceTypeId: 2, credentialsDeliveryType: 2 };
    expect(changeServiceRow(row, 'packageCode', 'ECD2')).toMatchObject({ deviceTypeId: null, credentialsDeliveryType: null });
    expect(changeServiceRow(row, 'deviceTypeId', 1)).toMatchObject({ deviceTypeId: 1, credentialsDeliveryType: null });
    expect(changeServiceRow({ ...row, credentialsDeliveryType: 1 }, 'deviceTypeId', 1).credentialsDeliveryType).toBe(1);
    const deliveries = [
      { value: '1', text: 'Virtual' },
      { value: '2', text: 'Física' },
    ];
    expect(deliveryChoices(1, deliveries)).toEqual([{ value: '1', text: 'Virtual' }]);
    expect(deliveryChoices(2, deliveries)).toHaveLength(2);
  });

  it('daily alerts turn every weekday off', () => {
    const weekly = { ...defaultAlerts(), deliveryFrequency: 'S' as const, monday: true, friday: true };
    expect(changeAlerts(weekly, 'deliveryFrequency', 'D')).toMatchObject({ monday: false, friday: false, deliveryFrequency: 'D' });
  });
});
