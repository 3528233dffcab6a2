import { usePermissions } from 'react-admin';

export interface AgreementPrivileges {
  /** The create icon and the wizard: LICENSE_FULL_ACCESS or CONTRACT_CREATE. */
  create: boolean;
  /** LICENSE_FULL_ACCESS or CONTRACT_MODIFY. */
  modify: boolean;
  /** Modify ended agreements (extensions): LICENSE_FULL_ACCESS or CONTRACT_MODIFYDATES. */
  modifyDates: boolean;
}

const any = (own: readonly string[], wanted: readonly string[]) => wanted.some((p) => own.includes(p));

/** §6: before the privileges load, the defaults are create and modify contract. */
export function agreementPrivileges(permissions: readonly string[] | undefined): AgreementPrivileges {
  if (!permissions) return { create: true, modify: true, modifyDates: false };
  return {
    create: any(permissions, ['LICENSE_FULL_ACCESS', 'CONTRACT_CREATE']),
    modify: any(permissions, ['LICENSE_FULL_ACCESS', 'CONTRACT_MODIFY']),
    modifyDates: any(permissions, ['LICENSE_FULL_ACCESS', 'CONTRACT_MODIFYDATES']),
  };
}

export function useAgreementPrivileges(): AgreementPrivileges {
  const { permissions } = usePermissions<string[]>();
  return agreementPrivileges(permissions);
}
