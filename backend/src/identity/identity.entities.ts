import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { Customer } from '../customer/customer.entity.js';

export const Privilege = defineEntity({
  name: 'Privilege',
  tableName: 'privilege',
  properties: {
    code: p.string().length(80).primary(),
    description: p.string().length(300),
  },
});
export type Privilege = InferEntity<typeof Privilege>;

export const Role = defineEntity({
  name: 'Role',
  tableName: 'role',
  properties: {
    code: p.string().length(60).primary(),
    name: p.string().length(120),
    /** Application the role belongs to (LICENSE for staff, STORE for customers). */
    app: p.string().length(40),
  },
});
export type Role = InferEntity<typeof Role>;

export const RolePrivilege = defineEntity({
  name: 'RolePrivilege',
  tableName: 'role_privilege',
  properties: {
    roleCode: () => p.manyToOne(Role).mapToPk().primary().fieldName('role_code').deleteRule('cascade'),
    privilegeCode: () => p.manyToOne(Privilege).mapToPk().primary().fieldName('privilege_code').deleteRule('cascade'),
  },
});
export type RolePrivilege = InferEntity<typeof RolePrivilege>;

export const User = defineEntity({
  name: 'User',
  tableName: 'app_user',
  properties: {
    id: p.uuid().primary(),
    /** Stored lower-case: user names are unique regardless of case. */
    username: p.string().length(100).unique(),
    passwordHash: p.string().length(200).hidden().lazy(),
    names: p.string().length(100),
    surnames: p.string().length(100),
    email: p.string().length(100),
    enabled: p.boolean().default(true),
    roleCode: () => p.manyToOne(Role).mapToPk().fieldName('role_code'),
    apps: p.array<string>(),
    /** The company a customer user acts for; its document gives customer_type/customer_value. */
    customerId: () => p.manyToOne(Customer).mapToPk().fieldName('customer_id').nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    version: p.integer().version(),
  },
});
export type User = InferEntity<typeof User>;

export const Session = defineEntity({
  name: 'Session',
  tableName: 'session',
  properties: {
    id: p.uuid().primary(),
    userId: () => p.manyToOne(User).mapToPk().fieldName('user_id').index(),
    appName: p.string().length(40),
    createdAt: p.datetime(),
    lastUsedAt: p.datetime(),
    endedAt: p.datetime().nullable(),
    /** LOGOUT, REVOKED, REFRESH_REUSE, USER_DISABLED, PRIVILEGES_CHANGED */
    endReason: p.string().length(30).nullable(),
    ipAddress: p.string().length(64).nullable(),
    userAgent: p.string().length(300).nullable(),
  },
});
export type Session = InferEntity<typeof Session>;

/** One refresh token of a session; only the newest (not rotated) one is usable. */
export const RefreshToken = defineEntity({
  name: 'RefreshToken',
  tableName: 'refresh_token',
  properties: {
    id: p.uuid().primary(),
    sessionId: () => p.manyToOne(Session).mapToPk().fieldName('session_id').index().deleteRule('cascade'),
    /** SHA-256 of the token: the token itself is never stored. */
    tokenHash: p.string().length(64).unique(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    rotatedAt: p.datetime().nullable(),
    /**
     * The pair this token was rotated into, encrypted with a key derived from this token (which is
     * not stored), so a concurrent refresh within the reuse interval gets the same pair.
     */
    successor: p.text().nullable(),
  },
});
export type RefreshToken = InferEntity<typeof RefreshToken>;

export const LoginAttempt = defineEntity({
  name: 'LoginAttempt',
  tableName: 'login_attempt',
  indexes: [{ properties: ['username', 'attemptedAt'] }, { properties: ['ipAddress', 'attemptedAt'] }],
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    username: p.string().length(100),
    ipAddress: p.string().length(64),
    succeeded: p.boolean(),
    attemptedAt: p.datetime(),
  },
});
export type LoginAttempt = InferEntity<typeof LoginAttempt>;

/**
 * An open hub connection, written when its WebSocket is accepted and deleted when it closes;
 * validatesession binds only a connection its own session opened.
 */
export const HubConnection = defineEntity({
  name: 'HubConnection',
  tableName: 'hub_connection',
  properties: {
    connectionId: p.string().length(64).primary(),
    sessionId: () => p.manyToOne(Session).mapToPk().fieldName('session_id').index().deleteRule('cascade'),
    openedAt: p.datetime(),
    boundAt: p.datetime().nullable(),
  },
});
export type HubConnection = InferEntity<typeof HubConnection>;

/**
 * The one-time 'Crea tu contraseña' link of a customer user the store created on activation: the
 * token as SHA-256 (never the token), its expiry and when it was used. One link per user (the
 * unique user id), so concurrent activations mail one link.
 */
export const PasswordLink = defineEntity({
  name: 'PasswordLink',
  tableName: 'password_link',
  properties: {
    id: p.integer().primary().autoincrement(),
    userId: () => p.manyToOne(User).mapToPk().fieldName('user_id').unique().deleteRule('cascade'),
    tokenHash: p.string().length(64).unique(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  },
});
export type PasswordLink = InferEntity<typeof PasswordLink>;

export const IDENTITY_ENTITIES = [Privilege, Role, RolePrivilege, User, Session, RefreshToken, LoginAttempt, HubConnection, PasswordLink];
