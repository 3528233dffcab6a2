import { NotBuilt } from '../layout/NotBuilt';

/** Informes (catalogue-and-dashboards.md §2.3). Not built yet: the view says so (the privilege check in front of it is real). */
const ReportsPage = () => <NotBuilt title="app.page.reports" />;

export default ReportsPage;
