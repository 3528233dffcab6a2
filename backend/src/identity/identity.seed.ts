import { Logger } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/sql';
import { type DemoSeeder, demoRef, type Seeder } from '../database/seeding.js';
import { DEMO_USERS, PRIVILEGES, ROLES } from './identity.data.js';
import { Privilege, Role, RolePrivilege, User } from './identity.entities.js';

/**
 * Privileges, roles and the role-privilege matrix: code-owned, so links not in it are removed.
 * When a role's privileges differ from the ones in the database, the sessions of its users end:
 * their tokens carry the old privileges.
 */
export const accessMatrix: Seeder = {
  name: 'privilege matrix',
  async run({ em, endSessionsOfRoles }) {
    const before = await em.find(RolePrivilege, {});
    await em.upsertMany(
      Privilege,
      Object.entries(PRIVILEGES).map(([code, description]) => ({ code, description })),
    );
    await em.upsertMany(
      Role,
      ROLES.map(({ code, name, app }) => ({ code, name, app })),
    );
    await em.nativeDelete(RolePrivilege, {});
    await em.insertMany(
      RolePrivilege,
      ROLES.flatMap((r) => r.privileges.map((privilegeCode) => ({ roleCode: r.code, privilegeCode }))),
    );
    const changed = changedRoles(
      before.map((link) => [link.roleCode, link.privilegeCode]),
      ROLES.flatMap((r) => r.privileges.map((privilege) => [r.code, privilege])),
    );
    if (changed.length) await endSessionsOfRoles(changed);
  },
};

/** Roles whose set of privileges differs between two lists of [role, privilege] links. */
export function changedRoles(before: string[][], after: string[][]): string[] {
  const key = ([role, privilege]: string[]) => `${role}:${privilege}`;
  const old = new Set(before.map(key));
  const now = new Set(after.map(key));
  const roles = new Set<string>();
  for (const link of before) if (!now.has(key(link))) roles.add(link[0]);
  for (const link of after) if (!old.has(key(link))) roles.add(link[0]);
  return [...roles].sort();
}

/** The superadmin named by BOOTSTRAP_ADMIN_USER, when it does not exist yet (how production gets its first user). */
export const bootstrapAdmin: Seeder = {
  name: 'bootstrap superadmin',
  async run({ em, config, hashPassword }) {
    const admin = config.bootstrapAdmin;
    if (!admin || (await em.count(User, { username: admin.username }))) return;
    em.create(User, {
      id: crypto.randomUUID(),
      username: admin.username,
      passwordHash: await hashPassword(admin.password),
      names: 'Administrador',
      surnames: 'Inicial',
      email: `${admin.username}@localhost`,
      enabled: true,
      roleCode: 'SUPERADMIN',
      apps: ['LICENSE'],
      customerId: null,
    });
    await em.flush();
    new Logger('Seed').log(`Created the bootstrap superadmin ${admin.username}`);
  },
};

/** Demo data goes only into a database without users. */
export async function hasUsers(em: EntityManager): Promise<boolean> {
  return (await em.count(User, {})) > 0;
}

/** The demo accounts of the README, one per role; the customer acts for the demo company. */
export const demoUsers: DemoSeeder = {
  name: 'users',
  async run({ em, config, hashPassword, demo }) {
    const passwordHash = await hashPassword(config.demoPassword);
    const users = DEMO_USERS.map((user) =>
      em.create(User, {
        id: crypto.randomUUID(),
        username: user.username,
        passwordHash,
        names: user.names,
        surnames: user.surnames,
        email: user.email,
        enabled: true,
        roleCode: user.roleCode,
        apps: user.apps,
        customerId: user.customer ? demoRef(demo.companyId, 'company', 'customer') : null,
      }),
    );
    await em.flush();
    demo.author = users.find((u) => u.roleCode === 'SUPERADMIN')?.id ?? null;
  },
};
