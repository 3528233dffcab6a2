import { Card, CardContent, Skeleton, Stack, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useMayExport } from '../workbook/workbook';
import { FigureCards } from './FigureCards';
import { usePromoCodeReport, type PromoCodeReportRow } from './reportApi';
import { ReportChart } from './ReportChart';
import { ReportFilter } from './ReportFilter';
import { money, quantity } from './reportFormat';
import { ReportHeader, ReportSection } from './ReportHeader';
import { reportBars } from './reportSeries';
import { ReportTable, type ReportColumn } from './ReportTable';
import { useReportErrors, useReportSearch } from './useReportView';

/**
 * 'Códigos Promocionales': by code, the orders that carried it in the window, the approved ones
 * (its effective uses), the discount given and what was charged for them (exact decimals), its
 * quota and what the current period took of it; the chart stacks approved and other orders.
 */
export const PromoCodeView = () => {
  const translate = useTranslate();
  const theme = useTheme();
  const label = (key: string) => translate(`resources.reports.promo_codes.${key}`);
  const canExport = useMayExport('exportConsumptionReport');
  const { initial, query, search } = useReportSearch('PromotionalCodeReport');
  const { data, error, isPending, isFetching } = usePromoCodeReport(query);
  useReportErrors(error);
  const quota = (row: PromoCodeReportRow) =>
    row.useQuantity === null ? label('no_quota') : row.useQuantity === 1 ? label('single_use') : quantity(row.useQuantity);
  const columns: ReportColumn<PromoCodeReportRow>[] = [
    { key: 'code', label: label('code'), render: (row) => row.code },
    { key: 'description', label: label('description'), wide: true, render: (row) => row.description ?? '' },
    { key: 'state', label: label('state'), wide: true, render: (row) => translate(row.active ? 'app.catalogue.active' : 'app.catalogue.inactive') },
    { key: 'orders', label: label('orders'), align: 'right', wide: true, render: (row) => quantity(row.orders) },
    { key: 'redemptions', label: label('redemptions'), align: 'right', render: (row) => quantity(row.redemptions) },
    { key: 'quota', label: label('quota'), align: 'right', wide: true, render: quota },
    { key: 'usedInPeriod', label: label('usedInPeriod'), align: 'right', wide: true, render: (row) => quantity(row.usedInPeriod) },
    { key: 'discount', label: label('discount'), align: 'right', wide: true, render: (row) => money(row.discount) },
    { key: 'revenue', label: label('revenue'), align: 'right', render: (row) => money(row.revenue) },
  ];
  const totals = data?.totals;
  const period = data?.window;
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <ReportHeader type="PromotionalCodeReport" window={period} />
      <Card component="section" aria-label={translate('resources.reports.filter')}>
        <CardContent>
          <ReportFilter type="PromotionalCodeReport" initial={initial} canExport={canExport} services={[]} features={[]} onSearch={search} />
        </CardContent>
      </Card>
      <FigureCards
        figures={
          totals && [
            { key: 'orders', label: label('orders'), value: quantity(totals.orders) },
            { key: 'redemptions', label: label('redemptions'), value: quantity(totals.redemptions) },
            { key: 'discount', label: label('discount'), value: money(totals.discount) },
            { key: 'revenue', label: label('revenue'), value: money(totals.revenue) },
          ]
        }
      />
      <ReportSection title={label('chart')}>
        {data && period ? (
          <ReportChart
            title={translate(`resources.reports.chart.orders.${period.interval}`)}
            series={[
              { label: label('approved'), color: theme.palette.primary.main },
              { label: label('not_approved'), color: theme.palette.grey[400] },
            ]}
            bars={reportBars(data.points, period, (point) => [point.redemptions, Math.max(0, point.orders - point.redemptions)], 2)}
          />
        ) : (
          <Skeleton variant="rounded" height={200} />
        )}
      </ReportSection>
      <ReportSection title={label('table')} table>
        <ReportTable
          title={label('table')}
          columns={columns}
          rows={isPending ? undefined : (data?.rows ?? [])}
          rowKey={(row) => String(row.promotionalCodeId)}
          loading={isFetching}
          testId="promo-code-table"
        />
      </ReportSection>
    </Stack>
  );
};
