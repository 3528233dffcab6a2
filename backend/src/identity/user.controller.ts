import { Body, Controller, Headers, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { envelope } from '../contract/envelope.js';
import { parseListQuery, sendPage } from '../contract/resource-list.js';
import { Operation } from '../contract/operation.decorator.js';
import type { OpBody, OpQuery } from '../contract/types.js';
import { USER_SORTABLE } from './user.repository.js';
import { UserService } from './user.service.js';

@Controller()
export class UserController {
  constructor(private readonly users: UserService) {}

  @Operation('getUserByNameId')
  async byNameId(@Headers('iduser') idUser: string) {
    return envelope(await this.users.byNameOrId(idUser));
  }

  @Operation('getUsersByRole')
  async byRole(@Headers('role') role: string) {
    return envelope(await this.users.byRole(role));
  }

  @Operation('listUsers')
  async list(@Query() query: OpQuery<'listUsers'>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, USER_SORTABLE);
    return sendPage(reply, 'users', list, await this.users.list(list));
  }

  @Operation('getUser')
  get(@Param('id') id: string) {
    return this.users.get(id);
  }

  @Operation('updateUser')
  update(@Param('id') id: string, @Body() body: OpBody<'updateUser'>, @CurrentUser() actor: AuthUser) {
    return this.users.update(id, body, actor);
  }

  @Operation('listRoles')
  async roles(@Query() query: OpQuery<'listRoles'>, @Res({ passthrough: true }) reply: FastifyReply) {
    const { filter } = parseListQuery(query, ['id']);
    const roles = await this.users.roles(Array.isArray(filter.id) ? filter.id : undefined);
    return sendPage(reply, 'roles', { offset: 0 }, { items: roles, total: roles.length });
  }

  @Operation('listPrivileges')
  async privileges(@Query() query: OpQuery<'listPrivileges'>, @Res({ passthrough: true }) reply: FastifyReply) {
    parseListQuery(query, ['id']);
    const privileges = await this.users.privileges();
    return sendPage(reply, 'privileges', { offset: 0 }, { items: privileges, total: privileges.length });
  }
}
