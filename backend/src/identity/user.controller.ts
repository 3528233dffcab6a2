import { Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { envelope } from '../contract/envelope.js';
import { Operation } from '../contract/operation.decorator.js';
import { HeaderParams, QueryParams } from '../contract/params.decorator.js';
import { ResourceController } from '../contract/resource-controller.js';
import { sendAll } from '../contract/resource-list.js';
import type { OpHeaders, OpQuery } from '../contract/types.js';
import { UserService } from './user.service.js';

/** Staff users (list, read, role and state changes), their roles and privileges, and the old lookups. */
@Controller()
export class UserController extends ResourceController<UserService>({ resource: 'users', list: 'listUsers', get: 'getUser', update: 'updateUser' }) {
  constructor(users: UserService) {
    super(users);
  }

  @Operation('getUserByNameId')
  async byNameId(@HeaderParams() { iduser }: OpHeaders<'getUserByNameId'>) {
    return envelope(await this.service.byNameOrId(iduser));
  }

  @Operation('getUsersByRole')
  async byRole(@HeaderParams() { role }: OpHeaders<'getUsersByRole'>) {
    return envelope(await this.service.byRole(role));
  }

  @Operation('listRoles')
  async roles(@QueryParams() query: OpQuery<'listRoles'>, @Res({ passthrough: true }) reply: FastifyReply) {
    return sendAll(reply, 'roles', await this.service.roles(query.filter));
  }

  @Operation('listPrivileges')
  async privileges(@QueryParams() query: OpQuery<'listPrivileges'>, @Res({ passthrough: true }) reply: FastifyReply) {
    return sendAll(reply, 'privileges', await this.service.privileges(query.filter));
  }
}
