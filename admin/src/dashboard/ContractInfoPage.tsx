import { NotBuilt } from '../layout/NotBuilt';

/** Detalle del contrato (catalogue-and-dashboards.md §2.7). Not built yet: the view says so (the privilege check in front of it is real). */
const ContractInfoPage = () => <NotBuilt title="app.page.contract_info" />;

export default ContractInfoPage;
