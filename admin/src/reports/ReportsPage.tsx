import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import WidgetsOutlinedIcon from '@mui/icons-material/WidgetsOutlined';
import { Box, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { openReport, REPORT_CARDS, reportViewUrl } from './reportTypes';

const ICONS = {
  services: WidgetsOutlinedIcon,
  support: SupportAgentOutlinedIcon,
  promo: ConfirmationNumberOutlinedIcon,
  consumption: InsightsOutlinedIcon,
} as const;

/**
 * Informes (catalogue-and-dashboards.md §2.3, REPORTS): four cards, 'Gestión Servicios',
 * 'Soporte por Cliente', 'Códigos Promocionales' and 'Reporte de Consumo'; each opens its report
 * in a new tab at /license/reports/reportView?reportType=….
 */
const ReportsPage = () => {
  const translate = useTranslate();
  const title = translate('resources.reports.title');
  return (
    <Box sx={{ mt: 1, minWidth: 0 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        {translate('resources.reports.intro')}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
        }}
        data-testid="report-cards"
      >
        {REPORT_CARDS.map(({ type, icon }) => {
          const Icon = ICONS[icon];
          const name = translate(`resources.reports.cards.${type}.title`);
          return (
            <Box component="li" key={type} sx={{ minWidth: 0, display: 'flex' }}>
              <Card sx={{ flex: 1, display: 'flex' }}>
                <CardActionArea
                  onClick={() => openReport(reportViewUrl(type))}
                  aria-label={`${name}. ${translate('resources.reports.opens_in_new_tab')}`}
                  data-testid={`report-card-${type}`}
                  sx={{ display: 'flex', alignItems: 'stretch', justifyContent: 'flex-start' }}
                >
                  <CardContent sx={{ width: '100%' }}>
                    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
                      <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', borderRadius: '50%', p: 1, display: 'flex', flexShrink: 0 }}>
                        <Icon aria-hidden />
                      </Box>
                      <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem', flex: 1, minWidth: 0 }}>
                        {name}
                      </Typography>
                      <OpenInNewIcon fontSize="small" color="action" aria-hidden />
                    </Stack>
                    <Typography variant="body2" color="text.secondary">
                      {translate(`resources.reports.cards.${type}.description`)}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
};

export default ReportsPage;
