import { NotBuilt } from '../layout/NotBuilt';

/** Convenios (licences-and-agreements.md §2): list, create wizard, edit stepper, detail. Not built yet: the view says so (the privilege check in front of it is real). */
const AgreementsPage = () => <NotBuilt title="app.page.agreements" />;

export default AgreementsPage;
