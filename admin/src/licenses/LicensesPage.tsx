import { NotBuilt } from '../layout/NotBuilt';

/** Licencias y consumos (licences-and-agreements.md §2). Not built yet: the view says so (the privilege check in front of it is real). */
const LicensesPage = () => <NotBuilt title="app.page.licenses" />;

export default LicensesPage;
