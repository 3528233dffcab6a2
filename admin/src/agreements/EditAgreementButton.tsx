import EditIcon from '@mui/icons-material/Edit';
import { IconButton, Tooltip } from '@mui/material';
import { useNavigate, useTranslate } from 'react-admin';
import { canEditAgreement } from '@licencias/common/rules';
import type { AgreementPrivileges } from './privileges';
import { calendarDay } from './format';
import { editPath } from './routes';
import type { AgreementSummary } from './types';

/** The list's edit icon: enabled by canEditAgreement (§2), otherwise greyed out and inert. */
export const EditAgreementButton = ({ row, privileges, today }: { row: AgreementSummary; privileges: AgreementPrivileges; today: string }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const enabled = canEditAgreement(privileges, calendarDay(row.contractEndDate), today);
  const label = `${translate('resources.agreements.actions.edit')} ${row.contractNumber}`;
  return (
    <Tooltip title={enabled ? translate('resources.agreements.actions.edit') : ''}>
      <span>
        <IconButton size="small" aria-label={label} disabled={!enabled} onClick={() => navigate(editPath(row.id))}>
          <EditIcon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
};
