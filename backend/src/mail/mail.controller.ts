import { Controller } from '@nestjs/common';
import { ResourceController } from '../contract/resource-controller.js';
import { MailService } from './mail.service.js';

/** The development mailbox (superadmin; 404 when SMTP delivers or in production). */
@Controller()
export class MailController extends ResourceController<MailService>({ resource: 'mail-messages', list: 'listMailMessages', get: 'getMailMessage' }) {
  constructor(mail: MailService) {
    super(mail);
  }
}
