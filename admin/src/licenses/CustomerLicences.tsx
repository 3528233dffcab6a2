import AddIcon from '@mui/icons-material/Add';
import DonutLargeIcon from '@mui/icons-material/DonutLarge';
import EditIcon from '@mui/icons-material/Edit';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Button, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useRefresh, useTranslate } from 'react-admin';
import { formatDate } from '@licencias/common/dates';
import { formatNumber } from '@licencias/common/format';
import { CATALOGUE_MESSAGES } from '../components/errors';
import { DialogLoading } from '../components/DialogLoading';
import type { Customer } from './companyForm';
import { LICENCE_RELOAD_MS, type Licence } from './licenceForm';
import { useCustomerLicences } from './useCustomerLicences';

const BagsDialog = lazy(() => import('./BagsDialog').then((module) => ({ default: module.BagsDialog })));
const LicenceDialog = lazy(() => import('./LicenceDialog').then((module) => ({ default: module.LicenceDialog })));

/** The base-licence badge of §2: the server's `isActive` (active and within its dates as of the read). */
const StateBadge = ({ licence }: { licence: Licence }) => {
  const translate = useTranslate();
  const active = licence.isActive;
  return (
    <Chip
      size="small"
      color={active ? 'success' : 'default'}
      variant={active ? 'filled' : 'outlined'}
      label={translate(active ? 'resources.licences.states.active' : 'resources.licences.states.inactive')}
      data-testid="licence-state"
    />
  );
};

const LicenceRow = ({ licence, serviceName, onEdit }: { licence: Licence; serviceName: string; onEdit: () => void }) => {
  const translate = useTranslate();
  const field = (name: string) => translate(`resources.licences.fields.${name}`);
  const name = `${serviceName} · ${licence.packageSnapshot.packageName ?? licence.packageSnapshot.packageCode ?? ''}`;
  return (
    <Accordion disableGutters variant="outlined" slotProps={{ transition: { unmountOnExit: true } }} data-testid="licence-row">
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-label={name}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 2 }} sx={{ alignItems: { sm: 'center' }, minWidth: 0, flex: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 500, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatDate(licence.effectiveAt)} – {licence.expiresAt ? formatDate(licence.expiresAt) : field('no_end')}
          </Typography>
          <Box>
            <StateBadge licence={licence} />
          </Box>
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        {licence.contractNumber && (
          <Typography variant="body2" sx={{ mb: 1 }}>
            {field('contractNumber')}: {licence.contractNumber}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary" component="div">
          {field('transactionRanges')}
        </Typography>
        {!licence.transactionRanges.length && (
          <Typography variant="body2" sx={{ mb: 1 }}>
            {field('no_ranges')}
          </Typography>
        )}
        <Box component="ul" sx={{ m: 0, mb: 1, pl: 2.5 }}>
          {licence.transactionRanges.map((range) => (
            <Typography component="li" variant="body2" key={range.id}>
              {formatNumber(range.rangeMinimum)} – {formatNumber(range.rangeMaximum)}: $ {formatNumber(range.rangePrice)}
            </Typography>
          ))}
        </Box>
        <Button size="small" startIcon={<EditIcon />} onClick={onEdit}>
          {translate('resources.licences.actions.edit')}
        </Button>
      </AccordionDetails>
    </Accordion>
  );
};

/**
 * The licences of a company, under its opened row in 'Licencias y consumos' (§2): one expandable
 * row per licence with the Activa/Inactiva badge and its ranges, 'Añadir licencia' and 'Editar
 * licencia'. After adding, the list reloads 3 s later (§4).
 */
export const CustomerLicences = ({ customer }: { customer: Customer }) => {
  const translate = useTranslate();
  const refresh = useRefresh();
  const [dialog, setDialog] = useState<{ licence?: Licence } | null>(null);
  const [bags, setBags] = useState(false);
  const reload = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(reload.current), []);
  const { licences, isPending, error, serviceName } = useCustomerLicences(customer.id);
  const saved = (kind: 'add' | 'update') => {
    setDialog(null);
    if (kind === 'update') refresh();
    else reload.current = setTimeout(refresh, LICENCE_RELOAD_MS);
  };
  return (
    <Box component="section" aria-label={translate('resources.customers.list.licences')}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="h3" color="primary">
          {translate('resources.customers.list.licences')}
        </Typography>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button size="small" startIcon={<DonutLargeIcon />} onClick={() => setBags(true)} disabled={!licences?.length}>
            {translate('resources.licences.bags.open')}
          </Button>
          <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => setDialog({})}>
            {translate('resources.licences.actions.add_licence')}
          </Button>
        </Stack>
      </Stack>
      {isPending ? (
        <CircularProgress size={20} aria-label={translate('ra.page.loading')} />
      ) : error ? (
        <Typography color="error" variant="body2">
          {CATALOGUE_MESSAGES.noInformation}
        </Typography>
      ) : !licences?.length ? (
        <Typography variant="body2" color="text.secondary">
          {translate('resources.licences.empty')}
        </Typography>
      ) : (
        licences.map((licence) => (
          <LicenceRow key={licence.id} licence={licence} serviceName={serviceName(licence.serviceId)} onEdit={() => setDialog({ licence })} />
        ))
      )}
      {bags && (
        <Suspense fallback={<DialogLoading />}>
          <BagsDialog customer={customer} onClose={() => setBags(false)} />
        </Suspense>
      )}
      {dialog && (
        <Suspense fallback={<DialogLoading />}>
          <LicenceDialog customerId={customer.id} licence={dialog.licence} onClose={() => setDialog(null)} onSaved={saved} />
        </Suspense>
      )}
    </Box>
  );
};
