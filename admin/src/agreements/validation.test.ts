import { describe, expect, it } from 'vitest';
import { changedServices, createBody } from './payloads';
import type { ContractParameters } from './types';
import { alertErrors, contractErrors, customerErrors, exceedsContract, isDuplicateService, serviceRowErrors } from './validation';
import { defaultAlerts, emptyContract, emptyCustomer, emptyServiceRow, emptySupervisor, type ServiceRow } from './values';

const PARAMETERS = {
  maxValidityAmount: { D: 365, M: 24, A: 2 },
  maxReassignmentQuota: 5,
  maxContractValidityYears: 2,
  startDate: { isBeyondOneMonth: false, dateUnit: 'D', quantity: 0 },
  deviceTypes: [
    { value: 1, text: 'Token', code: 'TK' },
    { value: 2, text: 'Nube', code: 'NB' },
  ],
  showLegalRepresentative: true,
} as unknown as ContractParameters;

const line = (changes: Partial<ServiceRow>): ServiceRow => ({
  ...emptyServiceRow(),
  packageCode: 'FY100',
  quantity: '1000',
  validityType: 'M',
  validityAmount: '12',
  ...changes,
});

describe('duplicate services (§5)', () => {
  it('the same product in the services variant is rejected, even with another validity', () => {
    const rows = [line({})];
    expect(isDuplicateService(rows, line({ validityAmount: '6' }), 'isComponentServices', PARAMETERS)).toBe(true);
    expect(isDuplicateService(rows, line({ packageCode: 'FY200' }), 'isComponentServices', PARAMETERS)).toBe(false);
  });

  it('the line being edited is not its own duplicate', () => {
    const saved = line({});
    expect(isDuplicateService([saved], { ...saved, quantity: '2000' }, 'isComponentServices', PARAMETERS)).toBe(false);
  });

  it('ECD: the same product, device and validity is rejected; another device is not', () => {
    const rows = [line({ deviceTypeId: 1, credentialsDeliveryType: 1, reassignmentQuota: '1' })];
    expect(isDuplicateService(rows, line({ deviceTypeId: 1 }), 'isComponentECD', PARAMETERS)).toBe(true);
    expect(isDuplicateService(rows, line({ deviceTypeId: 2 }), 'isComponentECD', PARAMETERS)).toBe(false);
  });
});

describe('bag validity against the contract end', () => {
  it('12 months from 01/12/2026 end on 30/11/2027: allowed up to that end, not beyond', () => {
    expect(exceedsContract(line({}), '2026-12-01', '2027-11-30')).toBe(false);
    expect(exceedsContract(line({}), '2026-12-01', '2027-11-29')).toBe(true);
    expect(exceedsContract(line({ validityType: 'D', validityAmount: '30' }), '2026-12-01', '2026-12-30')).toBe(false);
    expect(exceedsContract(line({ validityType: 'D', validityAmount: '31' }), '2026-12-01', '2026-12-30')).toBe(true);
  });
});

describe('the step rules', () => {
  it('service line: quantity required unless unlimited, digits only', () => {
    expect(serviceRowErrors(line({ quantity: '' }), 'isComponentServices', PARAMETERS).quantity).toBe('Campo obligatorio');
    expect(serviceRowErrors(line({ quantity: '12.5' }), 'isComponentServices', PARAMETERS).quantity).toBe('Dato inválido');
    expect(serviceRowErrors(line({ quantity: '', isUnlimited: true }), 'isComponentServices', PARAMETERS).quantity).toBeUndefined();
    expect(serviceRowErrors(line({}), 'isComponentECD', PARAMETERS)).toMatchObject({
      deviceTypeId: 'Campo obligatorio',
      reassignmentQuota: 'Campo obligatorio',
    });
  });

  it('contract: the shared date messages and the taken number', () => {
    const errors = contractErrors(
      { ...emptyContract(), contractNumber: 'X1', contractStartDate: '1999-12-31', contractEndDate: '31/02/2027' },
      PARAMETERS,
      '2026-12-06',
      true,
    );
    expect(errors.contractStartDate).toBe('Fecha mínima permitida 01/01/2000');
    expect(errors.contractEndDate).toBe('Fecha inválida, el formato debe ser dd/MM/yyyy');
    expect(errors.contractNumber).toBe('Número de contrato ya se encuentra registrado.');
    expect(contractErrors({ ...emptyContract(), contractStartDate: '2026-12-07' }, PARAMETERS, '2026-12-06', false).contractStartDate).toBe(
      'Fecha máxima permitida 06/12/2026',
    );
  });

  it('customer: a NIT of 9 digits and the blocked e-mail domain', () => {
    const errors = customerErrors({ ...emptyCustomer(), documentNumber: '90012345', email: 'a@yopmail.com' }, ['yopmail.com'], false);
    expect(errors.documentNumber).toBe('El NIT debe tener 9 dígitos.');
    expect(errors.email).toBe('El dominio de correo ingresado no es permitido.');
    expect(errors.legalDocumentTypeId).toBeUndefined();
    expect(customerErrors(emptyCustomer(), [], true).legalDocumentTypeId).toBe('Campo obligatorio');
  });

  it('weekly alerts need a day', () => {
    expect(alertErrors({ ...defaultAlerts(), deliveryFrequency: 'S' }).days).toBe('Debes seleccionar al menos un día');
    expect(alertErrors({ ...defaultAlerts(), deliveryFrequency: 'S', tuesday: true }).days).toBeUndefined();
  });
});

describe('what is sent', () => {
  it('the edit screen sends only new or edited lines; unlimited lines add 0', () => {
    const rows = [
      line({ isExist: true, licenseId: 9 }),
      line({ isExist: true, licenseId: 10, isUpdate: true, quantity: '500' }),
      line({ packageCode: 'FY300', isUnlimited: true, quantity: '' }),
    ];
    const sent = changedServices(rows, PARAMETERS);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ licenseId: 10, quantityToAdd: 500, validityType: 'M', validityPeriod: 12, identifierCode: 'FY100_12M' });
    expect(sent[1]).toMatchObject({ licenseId: null, quantityToAdd: 0, isUnlimited: true });
  });

  it('without supervision the supervisor is null', () => {
    const body = createBody({ contract: emptyContract(), customer: emptyCustomer(), supervisor: emptySupervisor(), services: [line({})] }, false, PARAMETERS);
    expect(body.supervisor).toBeNull();
    expect(body.services).toHaveLength(1);
  });
});
