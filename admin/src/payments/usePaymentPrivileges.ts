import { usePermissions } from 'react-admin';
import { OPERATION_PRIVILEGES } from '@licencias/common/privileges';

/**
 * Store §6: approve and reject need both ApprovePayments and ModifyPayments; the export
 * LICENSE_FULL_ACCESS or DASHBOARD_EXPORTEXCEL (the contract's x-privileges of exportPayments).
 */
export function paymentPrivileges(permissions: readonly string[] | undefined): { mayDecide: boolean; mayExport: boolean } {
  const own = permissions ?? [];
  const exportPrivileges: readonly string[] = OPERATION_PRIVILEGES.exportPayments;
  return {
    mayDecide: own.includes('PAYMENTS_APPROVE') && own.includes('PAYMENTS_MODIFY'),
    mayExport: own.some((p) => exportPrivileges.includes(p)),
  };
}

export function usePaymentPrivileges() {
  const { permissions } = usePermissions<string[]>();
  return paymentPrivileges(permissions);
}
