import { NotBuilt } from '../layout/NotBuilt';

/** Paquetes (catalogue-and-dashboards.md §2.1): create and configure packages. Not built yet: the view says so (the privilege check in front of it is real). */
const PackagesPage = () => <NotBuilt title="app.page.packages" />;

export default PackagesPage;
