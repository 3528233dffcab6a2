import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDate } from '@licencias/common/dates';
import { formatPercent } from '@licencias/common/format';
import { thousands } from './format';
import type { AgreementAlert } from './types';

/** 'Alertas enviadas': the consumption alerts sent for the agreement's bags (the most recent first). */
export const SentAlerts = ({ alerts, serviceName }: { alerts: readonly AgreementAlert[]; serviceName: (packageCode: string | null) => string }) => {
  const translate = useTranslate();
  const label = (field: string) => translate(`resources.agreements.alerts.${field}`);
  if (!alerts.length) return <Typography variant="body2">{label('empty')}</Typography>;
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('resources.agreements.sections.alerts')} sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell>{label('service')}</TableCell>
            <TableCell>{label('feature')}</TableCell>
            <TableCell align="right">{label('threshold')}</TableCell>
            <TableCell align="right">{label('percentageUsed')}</TableCell>
            <TableCell align="right">{label('usage')}</TableCell>
            <TableCell>{label('crossedAt')}</TableCell>
            <TableCell>{label('sentAt')}</TableCell>
            <TableCell>{label('recipients')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {alerts.map((alert) => (
            <TableRow key={alert.id}>
              <TableCell>{serviceName(alert.packageCode)}</TableCell>
              <TableCell>{alert.serviceFeatureCode}</TableCell>
              <TableCell align="right">{alert.threshold}%</TableCell>
              <TableCell align="right">{formatPercent(alert.percentageUsed)}</TableCell>
              <TableCell align="right">
                {thousands(alert.used)} / {thousands(alert.total)}
              </TableCell>
              <TableCell>{formatDate(alert.crossedAt)}</TableCell>
              <TableCell>{alert.sentAt ? formatDate(alert.sentAt) : label('pending')}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{alert.recipients.join(', ')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
