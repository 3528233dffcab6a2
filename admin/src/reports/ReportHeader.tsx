import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import { Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { DashboardHeader } from '../dashboard/DashboardHeader';
import type { ReportInterval } from './reportQuery';
import { windowDay } from './reportFormat';
import type { ReportType } from './reportTypes';

/** The i18n key of a report view's title (§2.3: 'Reporte general de consumo', 'Reporte de consumo', and the cards' names). */
export const reportTitleKey = (type: ReportType) => `resources.reports.titles.${type}`;

/** The report's title (also the app bar's and the tab's) and the window the server answered: 'Del 09/09/2026 al 07/12/2026, por semana'. */
export const ReportHeader = ({ type, window }: { type: ReportType; window: { from: string; to: string; interval: ReportInterval } | undefined }) => {
  const translate = useTranslate();
  const title = translate(reportTitleKey(type));
  const subtitle = window
    ? translate('resources.reports.window', {
        from: windowDay(window.from),
        to: windowDay(window.to),
        interval: translate(`resources.reports.by_interval.${window.interval}`),
      })
    : undefined;
  return <DashboardHeader title={title} subtitle={subtitle} />;
};

/** A card of the report with its heading; `table`: the table runs to the card's edges. */
export const ReportSection = ({ title, table, children, testId }: { title: string; table?: boolean; children: ReactNode; testId?: string }) => (
  <Card component="section" aria-label={title} data-testid={testId}>
    <CardContent sx={table ? { pb: 0 } : undefined}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: table ? 0 : 1 }}>
        {title}
      </Typography>
      {!table && children}
    </CardContent>
    {table && children}
  </Card>
);

/** A company's report without its company: the filter asks for it. */
export const CompanyRequired = () => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" role="status">
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
          <BusinessOutlinedIcon />
          <Typography variant="body2">{translate('resources.reports.company.required')}</Typography>
        </Stack>
      </CardContent>
    </Card>
  );
};
