import TimelineIcon from '@mui/icons-material/Timeline';
import { Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router';
import { BalanceRings } from './BalanceRing';
import { ContractsTable } from './ContractsTable';
import { customerQuery, type DashboardCustomer } from './customer';
import { usePackageDetail, type DashboardService } from './dashboardApi';

/** While the balance loads: three rings and a table's rows. */
const PanelSkeleton = () => (
  <Box data-testid="package-loading" aria-busy>
    <Stack direction="row" sx={{ justifyContent: 'space-around', mb: 2 }}>
      {[0, 1, 2].map((ring) => (
        <Skeleton key={ring} variant="circular" width={112} height={112} />
      ))}
    </Stack>
    {[0, 1].map((row) => (
      <Skeleton key={row} height={32} />
    ))}
  </Box>
);

/**
 * An opened package (§2.5): its balance as three rings with 'Movimientos', then its contracts. The
 * package detail call fails silently (§8): a failure shows the package without data.
 */
export const PackagePanel = ({ customer, service, packageCode }: { customer: DashboardCustomer; service: DashboardService; packageCode: string }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { data, isPending } = usePackageDetail(customer, service, packageCode);
  if (isPending) return <PanelSkeleton />;
  if (!data) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ p: 2 }} role="status">
        {translate('resources.dashboard.products.no_contracts')}
      </Typography>
    );
  }
  const movements = () =>
    navigate(
      `/dashboard/movements?${customerQuery(customer, {
        serviceName: data.serviceName,
        serviceFeatureCode: data.serviceFeatureCode,
        packageCode: data.packageCode,
        isSupervised: service.requiresSupervision,
      })}`,
    );
  const detail = (contractNumber: string, serviceFeatureId: number) =>
    navigate(`/dashboard/contractInfo?${customerQuery(customer, { contractNumber, serviceFeatureId })}`);
  return (
    <Stack spacing={2} data-testid="package-panel">
      <Box component="section" aria-label={translate('resources.dashboard.products.balance')}>
        <BalanceRings total={data.quantityAccumulated} available={data.balanceAccumulated} used={data.usedAccumulated} unlimited={data.isUnlimited} />
        <Stack direction="row" sx={{ justifyContent: 'center', mt: 2 }}>
          <Button variant="contained" startIcon={<TimelineIcon />} onClick={movements}>
            {translate('resources.dashboard.products.movements')}
          </Button>
        </Stack>
      </Box>
      <Box component="section" aria-label={translate('resources.dashboard.products.contracts')}>
        <ContractsTable contracts={data.contractServiceDetail} onDetail={(contract) => detail(contract.contractNumber, contract.serviceFeatureId)} />
      </Box>
    </Stack>
  );
};
