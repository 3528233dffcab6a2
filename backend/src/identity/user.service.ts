import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import type { components } from '@licencias/common/schema';
import type { AuthUser } from '../auth/auth-user.js';
import type { Page } from '../database/list-query.js';
import { BusinessRuleError, ConflictError, NotFoundError } from '../errors/errors.js';
import type { User } from './identity.entities.js';
import { SessionService } from './session.service.js';
import { type UserListQuery, UserRepository } from './user.repository.js';

type UserDto = components['schemas']['User'];
type UserSummary = components['schemas']['UserSummary'];
type UserUpdate = { enabled?: boolean; roleCode?: string; names?: string; surnames?: string; email?: string; version?: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toUserDto(u: User): UserDto {
  return {
    id: u.id,
    userName: u.username,
    names: u.names,
    surnames: u.surnames,
    email: u.email,
    enabled: u.enabled,
    roleCode: u.roleCode,
    apps: u.apps,
    customerId: u.customerId ?? null,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
    version: u.version,
  };
}

@Injectable()
export class UserService {
  constructor(
    private readonly em: EntityManager,
    private readonly users: UserRepository,
    private readonly sessions: SessionService,
  ) {}

  /** Whether the company already has an active account (an enabled user): the store's activation check (OK16). */
  hasActiveAccount(customerId: number): Promise<boolean> {
    return this.users.enabledUserOfCustomer(customerId);
  }

  async byNameOrId(idOrName: string): Promise<UserSummary> {
    const user = UUID.test(idOrName) ? await this.users.findById(idOrName) : await this.users.findByUsername(idOrName);
    if (!user) throw new NotFoundError('Usuario no encontrado');
    return { id: user.id, userName: user.username, names: user.names, surnames: user.surnames, email: user.email };
  }

  async byRole(code: string) {
    const users = await this.users.findByRoleOrPrivilege(code);
    return {
      recordsData: [
        {
          role: code,
          users: users.map((u, i) => ({ sequence: i + 1, id: u.id, userName: u.username, names: u.names, surnames: u.surnames, email: u.email })),
        },
      ],
    };
  }

  async list(query: UserListQuery): Promise<Page<UserDto>> {
    const page = await this.users.list(query);
    return { items: page.items.map(toUserDto), total: page.total };
  }

  async get(id: string): Promise<UserDto> {
    const user = await this.users.findById(id);
    if (!user) throw new NotFoundError('Usuario no encontrado');
    return toUserDto(user);
  }

  async update(id: string, changes: UserUpdate, actor: AuthUser): Promise<UserDto> {
    const user = await this.users.findById(id);
    if (!user) throw new NotFoundError('Usuario no encontrado');
    if (changes.version !== undefined && changes.version !== user.version) throw new ConflictError();
    if (changes.enabled === false && user.id === actor.userId) throw new BusinessRuleError('No puedes deshabilitar tu propio usuario.');
    if (changes.roleCode !== undefined && !(await this.users.roleExists(changes.roleCode))) throw new BusinessRuleError('El rol indicado no existe.');
    const disabling = changes.enabled === false && user.enabled;
    const newRole = changes.roleCode !== undefined && changes.roleCode !== user.roleCode;
    const { version: _version, ...fields } = changes;
    const changed = Object.entries(fields).some(([key, value]) => value !== undefined && user[key as keyof typeof fields] !== value);
    if (changed) {
      this.em.assign(user, Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)));
      await this.em.flush();
    }
    // A token carries its role's privileges: sessions end with the change, not at expiry.
    if (disabling) await this.sessions.endAllOf(user.id, 'USER_DISABLED');
    else if (newRole) await this.sessions.endAllOf(user.id, 'PRIVILEGES_CHANGED');
    return toUserDto(user);
  }

  /** Roles with their privileges; `id` narrows them (react-admin's getMany), `q` searches code and name. */
  async roles(filter: { id?: string[]; q?: string } = {}) {
    const rows = await this.users.rolesWithPrivileges();
    return rows
      .filter(({ role }) => (!filter.id || filter.id.includes(role.code)) && contains(`${role.code} ${role.name}`, filter.q))
      .map(({ role, privileges }) => ({ id: role.code, name: role.name, app: role.app, privileges }));
  }

  /** Every privilege; `q` searches code and description. */
  async privileges(filter: { q?: string } = {}) {
    return (await this.users.privileges())
      .filter((p) => contains(`${p.code} ${p.description}`, filter.q))
      .map((p) => ({ id: p.code, description: p.description }));
  }
}

/** Whether `text` contains the search, ignoring case and accents (the short lists are searched in memory). */
function contains(text: string, search: string | undefined): boolean {
  const plain = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return !search?.trim() || plain(text).includes(plain(search.trim()));
}
