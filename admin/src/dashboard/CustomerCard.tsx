import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ConsumptionHistory } from './dashboardApi';

/** 'Información del cliente' of 'Movimiento del producto' (§3 Consumption history). */
export const CustomerCard = ({ history }: { history: ConsumptionHistory | null | undefined }) => {
  const translate = useTranslate();
  const label = (key: string) => translate(`resources.dashboard.customer.${key}`);
  const items = history
    ? [
        { key: 'name', value: history.customerName },
        { key: 'document', value: `${history.documentType} ${history.documentNumber}`.trim() },
        { key: 'personType', value: label(`person_types.${history.personType === 'N' ? 'N' : 'J'}`) },
        { key: 'email', value: history.email },
        { key: 'phone', value: history.phoneNumber },
        { key: 'service', value: history.descriptionService || history.serviceName },
      ]
    : [];
  return (
    <Card component="section" aria-label={label('title')} data-testid="customer-card">
      <CardContent>
        <Typography variant="h6" component="h2" color="primary" sx={{ mb: 1.5, fontSize: '1.05rem' }}>
          {label('title')}
        </Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, minmax(0, 1fr))' }, gap: 1.5, m: 0 }}>
          {history
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
            : [0, 1, 2, 3, 4, 5].map((cell) => <Skeleton key={cell} height={40} />)}
        </Box>
      </CardContent>
    </Card>
  );
};
