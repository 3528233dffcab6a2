import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import type { ListQuery, Page } from '../database/list-query.js';
import { Customer } from '../customer/customer.entity.js';
import { Privilege, Role, RolePrivilege, User } from './identity.entities.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const USER_SORTABLE = ['userName', 'names', 'surnames', 'email', 'roleCode', 'enabled', 'createdAt'] as const;
export type UserSortField = (typeof USER_SORTABLE)[number];

@Injectable()
export class UserRepository {
  constructor(private readonly em: EntityManager) {}

  findByUsername(username: string, withPassword = false): Promise<User | null> {
    return this.em.findOne(User, { username: username.trim().toLowerCase() }, withPassword ? { populate: ['passwordHash'] } : {});
  }

  findById(id: string): Promise<User | null> {
    return this.em.findOne(User, { id });
  }

  async privilegesOfRole(roleCode: string): Promise<string[]> {
    const rows = await this.em.find(RolePrivilege, { roleCode }, { orderBy: { privilegeCode: 'asc' } });
    return rows.map((r) => r.privilegeCode);
  }

  customer(customerId: number): Promise<Customer | null> {
    return this.em.findOne(Customer, { id: customerId });
  }

  /** Enabled users whose role is `code` or whose role holds the privilege `code`. */
  async findByRoleOrPrivilege(code: string): Promise<User[]> {
    const roles = await this.em.find(RolePrivilege, { privilegeCode: code });
    const roleCodes = [code, ...roles.map((r) => r.roleCode)];
    return this.em.find(User, { roleCode: { $in: roleCodes }, enabled: true }, { orderBy: { names: 'asc', surnames: 'asc' } });
  }

  async list(query: ListQuery<UserSortField>): Promise<Page<User>> {
    const where: Record<string, unknown> = {};
    const { q, roleCode, enabled, id } = query.filter as { q?: string; roleCode?: string; enabled?: boolean; id?: unknown };
    if (Array.isArray(id)) where.id = { $in: id.filter((v): v is string => typeof v === 'string' && UUID.test(v)) };
    if (typeof roleCode === 'string') where.roleCode = roleCode;
    if (typeof enabled === 'boolean') where.enabled = enabled;
    if (typeof q === 'string' && q.trim()) {
      const like = `%${q.trim()}%`;
      where.$or = [{ username: { $ilike: like } }, { names: { $ilike: like } }, { surnames: { $ilike: like } }, { email: { $ilike: like } }];
    }
    const field = query.sort?.field === 'userName' ? 'username' : (query.sort?.field ?? 'username');
    const [items, total] = await this.em.findAndCount(User, where, {
      orderBy: { [field]: (query.sort?.order ?? 'ASC').toLowerCase(), id: 'asc' },
      offset: query.offset,
      limit: query.limit,
    });
    return { items, total };
  }

  async rolesWithPrivileges(): Promise<{ role: Role; privileges: string[] }[]> {
    const roles = await this.em.find(Role, {}, { orderBy: { code: 'asc' } });
    const links = await this.em.find(RolePrivilege, {}, { orderBy: { privilegeCode: 'asc' } });
    return roles.map((role) => ({ role, privileges: links.filter((l) => l.roleCode === role.code).map((l) => l.privilegeCode) }));
  }

  privileges(): Promise<Privilege[]> {
    return this.em.find(Privilege, {}, { orderBy: { code: 'asc' } });
  }

  roleExists(code: string): Promise<number> {
    return this.em.count(Role, { code });
  }
}
