import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/sql';
import { CatalogueRepository } from '../database/catalogue.repository.js';
import { type FilterRules, filterRules, whereOf } from '../database/list-filter.js';
import type { Page, ResourceListQuery } from '../database/list-query.js';
import { pageTotal } from '../database/paging.js';
import { Agreement, AgreementAmendment, AgreementService } from './agreement.entities.js';
import type { SupervisorFields } from './agreement.types.js';

export type AgreementListQuery = ResourceListQuery<'Agreement'>;

const FILTERS: FilterRules<AgreementListQuery['filter']> = {
  q: filterRules.search(),
  id: filterRules.ids(),
  serviceId: filterRules.ids('serviceId'),
  customerId: filterRules.ids('customerId'),
};

/** What a row of the list shows of an agreement (the customer's name is the customer service's). */
export type AgreementListRow = Pick<
  Agreement,
  'id' | 'contractNumber' | 'serviceId' | 'serviceDescription' | 'customerId' | 'contractStartDate' | 'contractEndDate' | 'version'
>;
const LIST_COLUMNS = ['id', 'contractNumber', 'serviceId', 'serviceDescription', 'customerId', 'contractStartDate', 'contractEndDate', 'version'] as const;

/** A contracted service line with what its bags hold now (the ledger's sums). */
export interface LineWithUse {
  line: AgreementService;
  used: number;
  effectiveAt: Date;
  expiresAt: Date | null;
}

@Injectable()
export class AgreementRepository extends CatalogueRepository<Agreement, AgreementListQuery> {
  constructor(em: EntityManager) {
    super(em, Agreement, { table: 'agreement', filters: FILTERS, order: { id: 'desc' } });
  }

  /**
   * A page of the list as plain rows (the list's columns, not entities: hydrating 100 agreements
   * with their JSON was most of the list's time), counted only when the page is full.
   */
  async page(query: AgreementListQuery): Promise<Page<AgreementListRow>> {
    const where = whereOf(query.filter, FILTERS);
    const orderBy = query.sort ? { [query.sort.field]: query.sort.order.toLowerCase(), id: 'asc' } : { id: 'desc' };
    const items = await this.em
      .createQueryBuilder(Agreement)
      .select([...LIST_COLUMNS])
      .where(where)
      .orderBy(orderBy)
      .offset(query.offset)
      .limit(query.limit)
      .execute<AgreementListRow[]>('all');
    return { items, total: await pageTotal(items.length, query.offset, query.limit, () => this.em.count(Agreement, where)) };
  }

  /** The agreement locked for this transaction: concurrent amendments queue behind each other. */
  lock(id: number): Promise<Agreement | null> {
    return this.em.findOne(Agreement, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }

  /** Compared as the unique index compares (lower-case), after trimming. */
  contractNumberTaken(contractNumber: string, exceptId?: number): Promise<boolean> {
    return this.taken('contract_number', contractNumber.trim(), exceptId);
  }

  byContractNumber(contractNumber: string): Promise<Agreement[]> {
    return this.em.find(Agreement, { contractNumber: { $ilike: contractNumber.trim().replace(/[\\%_]/g, (c) => `\\${c}`) } });
  }

  lines(agreementId: number): Promise<AgreementService[]> {
    return this.em.find(AgreementService, { agreementId }, { orderBy: { id: 'asc' } });
  }

  addLine(data: Omit<AgreementService, 'id'>): AgreementService {
    return this.em.create(AgreementService, data);
  }

  /** The lines with each bag's use and validity, read from the licences and the ledger's counters. */
  async linesWithUse(agreementId: number): Promise<LineWithUse[]> {
    const lines = await this.lines(agreementId);
    if (!lines.length) return [];
    const rows = await this.em.execute<{ licence_id: number; used: string | number; effective_at: Date; expires_at: Date | null }[]>(
      `select l.id as licence_id, coalesce(sum(b.used), 0) as used, l.effective_at, l.expires_at
         from licence l left join licence_balance b on b.licence_id = l.id
        where l.id in (${lines.map(() => '?').join(', ')})
        group by l.id`,
      lines.map((l) => l.licenceId),
    );
    const byLicence = new Map(rows.map((r) => [r.licence_id, r]));
    return lines.map((line) => {
      const row = byLicence.get(line.licenceId);
      return {
        line,
        used: Number(row?.used ?? 0),
        effectiveAt: new Date(row?.effective_at ?? 0),
        expiresAt: row?.expires_at ? new Date(row.expires_at) : null,
      };
    });
  }

  addAmendment(data: Omit<AgreementAmendment, 'id'>): AgreementAmendment {
    return this.em.create(AgreementAmendment, data);
  }

  amendments(agreementId: number): Promise<AgreementAmendment[]> {
    return this.em.find(AgreementAmendment, { agreementId }, { orderBy: { occurredAt: 'desc', id: 'desc' } });
  }

  /** The supervisor as last saved on an agreement, by document. */
  async supervisorByDocument(documentTypeId: number, documentNumber: string): Promise<SupervisorFields | null> {
    const [row] = await this.em.execute<{ supervisor: SupervisorFields }[]>(
      `select supervisor from agreement
        where supervisor is not null and supervisor ->> 'documentNumber' = ? and (supervisor ->> 'documentTypeId')::int = ?
        order by coalesce(updated_at, created_at) desc, id desc limit 1`,
      [documentNumber, documentTypeId],
    );
    return row?.supervisor ?? null;
  }
}
