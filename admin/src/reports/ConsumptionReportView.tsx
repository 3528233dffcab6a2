import { Box, Card, CardContent, Skeleton, Stack, Typography, useTheme } from '@mui/material';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { useMayExport } from '../workbook/workbook';
import { CompanyCard } from './CompanyCard';
import { CompanyReportLink } from './CompanyReportLink';
import { FigureCards } from './FigureCards';
import { useConsumptionReport, type ConsumptionFigures, type ConsumptionReportRow } from './reportApi';
import { ReportChart } from './ReportChart';
import { ReportFilter } from './ReportFilter';
import { CODE, quantity } from './reportFormat';
import { CompanyRequired, ReportHeader, ReportSection } from './ReportHeader';
import { reportBars } from './reportSeries';
import { ReportTable, type ReportColumn } from './ReportTable';
import type { ReportType } from './reportTypes';
import { useReportErrors, useReportSearch, useSeen } from './useReportView';

const FIGURES: readonly (keyof ConsumptionFigures)[] = ['used', 'consumed', 'reversed', 'granted', 'expired', 'adjusted', 'movements'];

/**
 * 'Reporte general de consumo' (every company) and a company's 'Reporte de consumo' (its card on
 * top; `claimCreate` of the address as the feature): the ledger's consumption by period and by
 * service and feature, with its totals. From the general one, a company's opens in a new tab.
 */
export const ConsumptionReportView = ({ type }: { type: Extract<ReportType, 'GeneralConsumptionReport' | 'KibanaConsumptionReport'> }) => {
  const translate = useTranslate();
  const theme = useTheme();
  const label = (key: string) => translate(`resources.reports.consumption.${key}`);
  const canExport = useMayExport('exportConsumptionReport');
  const { initial, query, search } = useReportSearch(type);
  const { data, error, isPending, isFetching } = useConsumptionReport(query);
  useReportErrors(error);
  const rows = data?.rows;
  const services = useSeen(
    useMemo(() => rows?.map((row) => ({ id: row.serviceId, serviceName: row.serviceName, appName: row.appName })), [rows]),
    (service) => String(service.id),
  );
  const features = useSeen(
    useMemo(() => rows?.map((row) => ({ code: row.serviceFeatureCode, description: row.featureDescription })), [rows]),
    (feature) => feature.code,
  );
  const company = type === 'KibanaConsumptionReport';
  const columns: ReportColumn<ConsumptionReportRow>[] = [
    {
      key: 'service',
      label: label('service'),
      render: (row) => (
        <>
          {row.serviceName}
          {row.appName && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {row.appName}
            </Typography>
          )}
        </>
      ),
    },
    {
      key: 'feature',
      label: label('feature'),
      render: (row) => (
        <>
          <Box component="span" sx={CODE}>
            {row.serviceFeatureCode}
          </Box>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {row.featureDescription}
          </Typography>
        </>
      ),
    },
    { key: 'consumed', label: label('consumed'), align: 'right', wide: true, render: (row) => quantity(row.consumed) },
    { key: 'reversed', label: label('reversed'), align: 'right', wide: true, render: (row) => quantity(row.reversed) },
    { key: 'used', label: label('used'), align: 'right', render: (row) => quantity(row.used) },
    { key: 'granted', label: label('granted'), align: 'right', wide: true, render: (row) => quantity(row.granted) },
    { key: 'expired', label: label('expired'), align: 'right', wide: true, render: (row) => quantity(row.expired) },
    { key: 'movements', label: label('movements'), align: 'right', wide: true, render: (row) => quantity(row.movements) },
  ];
  const period = data?.window;
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <ReportHeader type={type} window={query && period} />
      {company && query && <CompanyCard customer={data?.customer} />}
      <Card component="section" aria-label={translate('resources.reports.filter')}>
        <CardContent>
          <ReportFilter type={type} initial={initial} canExport={canExport} services={services} features={features} onSearch={search} />
          {!company && <CompanyReportLink featureCode={query?.serviceFeatureCode} />}
        </CardContent>
      </Card>
      {!query ? (
        <CompanyRequired />
      ) : (
        <>
          <FigureCards count={FIGURES.length} figures={data && FIGURES.map((key) => ({ key, label: label(key), value: quantity(data.totals[key]) }))} />
          <ReportSection title={label('chart')}>
            {data && period ? (
              <ReportChart
                title={translate(`resources.reports.chart.consumption.${period.interval}`)}
                series={[{ label: label('used'), color: theme.palette.primary.main }]}
                bars={reportBars(data.points, period, (point) => [point.used], 1)}
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
              rowKey={(row) => `${row.serviceId}-${row.serviceFeatureCode}`}
              loading={isFetching}
              testId="consumption-table"
            />
          </ReportSection>
        </>
      )}
    </Stack>
  );
};
