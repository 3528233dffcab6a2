import { Body, Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { envelope } from '../contract/envelope.js';
import { Operation } from '../contract/operation.decorator.js';
import { HeaderParams, PathParams, QueryParams } from '../contract/params.decorator.js';
import { listQuery, sendPage } from '../contract/resource-list.js';
import type { OpBody, OpHeaders, OpPath, OpQuery } from '../contract/types.js';
import { UserService } from './user.service.js';

@Controller()
export class UserController {
  constructor(private readonly users: UserService) {}

  @Operation('getUserByNameId')
  async byNameId(@HeaderParams() { iduser }: OpHeaders<'getUserByNameId'>) {
    return envelope(await this.users.byNameOrId(iduser));
  }

  @Operation('getUsersByRole')
  async byRole(@HeaderParams() { role }: OpHeaders<'getUsersByRole'>) {
    return envelope(await this.users.byRole(role));
  }

  @Operation('listUsers')
  async list(@QueryParams() query: OpQuery<'listUsers'>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = listQuery(query);
    return sendPage(reply, 'users', list, await this.users.list(list));
  }

  @Operation('getUser')
  get(@PathParams() { id }: OpPath<'getUser'>) {
    return this.users.get(id);
  }

  @Operation('updateUser')
  update(@PathParams() { id }: OpPath<'updateUser'>, @Body() body: OpBody<'updateUser'>, @CurrentUser() actor: AuthUser) {
    return this.users.update(id, body, actor);
  }

  @Operation('listRoles')
  async roles(@QueryParams() query: OpQuery<'listRoles'>, @Res({ passthrough: true }) reply: FastifyReply) {
    const roles = await this.users.roles(query.filter);
    return sendPage(reply, 'roles', { offset: 0 }, { items: roles, total: roles.length });
  }

  @Operation('listPrivileges')
  async privileges(@QueryParams() query: OpQuery<'listPrivileges'>, @Res({ passthrough: true }) reply: FastifyReply) {
    const privileges = await this.users.privileges(query.filter);
    return sendPage(reply, 'privileges', { offset: 0 }, { items: privileges, total: privileges.length });
  }
}
