import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link, useSearchParams } from 'react-router';
import { ConsumptionReportView } from './ConsumptionReportView';
import { CustomerSupportView } from './CustomerSupportView';
import { PromoCodeView } from './PromoCodeView';
import { reportTypeOf } from './reportTypes';
import { ServiceManagementView } from './ServiceManagementView';

/** An address without a report of 'Informes'. */
const UnknownReport = () => {
  const translate = useTranslate();
  return (
    <>
      <Title title={translate('app.page.reports')} />
      <Card sx={{ mt: 2 }} role="alert">
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <ReportProblemOutlinedIcon color="warning" fontSize="large" />
            <Typography variant="body1">{translate('resources.reports.unknown_type')}</Typography>
          </Stack>
          <Button component={Link} to="/reports" sx={{ mt: 2 }}>
            {translate('resources.reports.title')}
          </Button>
        </CardContent>
      </Card>
    </>
  );
};

/**
 * A report of 'Informes' (catalogue-and-dashboards.md §2.3), opened in its own tab at
 * /license/reports/reportView?reportType=… (the storefront's route lands here, /admin/reports/view,
 * with the same query): 'Reporte general de consumo', a company's 'Reporte de consumo',
 * 'Gestión Servicios', 'Soporte por Cliente' or 'Códigos Promocionales', each from the last 90
 * days, with its filter, chart, totals, table and Excel.
 */
const ReportViewPage = () => {
  const [params] = useSearchParams();
  const type = reportTypeOf(params.get('reportType'));
  // A new address is a new report (its filter starts again from it).
  const key = params.toString();
  return (
    <Box sx={{ mt: 1, minWidth: 0 }} data-testid="report-view">
      {type === 'GeneralConsumptionReport' || type === 'KibanaConsumptionReport' ? (
        <ConsumptionReportView key={key} type={type} />
      ) : type === 'ServiceManagementReport' ? (
        <ServiceManagementView key={key} />
      ) : type === 'CustomerSupportReport' ? (
        <CustomerSupportView key={key} />
      ) : type === 'PromotionalCodeReport' ? (
        <PromoCodeView key={key} />
      ) : (
        <UnknownReport />
      )}
    </Box>
  );
};

export default ReportViewPage;
