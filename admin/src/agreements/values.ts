import type { AgreementValidityType } from '@licencias/common/rules';

/** 'Información Contrato' as the form holds it (days are 'yyyy-MM-dd' once typed whole). */
export interface ContractValues {
  serviceId: number | null;
  contractNumber: string;
  contractStartDate: string;
  contractEndDate: string;
  commercialManagerId: string;
  paymentConditionId: number | null;
}

/** 'Información Cliente'. */
export interface CustomerValues {
  personType: 'J' | 'N';
  documentTypeId: number | null;
  documentNumber: string;
  legalName: string;
  firstName: string;
  lastName: string;
  fulladdress: string;
  departmentId: number | null;
  cityId: number | null;
  cellphoneNumber: string;
  email: string;
  legalDocumentTypeId: number | null;
  legalDocumentNumber: string;
  legalFirstName: string;
  legalLastName: string;
}

/** 'Información Supervisor'. */
export interface SupervisorValues {
  documentTypeId: number | null;
  documentNumber: string;
  firstName: string;
  lastName: string;
  fulladdress: string;
  departmentId: number | null;
  cityId: number | null;
  phoneNumber: string;
  email: string;
  jobTitle: string;
}

/** A line of 'Servicios Contratados' (§3 'Contracted service line'). */
export interface ServiceRow {
  key: string;
  /** The licence of a saved bag (isExist); null for a new one. */
  licenseId: number | null;
  packageCode: string;
  /** What the form typed: the whole quantity of a new bag, what is added to a saved one. */
  quantity: string;
  isUnlimited: boolean;
  validityType: AgreementValidityType | '';
  validityAmount: string;
  deviceTypeId: number | null;
  credentialsDeliveryType: number | null;
  reassignmentQuota: string;
  /** Saved: cannot be deleted. */
  isExist: boolean;
  /** Saved and edited since. */
  isUpdate: boolean;
  /** The saved bag's quantity (null when unlimited or new) and what it used. */
  savedQuantity: number | null;
  used: number | null;
}

/** 'Periodicidad de alertas'. */
export interface AlertValues {
  consumptionPercentageAlert: number;
  deliveryTime: string;
  deliveryFrequency: 'D' | 'S';
  monday: boolean;
  tuesday: boolean;
  wednesday: boolean;
  thursday: boolean;
  friday: boolean;
  saturday: boolean;
  sunday: boolean;
}

export function emptyContract(): ContractValues {
  return { serviceId: null, contractNumber: '', contractStartDate: '', contractEndDate: '', commercialManagerId: '', paymentConditionId: null };
}

export function emptyCustomer(): CustomerValues {
  return {
    personType: 'J',
    documentTypeId: 4,
    documentNumber: '',
    legalName: '',
    firstName: '',
    lastName: '',
    fulladdress: '',
    departmentId: null,
    cityId: null,
    cellphoneNumber: '',
    email: '',
    legalDocumentTypeId: null,
    legalDocumentNumber: '',
    legalFirstName: '',
    legalLastName: '',
  };
}

export function emptySupervisor(): SupervisorValues {
  return {
    documentTypeId: null,
    documentNumber: '',
    firstName: '',
    lastName: '',
    fulladdress: '',
    departmentId: null,
    cityId: null,
    phoneNumber: '',
    email: '',
    jobTitle: '',
  };
}

let nextKey = 0;
/** A row key unique in this tab. */
export function rowKey(): string {
  nextKey += 1;
  return `row-${nextKey}`;
}

export function emptyServiceRow(): ServiceRow {
  return {
    key: rowKey(),
    licenseId: null,
    packageCode: '',
    quantity: '',
    isUnlimited: false,
    validityType: '',
    validityAmount: '',
    deviceTypeId: null,
    credentialsDeliveryType: null,
    reassignmentQuota: '',
    isExist: false,
    isUpdate: false,
    savedQuantity: null,
    used: null,
  };
}

export function defaultAlerts(percentage = 90): AlertValues {
  return {
    consumptionPercentageAlert: percentage,
    deliveryTime: '08:00',
    deliveryFrequency: 'D',
    monday: false,
    tuesday: false,
    wednesday: false,
    thursday: false,
    friday: false,
    saturday: false,
    sunday: false,
  };
}
