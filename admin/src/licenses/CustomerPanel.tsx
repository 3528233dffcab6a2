import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useCanAccess, useGetOne, useNavigate, useTranslate } from 'react-admin';
import { formatDate } from '@licencias/common/dates';
import { CATALOGUE_MESSAGES } from '../components/errors';
import type { Customer } from './companyForm';
import { CustomerLicences } from './CustomerLicences';
import { documentText, type CompanyLookups } from './lookups';

const Item = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
      {children || '—'}
    </Typography>
  </Box>
);

/** The company's data as saved: read when its row is opened. */
const CompanyDetails = ({ company, lookups }: { company: Customer; lookups: CompanyLookups }) => {
  const translate = useTranslate();
  const field = (name: string) => translate(`resources.customers.fields.${name}`);
  const department = lookups.departments.find((d) => d.id === company.departmentId);
  const city = department?.cities.find((c) => c.id === company.cityId);
  const place = [company.fulladdress, company.addressAdditionalInformation, city?.name, department?.name].filter(Boolean).join(', ');
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }, gap: 1.5, mb: 2 }}
      data-testid="company-details"
    >
      <Item label={field('personType')}>{translate(`resources.customers.person_types.${company.personType}`)}</Item>
      <Item label={field('documentNumber')}>{documentText(company, lookups.documentTypes)}</Item>
      <Item label={field('email')}>{company.email}</Item>
      <Item label={field('cellphoneNumber')}>{company.cellphoneNumber}</Item>
      <Item label={field('fulladdress')}>{place}</Item>
      {company.personType === 'J' && (
        <Item label={translate('resources.customers.list.representative')}>
          {company.legalRepresentativeName &&
            `${company.legalRepresentativeName} · ${documentText({ documentTypeId: company.legalDocumentTypeId, documentNumber: company.legalDocumentNumber ?? '', dv: null }, lookups.documentTypes)}`}
        </Item>
      )}
      <Item label={field('linkToApp')}>{company.linkToApp && translate(`resources.customers.apps.${company.linkToApp}`)}</Item>
      {company.linkToApp === 'biometria' && (
        <Item label={translate('resources.customers.list.contract')}>
          {`${formatDate(company.contractStartDate)} – ${formatDate(company.contractEndDate)}`}
        </Item>
      )}
    </Box>
  );
};

/** 'Productos adquiridos' of the company: its consumption dashboards (catalogue-and-dashboards.md §2.4). */
const OpenDashboard = ({ company }: { company: Customer }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { canAccess = false } = useCanAccess({ resource: 'dashboard', action: 'access' });
  if (!canAccess || !company.documentTypeId || !company.documentNumber) return null;
  const query = new URLSearchParams({ documentType: String(company.documentTypeId), documentNumber: company.documentNumber });
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 1 }}>
      <Button size="small" variant="outlined" startIcon={<DashboardOutlinedIcon />} onClick={() => navigate(`/dashboard?${query}`)}>
        {translate('resources.dashboard.products.title')}
      </Button>
    </Stack>
  );
};

/**
 * What an opened company row shows: the company's data, then its licences (the slot that the
 * licence rows of 'Licencias y consumos' fill).
 */
export const CustomerPanel = ({ id, lookups }: { id: number; lookups: CompanyLookups }) => {
  const translate = useTranslate();
  const { data, isPending, error } = useGetOne<Customer>('customers', { id });
  return (
    <Box sx={{ px: 2, py: 1.5 }} aria-label={translate('resources.customers.list.details')} role="region">
      {isPending ? (
        <CircularProgress size={20} aria-label={translate('ra.page.loading')} />
      ) : error || !data ? (
        <Typography color="error" variant="body2">
          {CATALOGUE_MESSAGES.noInformation}
        </Typography>
      ) : (
        <>
          <OpenDashboard company={data} />
          <CompanyDetails company={data} lookups={lookups} />
          <CustomerLicences customer={data} />
        </>
      )}
    </Box>
  );
};
