import EditIcon from '@mui/icons-material/Edit';
import { IconButton, Stack, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { type StateRecord, type StateResource, StateToggle } from './StateToggle';

/** The edit icon and the active switch of a catalogue row, each only as the user's privileges allow. */
export const RowActions = ({
  resource,
  record,
  name,
  canEdit,
  canToggle,
  onEdit,
}: {
  resource: StateResource;
  record: StateRecord;
  /** What the row is called, for the buttons' accessible names. */
  name: string;
  canEdit: boolean;
  canToggle: boolean;
  onEdit: () => void;
}) => {
  const translate = useTranslate();
  return (
    <Stack direction="row" sx={{ alignItems: 'center' }}>
      {canEdit && (
        <Tooltip title={translate('ra.action.edit')}>
          <IconButton size="small" aria-label={`${translate('ra.action.edit')} ${name}`} onClick={onEdit}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <StateToggle resource={resource} record={record} disabled={!canToggle} />
    </Stack>
  );
};
