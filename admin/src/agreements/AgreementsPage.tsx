import { useSearchParams } from 'react-router';
import { AgreementDetail } from './AgreementDetail';
import { AgreementList } from './AgreementList';
import { CreateWizard } from './CreateWizard';
import { EditAgreement } from './EditAgreement';
import { useAgreementPrivileges } from './privileges';
import { sectionOf } from './routes';

/**
 * Convenios (licences-and-agreements.md §2): the list, 'Nuevo Convenio' (agregate), 'Detalle de
 * convenio' and 'Editar Convenio', chosen by the query of the one '/agreements' route. The
 * section's privileges are checked in front of the page (Restricted); the wizard needs create and
 * the edit screen modify.
 */
const AgreementsPage = () => {
  const [params] = useSearchParams();
  const privileges = useAgreementPrivileges();
  const { section, id } = sectionOf(params);
  if (section === 'agregate' && privileges.create) return <CreateWizard />;
  if (section === 'detail' && id) return <AgreementDetail key={id} id={id} />;
  if (section === 'edit' && id && privileges.modify) return <EditAgreement key={id} id={id} />;
  return <AgreementList />;
};

export default AgreementsPage;
