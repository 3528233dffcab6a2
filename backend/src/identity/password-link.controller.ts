import { Body, Controller } from '@nestjs/common';
import { Operation } from '../contract/operation.decorator.js';
import type { OpBody } from '../contract/types.js';
import { CustomerAccessService } from './customer-access.service.js';

/** The 'Crea tu contraseña' link's calls (public: the mailed link is the proof of the e-mail). */
@Controller()
export class PasswordLinkController {
  constructor(private readonly access: CustomerAccessService) {}

  @Operation('getPasswordLinkState')
  state(@Body() body: OpBody<'getPasswordLinkState'>) {
    return this.access.linkState(body.token);
  }

  @Operation('createPasswordFromLink')
  create(@Body() body: OpBody<'createPasswordFromLink'>) {
    return this.access.createPassword(body.token, body.password);
  }
}
