import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ReportCustomer } from './reportApi';

/** The company of a company's report, on top (its name, document, e-mail and mobile). */
export const CompanyCard = ({ customer }: { customer: ReportCustomer | null | undefined }) => {
  const translate = useTranslate();
  const label = (key: string) => translate(`resources.reports.company.${key}`);
  const items = customer
    ? [
        { key: 'name', value: customer.customerName },
        { key: 'document', value: `${customer.documentType} ${customer.documentNumber}`.trim() },
        { key: 'email', value: customer.email },
        { key: 'phone', value: customer.cellphoneNumber },
      ]
    : [];
  return (
    <Card component="section" aria-label={label('title')} data-testid="company-card">
      <CardContent>
        <Typography variant="h6" component="h2" color="primary" sx={{ mb: 1.5, fontSize: '1.05rem' }}>
          {label('title')}
        </Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' }, gap: 1.5, m: 0 }}>
          {customer
            ? items.map((item) => (
                <Box key={item.key} sx={{ minWidth: 0 }}>
                  <Typography component="dt" variant="caption" color="text.secondary">
                    {label(item.key)}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                    {item.value || '—'}
                  </Typography>
                </Box>
              ))
            : [0, 1, 2, 3].map((cell) => <Skeleton key={cell} height={40} />)}
        </Box>
      </CardContent>
    </Card>
  );
};
