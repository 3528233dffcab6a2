import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { MailMessage } from './types';

const COLOURS = { QUEUED: 'default', SENT: 'success', FAILED: 'error' } as const;

/** The delivery state of a message as a small coloured chip. */
export const MailState = ({ state }: { state: MailMessage['state'] }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={COLOURS[state]}
      label={translate(`resources.mail-messages.states.${state}`)}
      variant={state === 'QUEUED' ? 'outlined' : 'filled'}
    />
  );
};
