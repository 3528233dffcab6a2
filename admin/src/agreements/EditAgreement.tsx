import { Loading } from 'react-admin';
import { useAgreement } from './agreementApi';
import { EditForm } from './EditForm';
import { LoadFailedDialog } from './LoadFailedDialog';

/** 'Editar Convenio': the agreement is read first; if it cannot be, the '¡Lo sentimos!' modal. */
export const EditAgreement = ({ id }: { id: number }) => {
  const agreement = useAgreement(id);
  if (agreement.isError) return <LoadFailedDialog />;
  if (!agreement.data) return <Loading />;
  return <EditForm agreement={agreement.data} />;
};
