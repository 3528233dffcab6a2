import { CheckoutDialog } from '../../checkout/CheckoutDialog';
import { TRIAL_TEXTS } from './trial';

interface Props {
  message: string;
  onBuy(): void;
  onClose?: () => void;
}

/** §8 'Trial form error': '¡Lo sentimos!' with the server's message and 'Comprar Ahora'. */
export function TrialErrorDialog({ message, onBuy, onClose }: Props) {
  return (
    <CheckoutDialog
      title={TRIAL_TEXTS.errorTitle}
      onClose={onClose}
      actions={[...(onClose ? [{ label: 'Cerrar', onClick: onClose }] : []), { label: TRIAL_TEXTS.buyNowAfterError, primary: true, onClick: onBuy }]}
    >
      {message}
    </CheckoutDialog>
  );
}
