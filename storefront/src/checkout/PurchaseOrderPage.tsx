import { useMemo } from 'react';
import { useNotify } from '../notifications/notifications-context';
import { CHECKOUT_TEXTS, PurchaseForm } from './PurchaseForm';
import { createCheckoutServices } from './services';

/**
 * `/registerPurchaseOrder`, `/registerPurchaseOrder/activatePlan` and `/license/RegisterPurchaseExt`:
 * the purchase and activation form, open to visitors. RegisterPurchaseOrder comes with the orders'
 * contract; until then a submission that passed the form and the e-mail says it could not be
 * processed.
 */
export default function PurchaseOrderPage() {
  const services = useMemo(() => createCheckoutServices(), []);
  const notify = useNotify();
  return (
    <PurchaseForm
      services={services}
      onSubmit={() => {
        notify({ severity: 'error', message: CHECKOUT_TEXTS.submitError });
        return Promise.resolve();
      }}
    />
  );
}
