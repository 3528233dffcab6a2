import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { LOCALE } from '../i18n/i18nProvider';
import type { ApiClient } from './types';

/** 'Activo', or 'Revocado' with the date it was revoked and by whom in its tooltip. */
export const ClientState = ({ record }: { record: ApiClient }) => {
  const translate = useTranslate();
  if (!record.revokedAt) return <Chip size="small" color="success" variant="outlined" label={translate('resources.api-clients.states.active')} />;
  const when = new Date(record.revokedAt).toLocaleDateString(LOCALE);
  return (
    <Chip
      size="small"
      label={translate('resources.api-clients.states.revoked')}
      title={translate('resources.api-clients.revoked_on', { date: when, user: record.revokedBy ?? '—' })}
    />
  );
};
