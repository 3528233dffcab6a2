import { createHash } from 'node:crypto';
import type { components } from '@licencias/common/schema';
import { EntityManager } from '@mikro-orm/sql';
import { Inject, Injectable } from '@nestjs/common';
import type { PartnerCaller } from '../auth/auth-user.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { BusinessRuleError, ConflictError, ForbiddenError, NotFoundError } from '../errors/errors.js';
import { CONSUMPTION_GROUPS_IN_FLIGHT, GroupCommit, LicenceService, type Outcome } from '../licence/licence.service.js';
import type { ConsumeInput, ConsumeResult } from '../licence/licence.types.js';
import { type ConsumptionRecord, type ConsumptionTarget, ConsumptionRepository, type KeyClaim } from './consumption.repository.js';

type ConsumptionCreate = components['schemas']['ConsumptionCreate'];
type Consumption = components['schemas']['Consumption'];
type Reversal = components['schemas']['Reversal'];
type PartnerBalance = components['schemas']['PartnerBalance'];

export const KEY_IN_FLIGHT_MESSAGE = 'Una solicitud con esta Idempotency-Key sigue en curso; reinténtala en un momento.';
export const KEY_REUSED_MESSAGE = 'Esta Idempotency-Key ya se usó con otra solicitud.';
export const FEATURE_NOT_FOUND_MESSAGE = 'La característica no existe';
export const OTHER_BRAND_MESSAGE = 'La característica es de un servicio de otra marca';
export const CUSTOMER_NOT_FOUND_MESSAGE = 'No se encontró el cliente';
export const NO_BRAND_BALANCES_MESSAGE = 'El cliente no tiene saldos en esta marca';
export const CONSUMPTION_NOT_FOUND_MESSAGE = 'No se encontró el consumo';

/** The customer a new consumption draws from, once its target is known to be of the caller's brand. */
function customerOf(caller: PartnerCaller, read: TargetRead): number {
  if ('error' in read) throw read.error;
  const { target } = read;
  if (target.featureAppName === null) throw new NotFoundError(FEATURE_NOT_FOUND_MESSAGE);
  if (target.featureAppName !== caller.appName) throw new ForbiddenError(OTHER_BRAND_MESSAGE);
  if (target.customerId === null) throw new NotFoundError(CUSTOMER_NOT_FOUND_MESSAGE);
  return target.customerId;
}

/** The request as JSON with sorted keys, hashed: what "the same body" means for a replay. */
function fingerprint(body: object): string {
  const sorted = Object.fromEntries(Object.entries(body).sort(([a], [b]) => a.localeCompare(b)));
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex');
}

/**
 * What the key's claim decides: 409 while another request holds it; the first answer again for
 * the same body, 422 for another; null when the key is new.
 */
function replayOf(claim: KeyClaim, print: string): Answer | null {
  if (!claim.locked) throw new ConflictError(KEY_IN_FLIGHT_MESSAGE);
  if (!claim.known) return null;
  if (claim.known.fingerprint !== print)
    throw new BusinessRuleError(KEY_REUSED_MESSAGE, [{ field: 'header.Idempotency-Key', description: KEY_REUSED_MESSAGE }]);
  return { replayed: true, consumption: claim.known.response as Consumption };
}

const toConsumption = (result: ConsumeResult): Consumption => ({
  id: result.movementId,
  licenceId: result.licenceId,
  quantity: result.quantity,
  balance: result.balance,
});

/** A record written meanwhile under the key this request claimed: its transaction rolls back and the request is replayed. */
class KeyRecordedMeanwhile extends Error {}

/** How many expired key records one purge transaction deletes. */
const PURGE_BATCH = 1000;

type TargetRead = { target: ConsumptionTarget } | { error: unknown };

/** Most partner consumptions one group commit answers together. */
const MAX_CONSUMPTION_BATCH = 64;

/** A partner's request as the group commit holds it. */
interface PartnerRequest {
  caller: PartnerCaller;
  key: string;
  body: ConsumptionCreate;
  /** The body's fingerprint. */
  print: string;
}

type Answer = { replayed: boolean; consumption: Consumption };

/** Partners' consumptions, reversals and balances, through LicenceService, scoped to the API client's brand. */
@Injectable()
export class ConsumptionService {
  constructor(
    private readonly em: EntityManager,
    private readonly consumptions: ConsumptionRepository,
    private readonly licences: LicenceService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * One transaction: the key's claim (409 while another request holds it), a replay when the key
   * was answered, else the ledger movement, its owner and the key's record together. A refusal
   * writes nothing. Requests go through the group commit: the first with nothing in flight runs
   * alone at once; those that arrive meanwhile share the next transaction (one WAL flush).
   */
  consume(caller: PartnerCaller, key: string, body: ConsumptionCreate): Promise<Answer> {
    return this.group.submit({ caller, key, body, print: fingerprint(body) });
  }

  /** The group commit of partner consumptions (one per instance). */
  private readonly group = new GroupCommit<PartnerRequest, Answer>((items) => this.consumeGroup(items), MAX_CONSUMPTION_BATCH, CONSUMPTION_GROUPS_IN_FLIGHT);

  /**
   * A group in one transaction with set-based statements (claims, consumptions, records). A key
   * sent twice in one group: the later ones run alone after it (as they would after the first
   * finished: a replay, or 422 with another body). When the group's transaction fails (a database
   * error, or a key recorded meanwhile) nothing of it stays, and each member runs alone, one by
   * one, so one bad request never fails the others.
   */
  private async consumeGroup(items: readonly PartnerRequest[]): Promise<Outcome<Answer>[]> {
    if (items.length === 1) return [await this.alone(items[0])];
    const seen = new Set<string>();
    const together: number[] = [];
    const later: number[] = [];
    items.forEach((item, i) => {
      const id = `${item.caller.apiClientId} ${item.key}`;
      if (seen.has(id)) later.push(i);
      else {
        seen.add(id);
        together.push(i);
      }
    });
    const outcomes: Outcome<Answer>[] = new Array<Outcome<Answer>>(items.length);
    try {
      const answered = await this.em.transactional(() => this.consumeTogether(together.map((i) => items[i])));
      together.forEach((i, j) => (outcomes[i] = answered[j]));
    } catch {
      for (const i of together) outcomes[i] = await this.alone(items[i]);
    }
    for (const i of later) outcomes[i] = await this.alone(items[i]);
    return outcomes;
  }

  /** The group's work inside its transaction: what each member alone would answer; throws only what loses the transaction. */
  private async consumeTogether(items: readonly PartnerRequest[]): Promise<Outcome<Answer>[]> {
    const claims = await this.consumptions.claimKeys(
      items.map(({ caller, key, body }) => ({
        apiClientId: caller.apiClientId,
        key,
        documentType: body.documentType,
        documentNumber: body.documentNumber,
        serviceFeatureCode: body.serviceFeatureCode,
      })),
    );
    const outcomes: Outcome<Answer>[] = new Array<Outcome<Answer>>(items.length);
    const drawing: { i: number; input: ConsumeInput }[] = [];
    items.forEach((item, i) => {
      try {
        const replay = replayOf(claims[i], item.print);
        if (replay) {
          outcomes[i] = { value: replay };
          return;
        }
        drawing.push({ i, input: this.consumeInput(item, customerOf(item.caller, { target: claims[i].target })) });
      } catch (error) {
        outcomes[i] = { error };
      }
    });
    const results = drawing.length ? await this.licences.consumeMany(drawing.map((d) => d.input)) : [];
    const records: ConsumptionRecord[] = [];
    const createdAt = new Date();
    drawing.forEach(({ i }, j) => {
      const result = results[j];
      if ('error' in result) {
        outcomes[i] = result;
        return;
      }
      const consumption = toConsumption(result.value);
      outcomes[i] = { value: { replayed: false, consumption } };
      const { caller, key, print } = items[i];
      records.push({
        movementId: consumption.id,
        apiClientId: caller.apiClientId,
        appName: caller.appName,
        idempotencyKey: key,
        fingerprint: print,
        response: consumption,
        createdAt,
      });
    });
    if (records.length && !(await this.consumptions.recordMany(records))) throw new KeyRecordedMeanwhile();
    return outcomes;
  }

  /** One request in its own transaction, as before the group commit. */
  private async alone(item: PartnerRequest): Promise<Outcome<Answer>> {
    const { caller, key, body, print } = item;
    const read: Promise<TargetRead> = this.consumptions.target(body.documentType, body.documentNumber, body.serviceFeatureCode).then(
      (target) => ({ target }),
      (error: unknown) => ({ error }),
    );
    try {
      try {
        return { value: await this.consumeOnce(item, read) };
      } catch (error) {
        // The claim's snapshot missed a request that finished just before it: replay that one.
        if (error instanceof KeyRecordedMeanwhile) return { value: await this.consumeOnce({ caller, key, body, print }, read) };
        throw error;
      }
    } catch (error) {
      return { error };
    }
  }

  private consumeOnce(item: PartnerRequest, read: Promise<TargetRead>): Promise<Answer> {
    const { caller, key, print } = item;
    return this.em.transactional(async () => {
      const replay = replayOf(await this.consumptions.claimKey(caller.apiClientId, key), print);
      if (replay) return replay;
      const result = await this.licences.consume(this.consumeInput(item, customerOf(caller, await read)));
      const consumption = toConsumption(result);
      const recorded = await this.consumptions.record({
        movementId: result.movementId,
        apiClientId: caller.apiClientId,
        appName: caller.appName,
        idempotencyKey: key,
        fingerprint: print,
        response: consumption,
        createdAt: new Date(),
      });
      if (!recorded) throw new KeyRecordedMeanwhile();
      return { replayed: false, consumption };
    });
  }

  private consumeInput({ caller, body }: PartnerRequest, customerId: number): ConsumeInput {
    return {
      customerId,
      serviceFeatureCode: body.serviceFeatureCode,
      quantity: body.quantity,
      occurredAt: body.occurredAt ? new Date(body.occurredAt) : undefined,
      reference: body.reference ?? null,
      createdBy: `api:${caller.clientId}`,
    };
  }

  /**
   * Deletes the Idempotency-Key records older than the retention (PARTNER_IDEMPOTENCY_RETENTION_HOURS),
   * in batches; a later request with such a key is a new request (IETF draft: keys expire). The
   * consumptions' owners stay. One instance at a time (advisory lock); answers how many it deleted.
   */
  async purgeIdempotencyKeys(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.config.partnerIdempotencyRetentionHours * 3_600_000);
    let purged = 0;
    for (;;) {
      const batch = await this.em.transactional(async () => {
        if (!(await this.consumptions.tryPurgeLock())) return 0;
        return this.consumptions.purgeKeys(cutoff, PURGE_BATCH);
      });
      purged += batch;
      if (batch < PURGE_BATCH) return purged;
    }
  }

  /** Gives back a consumption a client of the same brand posted (LicenceService reverses it once). */
  async reverse(caller: PartnerCaller, movementId: number): Promise<Reversal> {
    if (!(await this.consumptions.findOwner(movementId, caller.appName))) throw new NotFoundError(CONSUMPTION_NOT_FOUND_MESSAGE);
    const result = await this.licences.reverse(movementId, `api:${caller.clientId}`);
    return { id: result.movementId, consumptionId: movementId, licenceId: result.licenceId, quantity: result.quantity, balance: result.balance };
  }

  /** The customer's balances in the brand's services; 404 when there are none (nothing of other brands shows). */
  async balances(caller: PartnerCaller, query: { documentType: string; documentNumber: string; serviceFeatureCode?: string }): Promise<PartnerBalance[]> {
    const target = await this.consumptions.target(query.documentType, query.documentNumber, query.serviceFeatureCode ?? '');
    if (target.customerId === null) throw new NotFoundError(CUSTOMER_NOT_FOUND_MESSAGE);
    const codes = await this.consumptions.brandFeatureCodes(caller.appName);
    const balances = (await this.licences.balances({ customerId: target.customerId, serviceFeatureCode: query.serviceFeatureCode })).filter((b) =>
      codes.has(b.serviceFeatureCode.toLowerCase()),
    );
    if (!balances.length) throw new NotFoundError(NO_BRAND_BALANCES_MESSAGE);
    return balances.map((b) => ({
      licenceId: b.licenceId,
      serviceFeatureCode: b.serviceFeatureCode,
      total: b.total,
      used: b.used,
      available: b.available,
      unlimited: b.unlimited,
      percentageUsed: b.percentageUsed,
      availability: b.availability,
    }));
  }
}
