import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import { Accordion, AccordionDetails, AccordionSummary, Box, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { DashboardCustomer } from './customer';
import type { DashboardService } from './dashboardApi';
import { PackagePanel } from './PackagePanel';

const PLAIN = { '&::before': { display: 'none' } } as const;

/** The packages of a service, each opening on its balance panel (read when opened). */
const Packages = ({ customer, service }: { customer: DashboardCustomer; service: DashboardService }) => {
  const [opened, setOpened] = useState<string>();
  return (
    <Box>
      {service.contractedServices.map((pkg) => (
        <Accordion
          key={pkg.packageCode}
          disableGutters
          elevation={0}
          expanded={opened === pkg.packageCode}
          onChange={(_event, expanded) => setOpened(expanded ? pkg.packageCode : undefined)}
          slotProps={{ transition: { unmountOnExit: true } }}
          sx={{ ...PLAIN, border: 1, borderColor: 'divider', borderRadius: 1, mb: 1, '&:last-of-type': { mb: 0 } }}
          data-testid="package-item"
        >
          <AccordionSummary expandIcon={<ExpandMoreIcon />} sx={{ '& .MuiAccordionSummary-content': { minWidth: 0, alignItems: 'center', gap: 1 } }}>
            <Inventory2OutlinedIcon fontSize="small" color="action" />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {pkg.packageDescription}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {pkg.packageCode}
              </Typography>
            </Box>
          </AccordionSummary>
          <AccordionDetails sx={{ px: { xs: 1, sm: 2 } }}>
            <PackagePanel customer={customer} service={service} packageCode={pkg.packageCode} />
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
};

/** 'Productos adquiridos' (§2.4): one collapsible item per service, with its contracted packages. */
export const ServiceList = ({ customer, services }: { customer: DashboardCustomer; services: readonly DashboardService[] }) => {
  const translate = useTranslate();
  // The first service starts open: a company with one product sees its packages at once.
  const [opened, setOpened] = useState<string | undefined>(services[0]?.serviceName);
  return (
    <Box>
      {services.map((service) => (
        <Accordion
          key={service.serviceName}
          disableGutters
          expanded={opened === service.serviceName}
          onChange={(_event, expanded) => setOpened(expanded ? service.serviceName : undefined)}
          sx={{ ...PLAIN, mb: 1.5 }}
          data-testid="service-item"
        >
          <AccordionSummary
            expandIcon={<ExpandMoreIcon />}
            sx={{ '& .MuiAccordionSummary-content': { minWidth: 0, alignItems: 'center', gap: 1, flexWrap: 'wrap' } }}
          >
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {service.name}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Chip size="small" label={translate('resources.dashboard.products.packages', { smart_count: service.contractedServices.length })} />
              {service.requiresSupervision && (
                <Chip size="small" variant="outlined" color="info" label={translate('resources.dashboard.products.supervised')} />
              )}
            </Stack>
          </AccordionSummary>
          <AccordionDetails sx={{ px: { xs: 1, sm: 2 } }}>
            <Packages customer={customer} service={service} />
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
};
