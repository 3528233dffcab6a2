import { NotBuilt } from '../layout/NotBuilt';

/** Movimiento del producto (catalogue-and-dashboards.md §2.6). Not built yet: the view says so (the privilege check in front of it is real). */
const MovementsPage = () => <NotBuilt title="app.page.movements" />;

export default MovementsPage;
