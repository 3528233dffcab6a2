import type { components } from '@licencias/common/schema';
import { bogotaToday } from '@licencias/common/dates';
import { EntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import { Decimal } from 'decimal.js';
import { BusinessRuleError } from '../errors/errors.js';
import { MissingTaxParameter, parametersOn, type TaxParameterRow, uvtToPesos } from './tax-parameters.js';
import { TaxParameterRepository } from './tax.repository.js';

type TaxParameterTable = components['schemas']['TaxParameterTable'];

const keyOf = (row: TaxParameterRow) => `${row.concept}|${row.kind}|${row.daneCode}`;

/** The dated tax parameters as staff read them (their sources, what is in force on a day). */
@Injectable()
export class TaxParameterService {
  constructor(
    private readonly em: EntityManager,
    private readonly parameters: TaxParameterRepository,
  ) {}

  async table(day: string = bogotaToday()): Promise<TaxParameterTable> {
    const rows = await this.parameters.all(this.em.fork());
    let uvt: Decimal;
    try {
      uvt = parametersOn(rows, day, null).uvt;
    } catch (error) {
      if (error instanceof MissingTaxParameter) throw new BusinessRuleError(error.message, [{ field: 'date', description: error.message }]);
      throw error;
    }
    // In force: the latest start on or before the day of each key.
    const latest = new Map<string, string>();
    for (const row of rows) if (row.validFrom <= day && (latest.get(keyOf(row)) ?? '') < row.validFrom) latest.set(keyOf(row), row.validFrom);
    return {
      day,
      uvt: uvt.toString(),
      parameters: rows.map((row) => ({
        ...row,
        minBase: row.concept === 'UVT' ? null : uvtToPesos(new Decimal(row.minBaseUvt), uvt).toString(),
        inForce: latest.get(keyOf(row)) === row.validFrom,
      })),
    };
  }
}
