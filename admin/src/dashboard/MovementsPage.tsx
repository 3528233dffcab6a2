import { Box, Card, CardContent, Skeleton, Stack } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { bogotaToday } from '@licencias/common/dates';
import { defaultMovementRange } from '@licencias/common/rules';
import { errorBody, errorMessage, errorStatus } from '../components/errors';
import { useMayExport } from '../workbook/workbook';
import { AlertDialog } from './AlertDialog';
import { consumptionSeries } from './chartSeries';
import { ConsumptionChart } from './ConsumptionChart';
import { CustomerCard } from './CustomerCard';
import { dashboardPath, useDashboardCustomer, type DashboardCustomer } from './customer';
import { useConsumptionSeries, type DayRange, type MovementSource } from './dashboardApi';
import { DashboardHeader } from './DashboardHeader';
import { MovementFilter } from './MovementFilter';
import { MovementsTable } from './MovementsTable';
import { useMovementPages } from './useMovementPages';

/** The package whose movements the address names (?serviceName=&serviceFeatureCode=&isSupervised=). */
export function movementSourceOf(params: URLSearchParams): MovementSource | undefined {
  const serviceName = params.get('serviceName')?.trim();
  const serviceFeatureCode = params.get('serviceFeatureCode')?.trim();
  if (!serviceName || !serviceFeatureCode) return undefined;
  return { serviceName, serviceFeatureCode, isSupervised: params.get('isSupervised') === 'true' };
}

/** The first detail of a 422 (§8: '¡Algo salió mal!' with the first statusDetails description), else its message. */
function alertOf(error: unknown): string | undefined {
  if (errorStatus(error) !== 422) return undefined;
  return errorBody(error)?.statusDetails[0]?.description || errorMessage(error);
}

const Movements = ({ customer, source }: { customer: DashboardCustomer; source: MovementSource }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const canExport = useMayExport('exportDashboardMovements');
  const initial = useMemo(() => defaultMovementRange(bogotaToday()), []);
  const [range, setRange] = useState<DayRange>(initial);
  const [alert, setAlert] = useState<string>();
  const { history, first, rows, total, page, rowsPerPage, setPage, setRowsPerPage } = useMovementPages(customer, source, range);
  const { error, isPending, isFetching } = history;
  const chart = useConsumptionSeries(customer, source, range);
  const back = dashboardPath(customer);

  useEffect(() => {
    if (!error) return;
    const shown = alertOf(error);
    if (shown) setAlert(shown);
    // No history for this company, product or feature: back to its products (§2.6).
    else if (errorStatus(error) === 404) {
      notify(errorMessage(error), { type: 'warning' });
      navigate(back, { replace: true });
    } else notify(errorMessage(error), { type: 'error' });
  }, [error, notify, navigate, back]);

  // The first answer of the screen had no history at all: back to the products (§2.6).
  if (!isPending && !error && !first) return <Navigate to={back} replace />;

  const points = chart.data;
  const series = consumptionSeries(points?.points ?? [], points?.interval ?? 'day', range.startDate, range.endDate);
  return (
    <Stack spacing={2}>
      <CustomerCard history={first} />
      <Card component="section" aria-label={translate('resources.dashboard.movements.table')}>
        <CardContent sx={{ pb: 0 }}>
          <MovementFilter initial={initial} customer={customer} source={source} canExport={canExport} onSearch={setRange} />
        </CardContent>
        <MovementsTable
          rows={rows}
          total={total}
          page={page}
          rowsPerPage={rowsPerPage}
          loading={isPending || isFetching}
          onPage={setPage}
          onRowsPerPage={setRowsPerPage}
        />
      </Card>
      <Card>
        <CardContent>{chart.isPending ? <Skeleton variant="rounded" height={200} /> : <ConsumptionChart series={series} />}</CardContent>
      </Card>
      <AlertDialog title={translate('resources.dashboard.movements.failed_title')} message={alert} onClose={() => setAlert(undefined)} />
    </Stack>
  );
};

/**
 * Movimiento del producto (catalogue-and-dashboards.md §2.6, §4, §5): the company's card, the
 * date filter with 'Buscar' and 'Excel', the movements 100 at a time and their consumption over
 * time. Without a package to show (the address names none, or the server has no history of it)
 * it goes back to 'Productos adquiridos'.
 */
const MovementsPage = () => {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const customer = useDashboardCustomer();
  const source = movementSourceOf(params);
  const back = dashboardPath(customer);
  if (!customer || !source) return <Navigate to={back} replace />;
  return (
    <Box sx={{ mt: 1, minWidth: 0 }}>
      <DashboardHeader title={translate('resources.dashboard.movements.title')} back={back} />
      <Movements customer={customer} source={source} />
    </Box>
  );
};

export default MovementsPage;
