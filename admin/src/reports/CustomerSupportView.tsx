import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, Card, CardContent, Skeleton, Stack, Typography, useTheme } from '@mui/material';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { useMayExport } from '../workbook/workbook';
import { CompanyCard } from './CompanyCard';
import { FigureCards } from './FigureCards';
import { useCustomerSupportReport, type CustomerSupportReport } from './reportApi';
import { ReportChart } from './ReportChart';
import { ReportFilter } from './ReportFilter';
import { CODE, day, money, quantity } from './reportFormat';
import { CompanyRequired, ReportHeader, ReportSection } from './ReportHeader';
import { reportBars } from './reportSeries';
import { ReportTable, type ReportColumn } from './ReportTable';
import { companyReportUrl, openReport } from './reportTypes';
import { useReportErrors, useReportSearch } from './useReportView';

type Licence = CustomerSupportReport['licences'][number];
type Bag = Licence['bags'][number];
type Order = CustomerSupportReport['orders'][number];
type Trial = CustomerSupportReport['trials'][number];
/** A row of 'Licencias y saldos': one bag of a licence (a licence without bags shows once, without a feature). */
type BagRow = { licence: Licence; bag: Bag | undefined };

/**
 * 'Soporte por Cliente': everything support needs of one company: its card, its last
 * consumption and its consumption in the window, its licences with their bags (total, used,
 * available, last use), its open orders with the last payment's state, and its trials.
 */
export const CustomerSupportView = () => {
  const translate = useTranslate();
  const theme = useTheme();
  const label = (key: string) => translate(`resources.reports.customer_support.${key}`);
  const canExport = useMayExport('exportConsumptionReport');
  const { initial, query, search } = useReportSearch('CustomerSupportReport');
  const { data, error, isPending, isFetching } = useCustomerSupportReport(query);
  useReportErrors(error);
  const bags = useMemo(
    () => data?.licences.flatMap((licence): BagRow[] => (licence.bags.length ? licence.bags.map((bag) => ({ licence, bag })) : [{ licence, bag: undefined }])),
    [data],
  );
  const state = (group: string, key: string) => translate(`resources.reports.customer_support.${group}.${key}`, { _: key });
  const amount = (bag: Bag | undefined, value: number | null | undefined) =>
    !bag ? '' : bag.unlimited && value === null ? translate('resources.reports.unlimited') : quantity(value);
  const bagColumns: ReportColumn<BagRow>[] = [
    {
      key: 'service',
      label: label('service'),
      render: ({ licence }) => (
        <>
          {licence.serviceName}
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {[licence.packageName, translate(`resources.reports.origins.${licence.origin}`, { _: licence.origin })].filter(Boolean).join(' · ')}
          </Typography>
        </>
      ),
    },
    { key: 'contract', label: label('contract'), wide: true, render: ({ licence }) => licence.contractNumber || licence.originReference },
    { key: 'state', label: label('state'), wide: true, render: ({ licence }) => state('licence_states', licence.state) },
    {
      key: 'validity',
      label: label('validity'),
      wide: true,
      render: ({ licence }) => `${day(licence.effectiveAt)} – ${licence.expiresAt ? day(licence.expiresAt) : label('no_end')}`,
    },
    {
      key: 'feature',
      label: label('feature'),
      render: ({ bag }) =>
        bag && (
          <>
            <Box component="span" sx={CODE}>
              {bag.serviceFeatureCode}
            </Box>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {bag.featureDescription}
            </Typography>
          </>
        ),
    },
    { key: 'total', label: label('total'), align: 'right', wide: true, render: ({ bag }) => amount(bag, bag?.total) },
    { key: 'used', label: label('used'), align: 'right', render: ({ bag }) => (bag ? quantity(bag.used) : '') },
    { key: 'available', label: label('available'), align: 'right', render: ({ bag }) => amount(bag, bag?.available) },
    { key: 'lastUsedAt', label: label('lastUsedAt'), wide: true, render: ({ bag }) => day(bag?.lastUsedAt) },
  ];
  const orderColumns: ReportColumn<Order>[] = [
    { key: 'order', label: label('order'), render: (order) => `${order.id}` },
    { key: 'createdAt', label: label('createdAt'), render: (order) => day(order.createdAt) },
    { key: 'state', label: label('state'), render: (order) => translate(`resources.orders.states.${order.state}`, { _: order.state }) },
    {
      key: 'paymentMethod',
      label: label('paymentMethod'),
      wide: true,
      render: (order) => translate(`resources.orders.methods.${order.paymentMethod}`, { _: order.paymentMethod }),
    },
    {
      key: 'lastPayment',
      label: label('lastPayment'),
      wide: true,
      render: (order) => (order.lastPaymentState ? translate(`resources.orders.outcomes.${order.lastPaymentState}`, { _: order.lastPaymentState }) : '—'),
    },
    { key: 'total', label: label('order_total'), align: 'right', render: (order) => money(order.total) },
  ];
  const trialColumns: ReportColumn<Trial>[] = [
    { key: 'service', label: label('service'), render: (trial) => trial.serviceName },
    { key: 'state', label: label('state'), render: (trial) => state('trial_states', trial.state) },
    { key: 'startedAt', label: label('startedAt'), render: (trial) => day(trial.startedAt) },
    { key: 'endsAt', label: label('endsAt'), render: (trial) => (trial.endsAt ? day(trial.endsAt) : label('no_end')) },
  ];
  const period = data?.window;
  const rowsOf = <T,>(rows: T[] | undefined): T[] | undefined => (isPending ? undefined : (rows ?? []));
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <ReportHeader type="CustomerSupportReport" window={query && period} />
      {query && <CompanyCard customer={data?.customer} />}
      <Card component="section" aria-label={translate('resources.reports.filter')}>
        <CardContent>
          <ReportFilter type="CustomerSupportReport" initial={initial} canExport={canExport} services={[]} features={[]} onSearch={search} />
        </CardContent>
      </Card>
      {!query ? (
        <CompanyRequired />
      ) : (
        <>
          <FigureCards
            figures={
              data && [
                { key: 'lastConsumptionAt', label: label('lastConsumptionAt'), value: data.lastConsumptionAt ? day(data.lastConsumptionAt) : label('never') },
                { key: 'used', label: label('used_in_window'), value: quantity(data.totals.used) },
                { key: 'licences', label: label('active_licences'), value: quantity(data.licences.filter((licence) => licence.state === 'ACTIVE').length) },
                { key: 'orders', label: label('open_orders'), value: quantity(data.orders.length) },
              ]
            }
          />
          <ReportSection title={label('chart')}>
            {data && period ? (
              <>
                <ReportChart
                  title={translate(`resources.reports.chart.consumption.${period.interval}`)}
                  series={[{ label: label('used'), color: theme.palette.primary.main }]}
                  bars={reportBars(data.points, period, (point) => [point.used], 1)}
                />
                <Button
                  size="small"
                  startIcon={<OpenInNewIcon />}
                  sx={{ mt: 1 }}
                  onClick={() => openReport(companyReportUrl(data.customer.documentTypeId, data.customer.documentNumber))}
                >
                  {label('open_consumption')}
                </Button>
              </>
            ) : (
              <Skeleton variant="rounded" height={200} />
            )}
          </ReportSection>
          <ReportSection title={label('licences')} table>
            <ReportTable
              title={label('licences')}
              columns={bagColumns}
              rows={rowsOf(bags)}
              rowKey={({ licence, bag }) => `${licence.licenceId}-${bag?.serviceFeatureCode ?? ''}`}
              loading={isFetching}
              testId="support-licences-table"
            />
          </ReportSection>
          <ReportSection title={label('orders')} table>
            <ReportTable title={label('orders')} columns={orderColumns} rows={rowsOf(data?.orders)} rowKey={(order) => String(order.id)} loading={isFetching} />
          </ReportSection>
          <ReportSection title={label('trials')} table>
            <ReportTable title={label('trials')} columns={trialColumns} rows={rowsOf(data?.trials)} rowKey={(trial) => String(trial.id)} loading={isFetching} />
          </ReportSection>
        </>
      )}
    </Stack>
  );
};
