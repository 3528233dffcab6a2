import type { components } from '@licencias/common/schema';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import { escapeLike, type FilterRule, type FilterRules, filterRules, whereOf } from '../database/list-filter.js';
import type { ListQuery, Page } from '../database/list-query.js';
import { InvalidRequestError } from '../errors/errors.js';
import { Privilege, Role, RolePrivilege, User } from './identity.entities.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type UserFilter = components['schemas']['UserFilter'];

/** Any of the text columns contains the search, ignoring case (`%` and `_` are plain characters). */
const search: FilterRule = (value, field) => {
  const text = filterRules.equals('q', 100)(value, field).q as string;
  if (!text.trim()) return {};
  const like = `%${escapeLike(text.trim())}%`;
  return { $or: [{ username: { $ilike: like } }, { names: { $ilike: like } }, { surnames: { $ilike: like } }, { email: { $ilike: like } }] };
};

const FILTERS: FilterRules<UserFilter> = {
  q: search,
  id: (value, field) => {
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && UUID.test(v)))
      throw new InvalidRequestError([{ field, description: 'debe ser una lista de identificadores' }]);
    return { id: { $in: value } };
  },
  roleCode: filterRules.equals('roleCode', 80),
  enabled: filterRules.boolean('enabled'),
};
/** A list request for User records: the sort fields and filters the contract declares. */
export type UserListQuery = ListQuery<components['schemas']['UserSort'][0], UserFilter>;

@Injectable()
export class UserRepository {
  constructor(private readonly em: EntityManager) {}

  findByUsername(username: string, withPassword = false): Promise<User | null> {
    return this.em.findOne(User, { username: username.trim().toLowerCase() }, withPassword ? { populate: ['passwordHash'] } : {});
  }

  /** Whether a company has an enabled user (someone can already sign in for it). */
  async enabledUserOfCustomer(customerId: number): Promise<boolean> {
    const rows = await this.em.execute<unknown[]>(`select 1 from app_user where customer_id = ? and enabled limit 1`, [customerId]);
    return rows.length > 0;
  }

  findById(id: string): Promise<User | null> {
    return this.em.findOne(User, { id });
  }

  async privilegesOfRole(roleCode: string): Promise<string[]> {
    const rows = await this.em.find(RolePrivilege, { roleCode }, { orderBy: { privilegeCode: 'asc' } });
    return rows.map((r) => r.privilegeCode);
  }

  /** Enabled users whose role is `code` or whose role holds the privilege `code`. */
  async findByRoleOrPrivilege(code: string): Promise<User[]> {
    const roles = await this.em.find(RolePrivilege, { privilegeCode: code });
    const roleCodes = [code, ...roles.map((r) => r.roleCode)];
    return this.em.find(User, { roleCode: { $in: roleCodes }, enabled: true }, { orderBy: { names: 'asc', surnames: 'asc' } });
  }

  async list(query: UserListQuery): Promise<Page<User>> {
    const where = whereOf(query.filter, FILTERS);
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
