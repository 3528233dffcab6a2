import { Box, Card, CardContent, Skeleton, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router';
import { dayToText } from '@licencias/common/dates';
import { errorMessage, errorStatus } from '../components/errors';
import { LoadFailure } from '../components/LoadFailure';
import { dashboardPath, useDashboardCustomer } from './customer';
import { useContractDetail, type ContractDetail } from './dashboardApi';
import { DashboardHeader } from './DashboardHeader';
import { contractQuantity } from './format';

const Item = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography component="dt" variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
      {children || '—'}
    </Typography>
  </Box>
);

const GRID = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, minmax(0, 1fr))' }, gap: 1.5, m: 0 } as const;

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card component="section" aria-label={title}>
    <CardContent>
      <Typography variant="h6" component="h2" color="primary" sx={{ mb: 1.5, fontSize: '1.05rem' }}>
        {title}
      </Typography>
      {children}
    </CardContent>
  </Card>
);

/** The contract (§2.7): opportunity number, customer, product, validity, and its services. */
const Contract = ({ contract }: { contract: ContractDetail }) => {
  const translate = useTranslate();
  const label = (key: string) => translate(`resources.dashboard.contract.${key}`);
  const customer = (key: string) => translate(`resources.dashboard.customer.${key}`);
  const { customer: company } = contract;
  const end = (day: string | null) => (day ? dayToText(day) : translate('resources.dashboard.products.no_end'));
  return (
    <Stack spacing={2} data-testid="contract-detail">
      <Section title={label('section')}>
        <Box component="dl" sx={GRID}>
          <Item label={label('opportunity')}>{contract.contractNumber}</Item>
          <Item label={label('product')}>{company.serviceName}</Item>
          <Item label={label('start')}>{company.contractStartDate ? dayToText(company.contractStartDate) : ''}</Item>
          <Item label={label('end')}>{end(company.contractEndDate)}</Item>
        </Box>
      </Section>
      <Section title={customer('title')}>
        <Box component="dl" sx={GRID}>
          <Item label={customer('name')}>{company.name}</Item>
          <Item label={customer('document')}>{`${company.documentType} ${company.documentNumber}`.trim()}</Item>
          <Item label={customer('personType')}>{customer(`person_types.${company.personType === 'N' ? 'N' : 'J'}`)}</Item>
          <Item label={customer('email')}>{company.email}</Item>
          <Item label={customer('phone')}>{company.cellphoneNumber}</Item>
        </Box>
      </Section>
      <Section title={label('services')}>
        {contract.services.length ? (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={label('services')} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
              <TableHead>
                <TableRow>
                  <TableCell>{label('services')}</TableCell>
                  <TableCell align="right">{label('quantity')}</TableCell>
                  <TableCell>{label('start')}</TableCell>
                  <TableCell>{label('end')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {contract.services.map((service, index) => (
                  <TableRow key={`${service.packageDescription}-${index}`} data-testid="contract-service-row">
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{service.packageDescription}</TableCell>
                    <TableCell align="right">
                      {service.quantity === null ? translate('resources.dashboard.unlimited') : contractQuantity(service.quantity)}
                    </TableCell>
                    <TableCell>{dayToText(service.effectiveDate)}</TableCell>
                    <TableCell>{end(service.expirationDate)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : (
          <Typography variant="body2" color="text.secondary" role="status">
            {label('no_services')}
          </Typography>
        )}
      </Section>
    </Stack>
  );
};

const DetailSkeleton = () => (
  <Stack spacing={2} data-testid="contract-loading" aria-busy>
    {[120, 160, 140].map((height, index) => (
      <Skeleton key={index} variant="rounded" height={height} />
    ))}
  </Stack>
);

/** Detalle del contrato (catalogue-and-dashboards.md §2.7): ?contractNumber=&serviceFeatureId= of a package's contract row. */
const ContractInfoPage = () => {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const customer = useDashboardCustomer();
  const contractNumber = params.get('contractNumber')?.trim() || undefined;
  const feature = Number(params.get('serviceFeatureId'));
  const { data, isPending, error, refetch } = useContractDetail(contractNumber, Number.isSafeInteger(feature) && feature > 0 ? feature : undefined);
  const status = errorStatus(error);
  return (
    <Box sx={{ mt: 1, minWidth: 0 }}>
      <DashboardHeader title={translate('resources.dashboard.contract.title')} back={dashboardPath(customer)} />
      {!contractNumber || status === 404 || (!isPending && !error && !data) ? (
        <Card variant="outlined" role="status">
          <CardContent>
            <Typography color="text.secondary">{status === 404 ? errorMessage(error) : translate('resources.dashboard.contract.not_found')}</Typography>
          </CardContent>
        </Card>
      ) : error ? (
        <LoadFailure onRetry={() => void refetch()} />
      ) : isPending || !data ? (
        <DetailSkeleton />
      ) : (
        <Contract contract={data} />
      )}
    </Box>
  );
};

export default ContractInfoPage;
