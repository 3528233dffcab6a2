import { NotBuilt } from '../layout/NotBuilt';

/** Productos adquiridos (catalogue-and-dashboards.md §2.4, §2.5). Not built yet: the view says so (the privilege check in front of it is real). */
const DashboardPage = () => <NotBuilt title="app.page.dashboard" />;

export default DashboardPage;
