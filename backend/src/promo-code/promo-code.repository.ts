import { raw } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import { CatalogueRepository } from '../database/catalogue.repository.js';
import { type FilterRules, filterRules } from '../database/list-filter.js';
import type { ResourceListQuery } from '../database/list-query.js';
import { PERIODICITY_TYPES, PromotionalCode, PromoUserType } from './promo-code.entity.js';

/** A list request for PromoCode records: the sort fields and filters the contract declares. */
export type PromoCodeListQuery = ResourceListQuery<'PromoCode'>;

/** A package a code applies to. */
export interface LinkedPackage {
  id: number;
  packageCode: string;
  packageName: string;
  packageTypeId: 1 | 2 | 3;
  idstate: 0 | 1;
}

const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');

/** Codes that name one of the given packages. */
const appliesToPackage = filterRules.idIn((ids) => `select promotional_code_id from promotional_code_package where package_id in (${ids})`);

const FILTERS: FilterRules<PromoCodeListQuery['filter']> = {
  q: filterRules.search(),
  id: filterRules.ids(),
  idstate: filterRules.oneOf('idstate', [0, 1]),
  offerTypeCode: filterRules.oneOf('offerTypeCode', ['PTJ', 'VLR']),
  typeUserId: filterRules.oneOf('typeUserId', [1, 2, 3]),
  periodicityType: filterRules.oneOf('periodicityType', PERIODICITY_TYPES),
  packageId: appliesToPackage,
};

@Injectable()
export class PromoCodeRepository extends CatalogueRepository<PromotionalCode, PromoCodeListQuery> {
  constructor(em: EntityManager) {
    super(em, PromotionalCode, { table: 'promotional_code', filters: FILTERS, order: { id: 'desc' } });
  }

  codeTaken(code: string, exceptId?: number): Promise<boolean> {
    return this.taken('promotion_code', code, exceptId);
  }

  /** The code typed at checkout, ignoring case (stored without whitespace). */
  byCode(code: string): Promise<PromotionalCode | null> {
    return this.em.findOne(PromotionalCode, { [raw('lower(promotion_code)')]: code.toLowerCase() });
  }

  userTypes(): Promise<PromoUserType[]> {
    return this.em.find(PromoUserType, {}, { orderBy: { id: 'asc' } });
  }

  /** The packages each code applies to, by name. */
  async packagesOf(codeIds: readonly number[]): Promise<Map<number, LinkedPackage[]>> {
    const result = new Map<number, LinkedPackage[]>(codeIds.map((id) => [id, []]));
    if (!codeIds.length) return result;
    const rows = await this.em.execute<(LinkedPackage & { promotional_code_id: number })[]>(
      `select l.promotional_code_id, p.id, p.package_code as "packageCode", p.package_name as "packageName", p.package_type_id as "packageTypeId", p.idstate
         from promotional_code_package l join package p on p.id = l.package_id
        where l.promotional_code_id in (${placeholders(codeIds)}) order by p.package_name, p.id`,
      [...codeIds],
    );
    for (const { promotional_code_id, ...pkg } of rows) result.get(Number(promotional_code_id))?.push({ ...pkg, idstate: Number(pkg.idstate) as 0 | 1 });
    return result;
  }

  /** Codes that name the package among the ones they apply to. */
  byPackage(packageId: number): Promise<PromotionalCode[]> {
    return this.em.find(
      PromotionalCode,
      { [raw((alias: string) => `${alias}.id in (select promotional_code_id from promotional_code_package where package_id = ?)`, [packageId])]: [] },
      {
        orderBy: { promotionCode: 'asc' },
      },
    );
  }

  async missingPackages(ids: readonly number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.em.execute<{ id: number }[]>(`select id from package where id in (${placeholders(ids)})`, [...ids]);
    const found = new Set(rows.map((r) => Number(r.id)));
    return ids.filter((id) => !found.has(id));
  }

  async updatePackages(codeId: number, add: readonly number[], remove: readonly number[]): Promise<void> {
    if (remove.length) {
      await this.em.execute(`delete from promotional_code_package where promotional_code_id = ? and package_id in (${placeholders(remove)})`, [
        codeId,
        ...remove,
      ]);
    }
    if (add.length) {
      await this.em.execute(
        `insert into promotional_code_package (promotional_code_id, package_id) values ${add.map(() => '(?, ?)').join(', ')}`,
        add.flatMap((id) => [codeId, id]),
      );
    }
  }
}
