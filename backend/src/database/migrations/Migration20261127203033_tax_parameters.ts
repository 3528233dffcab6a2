import { Migration } from '@mikro-orm/migrations';

/**
 * Taxes: the dated parameters of DefaultColombianTaxRules (docs/architecture.md "Colombian
 * taxes"), seeded from 1 January 2025 with each row's legal source. Values: UVT in pesos,
 * RETEFUENTE and RETEIVA in percent, RETEICA in per mil; minimum bases in UVT.
 */
const ROWS: [concept: string, kind: string, daneCode: string, validFrom: string, value: string, minBaseUvt: string, source: string][] = [
  ['UVT', '*', '*', '2025-01-01', '49799', '0', 'Resolución DIAN 000193 de 2024: UVT 2025 $49.799'],
  ['UVT', '*', '*', '2026-01-01', '52374', '0', 'Resolución DIAN 000238 de 2025: UVT 2026 $52.374'],
  [
    'RETEFUENTE',
    'SOFTWARE_LICENCE',
    '*',
    '2025-01-01',
    '3.5',
    '0',
    'Decreto 2521 de 2011: licenciamiento o derecho de uso de software 3,5 % sobre el pago, sin base mínima',
  ],
  ['RETEFUENTE', 'PURCHASE', '*', '2025-01-01', '2.5', '27', 'DUR 1625 de 2016 art. 1.2.4.9.1: compras generales (declarantes) 2,5 % desde 27 UVT'],
  ['RETEFUENTE', 'PURCHASE', '*', '2025-06-01', '2.5', '10', 'Decreto 0572 de 2025 art. 6: compras generales 2,5 % desde 10 UVT, desde el 1 de junio de 2025'],
  ['RETEFUENTE', 'SERVICE', '*', '2025-01-01', '4', '4', 'DUR 1625 de 2016 art. 1.2.4.4.1: servicios generales (declarantes) 4 % desde 4 UVT'],
  ['RETEFUENTE', 'SERVICE', '*', '2025-06-01', '4', '2', 'Decreto 0572 de 2025 art. 2: servicios generales 4 % desde 2 UVT, desde el 1 de junio de 2025'],
  [
    'RETEIVA',
    'SOFTWARE_LICENCE',
    '*',
    '2025-01-01',
    '15',
    '0',
    'Art. 437-1 E.T. (Ley 1819 de 2016): 15 % del IVA; base mínima la de la retefuente del concepto (licencias de software: ninguna)',
  ],
  ['RETEIVA', 'PURCHASE', '*', '2025-01-01', '15', '27', 'Art. 437-1 E.T.: 15 % del IVA; base mínima la de la retefuente por compras (27 UVT)'],
  [
    'RETEIVA',
    'PURCHASE',
    '*',
    '2025-06-01',
    '15',
    '10',
    'Art. 437-1 E.T.: 15 % del IVA; base mínima la de la retefuente por compras (10 UVT, Decreto 0572 de 2025)',
  ],
  ['RETEIVA', 'SERVICE', '*', '2025-01-01', '15', '4', 'Art. 437-1 E.T.: 15 % del IVA; base mínima la de la retefuente por servicios (4 UVT)'],
  [
    'RETEIVA',
    'SERVICE',
    '*',
    '2025-06-01',
    '15',
    '2',
    'Art. 437-1 E.T.: 15 % del IVA; base mínima la de la retefuente por servicios (2 UVT, Decreto 0572 de 2025)',
  ],
  [
    'RETEICA',
    'SOFTWARE_LICENCE',
    '11001',
    '2025-01-01',
    '9.66',
    '4',
    'Bogotá D.C., Acuerdo 65 de 2002: actividades de servicios (informática) 9,66 por mil; retención desde 4 UVT',
  ],
  [
    'RETEICA',
    'SERVICE',
    '11001',
    '2025-01-01',
    '9.66',
    '4',
    'Bogotá D.C., Acuerdo 65 de 2002: demás actividades de servicios 9,66 por mil; retención desde 4 UVT',
  ],
  [
    'RETEICA',
    'PURCHASE',
    '11001',
    '2025-01-01',
    '11.04',
    '27',
    'Bogotá D.C., Acuerdo 65 de 2002: demás actividades comerciales 11,04 por mil; retención desde 27 UVT',
  ],
  [
    'RETEICA',
    'SOFTWARE_LICENCE',
    '05001',
    '2025-01-01',
    '10',
    '0',
    'Medellín, Acuerdo 066 de 2017 (Estatuto Tributario de Medellín): actividades de servicios 10 por mil; verificar contra el CIIU del proveedor',
  ],
  [
    'RETEICA',
    'SERVICE',
    '05001',
    '2025-01-01',
    '10',
    '0',
    'Medellín, Acuerdo 066 de 2017: actividades de servicios 10 por mil; verificar contra el CIIU del proveedor',
  ],
  [
    'RETEICA',
    'SOFTWARE_LICENCE',
    '76001',
    '2025-01-01',
    '10',
    '0',
    'Santiago de Cali, Estatuto Tributario Municipal: actividades de servicios 10 por mil; verificar contra el CIIU del proveedor',
  ],
  [
    'RETEICA',
    'SERVICE',
    '76001',
    '2025-01-01',
    '10',
    '0',
    'Santiago de Cali, Estatuto Tributario Municipal: actividades de servicios 10 por mil; verificar contra el CIIU del proveedor',
  ],
  [
    'RETEICA',
    'SOFTWARE_LICENCE',
    '08001',
    '2025-01-01',
    '8',
    '0',
    'Barranquilla, Decreto 0119 de 2019 (Estatuto Tributario Distrital): actividades de servicios 8 por mil; verificar contra el CIIU del proveedor',
  ],
  [
    'RETEICA',
    'SERVICE',
    '08001',
    '2025-01-01',
    '8',
    '0',
    'Barranquilla, Decreto 0119 de 2019: actividades de servicios 8 por mil; verificar contra el CIIU del proveedor',
  ],
];

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

export class Migration20261127203033_tax_parameters extends Migration {
  override name = 'Migration20261127203033_tax_parameters';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "tax_parameter" ("concept" text not null, "kind" varchar(20) not null, "dane_code" varchar(5) not null, "valid_from" date not null, "value" numeric(14,4) not null, "min_base_uvt" numeric(10,2) not null default '0', "source" text not null, primary key ("concept", "kind", "dane_code", "valid_from"));`,
    );
    this.addSql(`alter table "tax_parameter" add constraint "tax_parameter_concept_check" check ("concept" in ('UVT', 'RETEFUENTE', 'RETEIVA', 'RETEICA'));`);
    this.addSql(
      `insert into "tax_parameter" ("concept", "kind", "dane_code", "valid_from", "value", "min_base_uvt", "source") values ${ROWS.map(
        (row) => `(${row.map(quote).join(', ')})`,
      ).join(', ')};`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "tax_parameter" cascade;`);
  }
}
