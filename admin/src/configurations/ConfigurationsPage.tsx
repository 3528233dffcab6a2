import { NotBuilt } from '../layout/NotBuilt';

/** Configuración (catalogue-and-dashboards.md §2.2): services, feature types, service features, promo codes. Not built yet: the view says so (the privilege check in front of it is real). */
const ConfigurationsPage = () => <NotBuilt title="app.page.configurations" />;

export default ConfigurationsPage;
