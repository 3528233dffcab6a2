import { createHash } from 'node:crypto';
import type { components } from '@licencias/common/schema';
import { EntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import type { PartnerCaller } from '../auth/auth-user.js';
import { BusinessRuleError, ConflictError, ForbiddenError, NotFoundError } from '../errors/errors.js';
import { LicenceService } from '../licence/licence.service.js';
import { ConsumptionRepository } from './consumption.repository.js';

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

/** The request as JSON with sorted keys, hashed: what "the same body" means for a replay. */
function fingerprint(body: object): string {
  const sorted = Object.fromEntries(Object.entries(body).sort(([a], [b]) => a.localeCompare(b)));
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex');
}

/** Partners' consumptions, reversals and balances, through LicenceService, scoped to the API client's brand. */
@Injectable()
export class ConsumptionService {
  constructor(
    private readonly em: EntityManager,
    private readonly consumptions: ConsumptionRepository,
    private readonly licences: LicenceService,
  ) {}

  /**
   * One transaction: the key's lock (409 while another request holds it), a replay when the key
   * was answered, else the ledger movement and the key's record together. A refusal writes nothing.
   */
  async consume(caller: PartnerCaller, key: string, body: ConsumptionCreate): Promise<{ replayed: boolean; consumption: Consumption }> {
    const print = fingerprint(body);
    return this.em.transactional(async () => {
      if (!(await this.consumptions.tryKeyLock(caller.apiClientId, key))) throw new ConflictError(KEY_IN_FLIGHT_MESSAGE);
      const known = await this.consumptions.findRecord(caller.apiClientId, key);
      if (known) {
        if (known.fingerprint !== print)
          throw new BusinessRuleError(KEY_REUSED_MESSAGE, [{ field: 'header.Idempotency-Key', description: KEY_REUSED_MESSAGE }]);
        return { replayed: true, consumption: known.response as Consumption };
      }
      const customerId = await this.customerOf(caller, body.documentType, body.documentNumber, body.serviceFeatureCode);
      const result = await this.licences.consume({
        customerId,
        serviceFeatureCode: body.serviceFeatureCode,
        quantity: body.quantity,
        occurredAt: body.occurredAt ? new Date(body.occurredAt) : undefined,
        reference: body.reference ?? null,
        createdBy: `api:${caller.clientId}`,
      });
      const consumption: Consumption = { id: result.movementId, licenceId: result.licenceId, quantity: result.quantity, balance: result.balance };
      await this.consumptions.record({
        apiClientId: caller.apiClientId,
        idempotencyKey: key,
        fingerprint: print,
        movementId: result.movementId,
        appName: caller.appName,
        response: consumption,
        createdAt: new Date(),
      });
      return { replayed: false, consumption };
    });
  }

  /** Gives back a consumption a client of the same brand posted (LicenceService reverses it once). */
  async reverse(caller: PartnerCaller, movementId: number): Promise<Reversal> {
    if (!(await this.consumptions.findByMovement(movementId, caller.appName))) throw new NotFoundError(CONSUMPTION_NOT_FOUND_MESSAGE);
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

  private async customerOf(caller: PartnerCaller, documentType: string, documentNumber: string, serviceFeatureCode: string): Promise<number> {
    const target = await this.consumptions.target(documentType, documentNumber, serviceFeatureCode);
    if (target.featureAppName === null) throw new NotFoundError(FEATURE_NOT_FOUND_MESSAGE);
    if (target.featureAppName !== caller.appName) throw new ForbiddenError(OTHER_BRAND_MESSAGE);
    if (target.customerId === null) throw new NotFoundError(CUSTOMER_NOT_FOUND_MESSAGE);
    return target.customerId;
  }
}
