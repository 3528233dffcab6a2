import type { PersonLookup } from './types';
import type { CustomerValues, SupervisorValues } from './values';

const or = (value: string | null | undefined, fallback: string) => value ?? fallback;

/** A customer found by its document fills the rest of 'Información Cliente'; not found leaves it to fill. */
export function fillCustomer(values: CustomerValues, found: PersonLookup | null): CustomerValues {
  if (!found) return values;
  return {
    ...values,
    legalName: or(found.legalName, values.legalName),
    firstName: or(found.firstName, values.firstName),
    lastName: or(found.lastName, values.lastName),
    fulladdress: or(found.fullAddress, values.fulladdress),
    departmentId: found.departmentId ?? values.departmentId,
    cityId: found.cityId ?? values.cityId,
    cellphoneNumber: or(found.cellphoneNumber, values.cellphoneNumber),
    email: or(found.email, values.email),
    legalDocumentTypeId: found.legalDocumentTypeId ?? values.legalDocumentTypeId,
    legalDocumentNumber: or(found.legalDocumentNumber, values.legalDocumentNumber),
    legalFirstName: or(found.legalFirstName, values.legalFirstName),
    legalLastName: or(found.legalLastName, values.legalLastName),
  };
}

/** The supervisor found fills the step; not found clears everything but the document (§5). */
export function fillSupervisor(values: SupervisorValues, found: PersonLookup | null): SupervisorValues {
  return {
    documentTypeId: values.documentTypeId,
    documentNumber: values.documentNumber,
    firstName: found?.firstName ?? '',
    lastName: found?.lastName ?? '',
    fulladdress: found?.fullAddress ?? '',
    departmentId: found?.departmentId ?? null,
    cityId: found?.cityId ?? null,
    phoneNumber: found?.phoneNumber ?? '',
    email: found?.email ?? '',
    jobTitle: found?.jobTitle ?? '',
  };
}
