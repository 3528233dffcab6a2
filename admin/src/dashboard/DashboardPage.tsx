import SentimentDissatisfiedOutlinedIcon from '@mui/icons-material/SentimentDissatisfiedOutlined';
import { Box, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DASHBOARD_MESSAGES } from '@licencias/common/rules';
import { errorStatus } from '../components/errors';
import { LoadFailure } from '../components/LoadFailure';
import { useDashboardCustomer, type DashboardCustomer } from './customer';
import { useCustomerServices, useDocumentText } from './dashboardApi';
import { DashboardHeader } from './DashboardHeader';
import { ServiceList } from './ServiceList';

/** No services: '¡Lo sentimos!' and 'Consulta con tu comercial…' (§2.4). */
const NoServices = () => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" role="status" data-testid="dashboard-empty">
      <CardContent>
        <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', py: 4 }}>
          <SentimentDissatisfiedOutlinedIcon color="action" sx={{ fontSize: 56 }} />
          <Typography variant="h5" component="h2">
            {translate('resources.dashboard.products.empty_title')}
          </Typography>
          <Typography color="text.secondary">{DASHBOARD_MESSAGES.noServices}</Typography>
        </Stack>
      </CardContent>
    </Card>
  );
};

const ListSkeleton = () => (
  <Box data-testid="dashboard-loading" aria-busy>
    {[0, 1, 2].map((row) => (
      <Skeleton key={row} variant="rounded" height={56} sx={{ mb: 1.5 }} />
    ))}
  </Box>
);

/** The company's services, or why there are none. */
const Products = ({ customer }: { customer: DashboardCustomer }) => {
  const { data, isPending, error, refetch } = useCustomerServices(customer);
  if (isPending) return <ListSkeleton />;
  // The list fails silently (§8) into '¡Lo sentimos!'; only a server or network failure offers a retry.
  const status = errorStatus(error);
  if (error && (status === undefined || status === 0 || status >= 500)) return <LoadFailure onRetry={() => void refetch()} />;
  if (!data?.length) return <NoServices />;
  return <ServiceList customer={customer} services={data} />;
};

/**
 * Productos adquiridos (catalogue-and-dashboards.md §2.4, §2.5): the services of a company, each
 * with its packages, which open on their balance and contracts. Staff open it for a company from
 * 'Licencias y consumos' (?documentType=&documentNumber=); a customer sees its own.
 */
const DashboardPage = () => {
  const translate = useTranslate();
  const customer = useDashboardCustomer();
  const title = translate('resources.dashboard.products.title');
  const company = useDocumentText(customer);
  return (
    <Box sx={{ mt: 1, minWidth: 0 }}>
      <DashboardHeader title={title} subtitle={company} />
      {customer ? (
        <Products customer={customer} />
      ) : (
        <Card variant="outlined" role="status">
          <CardContent>
            <Typography color="text.secondary">{translate('resources.dashboard.no_company')}</Typography>
          </CardContent>
        </Card>
      )}
    </Box>
  );
};

export default DashboardPage;
