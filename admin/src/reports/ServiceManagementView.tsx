import { Card, CardContent, Skeleton, Stack, Typography, useTheme } from '@mui/material';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { useMayExport } from '../workbook/workbook';
import { FigureCards } from './FigureCards';
import { LICENCE_ORIGINS, useServiceManagementReport, type ServiceManagementReport, type ServiceManagementRow } from './reportApi';
import { ReportChart } from './ReportChart';
import { ReportFilter } from './ReportFilter';
import { quantity } from './reportFormat';
import { ReportHeader, ReportSection } from './ReportHeader';
import { reportBars } from './reportSeries';
import { ReportTable, type ReportColumn } from './ReportTable';
import { useReportErrors, useReportSearch, useSeen } from './useReportView';

const FIGURES: readonly (keyof ServiceManagementReport['totals'])[] = ['granted', 'active', 'expiring30', 'expiring60', 'expiring90', 'exhausted', 'expired'];

/**
 * 'Gestión Servicios': licences by service and origin (order, trial, agreement, manual): granted
 * and expired in the window, active today, expiring in 30, 60 and 90 days, exhausted bags; the
 * chart stacks the licences granted in each period by origin.
 */
export const ServiceManagementView = () => {
  const translate = useTranslate();
  const theme = useTheme();
  const label = (key: string) => translate(`resources.reports.service_management.${key}`);
  const origin = (key: string) => translate(`resources.reports.origins.${key}`, { _: key });
  const canExport = useMayExport('exportConsumptionReport');
  const { initial, query, search } = useReportSearch('ServiceManagementReport');
  const { data, error, isPending, isFetching } = useServiceManagementReport(query);
  useReportErrors(error);
  const rows = data?.rows;
  const services = useSeen(
    useMemo(() => rows?.map((row) => ({ id: row.serviceId, serviceName: row.serviceName, appName: row.appName })), [rows]),
    (service) => String(service.id),
  );
  const colours = [theme.palette.primary.main, theme.palette.secondary.main, theme.palette.success.main, theme.palette.info.main];
  const series = LICENCE_ORIGINS.map((key, index) => ({ label: origin(key), color: colours[index] ?? theme.palette.grey[500] }));
  const columns: ReportColumn<ServiceManagementRow>[] = [
    {
      key: 'service',
      label: label('service'),
      render: (row) => (
        <>
          {row.serviceName}
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {row.appName}
          </Typography>
          {/* On phones the origin folds under the service. */}
          <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', md: 'none' } }}>
            {origin(row.origin)}
          </Typography>
        </>
      ),
    },
    { key: 'origin', label: label('origin'), wide: true, render: (row) => origin(row.origin) },
    ...FIGURES.map((key): ReportColumn<ServiceManagementRow> => ({
      key,
      label: label(key),
      align: 'right',
      wide: key !== 'granted' && key !== 'active' && key !== 'expired',
      render: (row) => quantity(row[key]),
    })),
  ];
  const period = data?.window;
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <ReportHeader type="ServiceManagementReport" window={period} />
      <Card component="section" aria-label={translate('resources.reports.filter')}>
        <CardContent>
          <ReportFilter type="ServiceManagementReport" initial={initial} canExport={canExport} services={services} features={[]} onSearch={search} />
        </CardContent>
      </Card>
      <FigureCards count={FIGURES.length} figures={data && FIGURES.map((key) => ({ key, label: label(key), value: quantity(data.totals[key]) }))} />
      <ReportSection title={label('chart')}>
        {data && period ? (
          <ReportChart
            title={translate(`resources.reports.chart.licences.${period.interval}`)}
            series={series}
            bars={reportBars(data.points, period, (point) => LICENCE_ORIGINS.map((key) => point[key]), LICENCE_ORIGINS.length)}
          />
        ) : (
          <Skeleton variant="rounded" height={200} />
        )}
      </ReportSection>
      <ReportSection title={label('table')} table>
        <ReportTable
          title={label('table')}
          columns={columns}
          rows={isPending ? undefined : (rows ?? [])}
          rowKey={(row) => `${row.serviceId}-${row.origin}`}
          loading={isFetching}
          testId="service-management-table"
        />
      </ReportSection>
    </Stack>
  );
};
