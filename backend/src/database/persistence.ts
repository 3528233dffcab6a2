import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/sql';
import { ConflictError, type ErrorDetail } from '../errors/errors.js';

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return a === b;
}

/**
 * Sets the fields whose value differs and tells whether any did, so that a save with nothing
 * changed writes nothing (no UPDATE, same version). `undefined` means "not sent".
 */
export function applyChanges<T extends object>(entity: T, changes: { [K in keyof T]?: T[K] }): boolean {
  let changed = false;
  for (const key of Object.keys(changes) as (keyof T)[]) {
    const value = changes[key];
    if (value === undefined || same(entity[key], value)) continue;
    entity[key] = value as T[keyof T];
    changed = true;
  }
  return changed;
}

/**
 * Flushes; a unique index violated meanwhile (two creates racing past the duplicate check)
 * becomes the same 409 the check gives.
 */
export async function flushUnique(em: EntityManager, message: string, details: ErrorDetail[] = []): Promise<void> {
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw new ConflictError(message, details);
    throw error;
  }
}

/** An audited record with a state (0 active, 1 inactive) and an optimistic version. */
export interface StatefulRecord {
  idstate: 0 | 1;
  version: number;
  modifiedby?: string | null;
  modifiedon?: Date | null;
}

/** The audit columns of a record created now by `actorId`. */
export function createdBy(actorId: string, now: Date) {
  return { createdby: actorId, createdon: now, modifiedby: actorId, modifiedon: now };
}

/** 409 when the version the caller read (if it sent one) is no longer the record's. */
export function requireVersion(record: { version: number }, version: number | undefined): void {
  if (version !== undefined && version !== record.version) throw new ConflictError();
}

/** Records who changed the record and when (call only when something changed). */
export function stampModified(record: Pick<StatefulRecord, 'modifiedby' | 'modifiedon'>, actorId: string, now: Date): void {
  applyChanges(record, { modifiedby: actorId, modifiedon: now });
}

/**
 * Activates or inactivates a record for `actorId`: 409 when `version` (the one the caller read)
 * is stale; nothing is written when the record already has that state.
 */
export async function changeState(
  em: EntityManager,
  record: StatefulRecord,
  idstate: 0 | 1,
  actorId: string,
  version: number | undefined,
  now: Date,
): Promise<void> {
  requireVersion(record, version);
  if (applyChanges(record, { idstate })) {
    stampModified(record, actorId, now);
    await em.flush();
  }
}
