import type { EntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import { Decimal } from 'decimal.js';
import type { TaxConcept, TaxParameterRow } from './tax-parameters.js';

interface Row {
  concept: TaxConcept;
  kind: TaxParameterRow['kind'];
  dane_code: string;
  valid_from: string;
  value: string;
  min_base_uvt: string;
  source: string;
}

const toRow = (row: Row): TaxParameterRow => ({
  concept: row.concept,
  kind: row.kind,
  daneCode: row.dane_code,
  validFrom: row.valid_from,
  // numeric(14,4) reads '3.5000': the exact number without trailing zeros.
  value: new Decimal(row.value).toString(),
  minBaseUvt: new Decimal(row.min_base_uvt).toString(),
  source: row.source,
});

const COLUMNS = `concept, kind, dane_code, to_char(valid_from, 'YYYY-MM-DD') as valid_from, value::text as value, min_base_uvt::text as min_base_uvt, source`;

/** The dated tax parameters. */
@Injectable()
export class TaxParameterRepository {
  /** Every row, by concept, kind, municipality and start. */
  async all(em: EntityManager): Promise<TaxParameterRow[]> {
    const rows = await em.execute<Row[]>(`select ${COLUMNS} from tax_parameter order by concept, kind, dane_code, valid_from`);
    return rows.map(toRow);
  }

  /** The rows in force on `day` (the latest of each key started on or before it), national and of `daneCode`. */
  async rowsOn(em: EntityManager, day: string, daneCode: string | null): Promise<TaxParameterRow[]> {
    const rows = await em.execute<Row[]>(
      `select distinct on (concept, kind, dane_code) ${COLUMNS}
         from tax_parameter
        where valid_from <= ?::date and (dane_code = '*' or dane_code = ?)
        order by concept, kind, dane_code, valid_from desc`,
      [day, daneCode ?? '*'],
    );
    return rows.map(toRow);
  }
}
