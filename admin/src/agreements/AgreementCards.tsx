import { Box, List, ListItem, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { AgreementRowActions } from './AgreementRowActions';
import { dayText } from './format';
import type { AgreementPrivileges } from './privileges';
import type { AgreementSummary } from './types';

/** The list on a narrow screen: one item per agreement with its four values and both icons. */
export const AgreementCards = ({ rows, privileges, today }: { rows: readonly AgreementSummary[]; privileges: AgreementPrivileges; today: string }) => {
  const translate = useTranslate();
  const label = (field: string) => translate(`resources.agreements.fields.${field}`);
  return (
    <List dense disablePadding className="compact-list" aria-label={translate('resources.agreements.title')}>
      {rows.map((row) => (
        <ListItem key={row.id} divider sx={{ alignItems: 'flex-start' }} secondaryAction={null}>
          <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {row.serviceDescription}
            </Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {label('contractNumber')}: {row.contractNumber}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {label('contractStartDate')}: {dayText(row.contractStartDate)} · {label('contractEndDate')}: {dayText(row.contractEndDate)}
            </Typography>
          </Stack>
          <Box sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            <AgreementRowActions row={row} privileges={privileges} today={today} />
          </Box>
        </ListItem>
      ))}
    </List>
  );
};
