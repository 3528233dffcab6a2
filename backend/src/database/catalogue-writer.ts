import type { RequiredEntityData } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/sql';
import { NotFoundError } from '../errors/errors.js';
import { applyChanges, changeState, createdBy, flushUnique, requireVersion, stampModified, type StatefulRecord } from './persistence.js';

/** Where a catalogue service reads and creates its records (a CatalogueRepository). */
interface CatalogueStore<E> {
  findById(id: number): Promise<E | null>;
  create(data: RequiredEntityData<E>): E;
}

/** The texts of a record's 404 and of the 409 its unique code or name gives, on `field` (the text may name the record's code). */
interface CatalogueMessages<E> {
  notFound: string;
  duplicate: { field: string; message: string | ((record: E) => string) };
}

/** The columns the writer fills itself: the audit columns, and the state when none is sent. */
type Filled = 'idstate' | 'createdby' | 'createdon' | 'modifiedby' | 'modifiedon' | 'version';

/**
 * The create / edit / state-change flow every catalogue record follows, once: 404 for an unknown
 * id, 409 for a stale version, nothing written (same version) when nothing changed, the audit
 * columns stamped for the actor, and a unique index violated by a concurrent save turned into the
 * same 409 as the duplicate check. The service keeps its rules (the `checked` fields it passes).
 *
 *   private readonly writer = new CatalogueWriter(this.em, this.services, { notFound: '...', duplicate: { field: 'serviceName', message: '...' } });
 *   const service = await this.writer.create({ ...(await this.checked(input)), idstate: input.idstate }, actor.userId, now);
 */
export class CatalogueWriter<E extends StatefulRecord & { id: number }> {
  constructor(
    private readonly em: EntityManager,
    private readonly store: CatalogueStore<E>,
    private readonly messages: CatalogueMessages<E>,
  ) {}

  async require(id: number): Promise<E> {
    const record = await this.store.findById(id);
    if (!record) throw new NotFoundError(this.messages.notFound);
    return record;
  }

  /** Creates the record (active unless `idstate` says otherwise) as created now by `actorId`. */
  async create(fields: Omit<RequiredEntityData<E>, Filled> & { idstate?: 0 | 1 }, actorId: string, now: Date): Promise<E> {
    const record = this.store.create({ ...fields, idstate: fields.idstate ?? 0, ...createdBy(actorId, now) } as RequiredEntityData<E>);
    await this.flush(record);
    return record;
  }

  /**
   * Edits record `id` as read at `version`: `changes` gets the record once the version holds (its
   * rules may depend on it) and answers the fields to store; `undefined` means "not sent".
   */
  async update(id: number, version: number | undefined, changes: (record: E) => Promise<Partial<E>>, actorId: string, now: Date): Promise<E> {
    const record = await this.require(id);
    requireVersion(record, version);
    if (applyChanges(record, (await changes(record)) as { [K in keyof E]?: E[K] })) {
      stampModified(record, actorId, now);
      await this.flush(record);
    }
    return record;
  }

  async setState(id: number, idstate: 0 | 1, actorId: string, version: number | undefined, now: Date): Promise<E> {
    const record = await this.require(id);
    await changeState(this.em, record, idstate, actorId, version, now);
    return record;
  }

  private async flush(record: E): Promise<void> {
    const { field, message } = this.messages.duplicate;
    const text = typeof message === 'string' ? message : message(record);
    await flushUnique(this.em, text, [{ field, description: text }]);
  }
}
