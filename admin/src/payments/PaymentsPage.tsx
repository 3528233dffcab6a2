import { NotBuilt } from '../layout/NotBuilt';

/** Pagos en efectivo (store-and-purchase.md §2). Not built yet: the view says so (the privilege check in front of it is real). */
const PaymentsPage = () => <NotBuilt title="app.page.payments" />;

export default PaymentsPage;
