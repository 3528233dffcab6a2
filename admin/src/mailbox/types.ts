import type { components } from '@licencias/common/schema';

/** A message of the development mailbox (GET /api/v1/mail-messages). */
export type MailMessage = components['schemas']['MailMessage'];
/** A message with its content (GET /api/v1/mail-messages/{id}). */
export type MailMessageDetail = components['schemas']['MailMessageDetail'];
