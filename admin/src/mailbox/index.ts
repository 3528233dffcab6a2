import MailOutlineIcon from '@mui/icons-material/MailOutline';
import { lazy } from 'react';
import type { MailMessage } from './types';

/** The development mailbox (MAILBOX, superadmin), on /api/v1/mail-messages. Screens load with the route. */
export default {
  list: lazy(() => import('./MailboxList')),
  show: lazy(() => import('./MailMessageShow')),
  icon: MailOutlineIcon,
  recordRepresentation: (record: MailMessage) => record.subject,
};

export { useMailboxActive } from './useMailboxActive';
