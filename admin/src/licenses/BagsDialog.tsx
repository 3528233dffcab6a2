import CloseIcon from '@mui/icons-material/Close';
import FilterListIcon from '@mui/icons-material/FilterList';
import {
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useId, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { formatDate } from '@licencias/common/dates';
import { formatNumber } from '@licencias/common/format';
import { availabilityLabel } from '@licencias/common/rules';
import { CATALOGUE_MESSAGES } from '../components/errors';
import { type Bag, bagColour, bagsOf, type BagSort, sortBags } from './bags';
import type { Customer } from './companyForm';
import { useMayExport } from '../workbook/workbook';
import { ConsumptionExportButton } from './ConsumptionExportButton';
import { useCustomerLicences } from './useCustomerLicences';

const SORTS: BagSort[] = ['az', 'za', 'newest', 'oldest'];

const Figure = ({ label, children }: { label: string; children: string }) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Typography variant="body2" component="div">
      {children}
    </Typography>
  </Box>
);

/** One bag: its figures and a bar of the use, coloured by the shared availability rule. */
const BagRow = ({ bag }: { bag: Bag }) => {
  const translate = useTranslate();
  const field = (name: string) => translate(`resources.licences.bags.${name}`);
  const label = availabilityLabel(bag.percentageUsed, bag.unlimited);
  const colour = bagColour(bag);
  const unlimited = field('unlimited');
  return (
    <Box component="li" sx={{ listStyle: 'none', py: 1.5, borderBottom: 1, borderColor: 'divider' }} data-testid="bag-row">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 500, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {bag.serviceName} · {bag.packageName} · {bag.feature}
        </Typography>
        {label && <Chip size="small" color={colour === 'error' ? 'error' : 'warning'} label={label} data-testid="bag-availability" />}
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(5, minmax(0, 1fr))' }, gap: 1 }}>
        <Figure label={field('totalPlan')}>{bag.unlimited ? unlimited : formatNumber(bag.totalPlan)}</Figure>
        <Figure label={field('totalUsed')}>{formatNumber(bag.totalUsed)}</Figure>
        <Figure label={field('totalAvailable')}>{bag.unlimited ? unlimited : formatNumber(bag.totalAvailable)}</Figure>
        <Figure label={field('percentageUsed')}>{bag.unlimited ? '—' : `${formatNumber(bag.percentageUsed)} %`}</Figure>
        <Figure label={field('lastUseDate')}>{bag.lastUseDate ? formatDate(bag.lastUseDate) : '—'}</Figure>
      </Box>
      {!bag.unlimited && (
        <LinearProgress
          variant="determinate"
          value={bag.percentageUsed}
          color={colour}
          aria-label={`${field('percentageUsed')} ${bag.feature}`}
          sx={{ mt: 1, height: 8, borderRadius: 1 }}
        />
      )}
    </Box>
  );
};

/**
 * 'Ver bolsas' (licences-and-agreements §2): the company's bags, filtered by product ('Filtrar',
 * 'Aplicar filtro'), sorted ('Ordenar'), with chips for the active filters; each row shows
 * totalPlan, totalUsed, totalAvailable, percentageUsed and lastUseDate with a bar of the use.
 */
export const BagsDialog = ({ customer, onClose }: { customer: Customer; onClose: () => void }) => {
  const translate = useTranslate();
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [sort, setSort] = useState<BagSort>('az');
  const [choosing, setChoosing] = useState(false);
  const [draft, setDraft] = useState<number | ''>('');
  const [serviceId, setServiceId] = useState<number | null>(null);
  const { licences, isPending, error, serviceName } = useCustomerLicences(customer.id);
  const all = useMemo(() => bagsOf(licences ?? [], serviceName), [licences, serviceName]);
  const products = [...new Set(all.map((bag) => bag.serviceId))].map((id) => ({ id, name: serviceName(id) }));
  const shown = sortBags(
    all.filter((bag) => serviceId === null || bag.serviceId === serviceId),
    sort,
  );
  const field = (name: string) => translate(`resources.licences.bags.${name}`);
  const mayExport = useMayExport('exportConsumptionDetail');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby={titleId} data-testid="bags-dialog">
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {field('title')}
      </DialogTitle>
      <IconButton aria-label={translate('ra.action.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
          <Button size="small" startIcon={<FilterListIcon />} onClick={() => setChoosing((open) => !open)}>
            {field('filter')}
          </Button>
          <TextField
            select
            size="small"
            label={field('sort')}
            value={sort}
            onChange={(event) => setSort(event.target.value as BagSort)}
            fullWidth={false}
            sx={{ width: 240 }}
          >
            {SORTS.map((option) => (
              <MenuItem key={option} value={option}>
                {field(`sorts.${option}`)}
              </MenuItem>
            ))}
          </TextField>
          {mayExport && <ConsumptionExportButton customerId={customer.id} serviceId={serviceId} />}
        </Stack>
        {choosing && (
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
            <TextField
              select
              size="small"
              label={field('product')}
              value={draft}
              onChange={(event) => setDraft(Number(event.target.value))}
              sx={{ minWidth: 200 }}
            >
              {products.map((product) => (
                <MenuItem key={product.id} value={product.id}>
                  {product.name}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="contained"
              size="small"
              disabled={draft === ''}
              onClick={() => {
                setServiceId(draft === '' ? null : draft);
                setChoosing(false);
              }}
            >
              {field('apply')}
            </Button>
          </Stack>
        )}
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mb: 1 }} aria-label={field('active_filters')} role="group">
          <Chip size="small" label={`${field('company')}: ${customer.legalName || [customer.firstName, customer.lastName].filter(Boolean).join(' ')}`} />
          {serviceId !== null && (
            <Chip
              size="small"
              label={`${field('product')}: ${serviceName(serviceId)}`}
              onDelete={() => {
                setServiceId(null);
                setDraft('');
              }}
            />
          )}
        </Stack>
        {isPending ? (
          <CircularProgress size={20} aria-label={translate('ra.page.loading')} />
        ) : error ? (
          <Typography color="error">{CATALOGUE_MESSAGES.noInformation}</Typography>
        ) : !shown.length ? (
          <Typography color="text.secondary">{field('empty')}</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, p: 0 }}>
            {shown.map((bag) => (
              <BagRow key={bag.id} bag={bag} />
            ))}
          </Box>
        )}
      </DialogContent>
    </Dialog>
  );
};
