import { useTranslate } from 'react-admin';
import { AGREEMENT_MESSAGES } from '@licencias/common/rules';
import { MessageDialog } from './MessageDialog';

/** '¡Lo sentimos! En el momento no es posible obtener esta información…' with Aceptar, which reloads. */
export const LoadFailedDialog = () => {
  const translate = useTranslate();
  return (
    <MessageDialog
      open
      icon="warning"
      title={AGREEMENT_MESSAGES.loadFailed}
      confirmLabel={translate('resources.agreements.actions.accept')}
      onConfirm={() => window.location.reload()}
    />
  );
};
