import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { IconButton, Tooltip } from '@mui/material';
import { useNavigate, useTranslate } from 'react-admin';
import { EditAgreementButton } from './EditAgreementButton';
import type { AgreementPrivileges } from './privileges';
import { detailPath } from './routes';
import type { AgreementSummary } from './types';

/** The detail icon and the edit icon of a listed agreement. */
export const AgreementRowActions = ({ row, privileges, today }: { row: AgreementSummary; privileges: AgreementPrivileges; today: string }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <>
      <Tooltip title={translate('resources.agreements.actions.detail')}>
        <IconButton
          size="small"
          aria-label={`${translate('resources.agreements.actions.detail')} ${row.contractNumber}`}
          onClick={() => navigate(detailPath(row.id))}
        >
          <VisibilityOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <EditAgreementButton row={row} privileges={privileges} today={today} />
    </>
  );
};
