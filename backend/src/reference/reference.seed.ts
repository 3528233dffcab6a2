import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../config/config.js';
import type { Seeder } from '../database/seeding.js';
import { brandRow, brandSeeds, DOCUMENT_TYPES, EMAIL_BLACKLIST, parameterRows, REJECT_TYPES, SYSTEM_PARAMETERS } from './reference.data.js';
import {
  AppParameter,
  Brand,
  BrandDocumentType,
  Department,
  DocumentType,
  EmailBlacklistRule,
  Municipality,
  RejectType,
  SystemParameter,
} from './reference.entities.js';

interface Divipola {
  departments: { code: string; name: string; municipalities: { code: string; name: string }[] }[];
}

/** Brands, parameters, document types, DANE departments and municipalities, reject types, e-mail blacklist. */
export const referenceData: Seeder = {
  name: 'reference data',
  async run({ em, config }) {
    const brands = brandSeeds(config.productBrandName);
    // Brands and parameters are only inserted when missing: operators may have tuned them.
    await em.upsertMany(Brand, brands.map(brandRow), { onConflictAction: 'ignore' });
    await em.upsertMany(AppParameter, brands.flatMap(parameterRows), {
      onConflictFields: ['appName', 'countryCode', 'parameterType', 'parameterCode'],
      onConflictAction: 'ignore',
    });
    await em.upsertMany(SystemParameter, SYSTEM_PARAMETERS, { onConflictAction: 'ignore' });
    await em.upsertMany(DocumentType, DOCUMENT_TYPES);
    await em.upsertMany(
      BrandDocumentType,
      brands.flatMap((b) =>
        (['N', 'J', 'R'] as const).flatMap((personType) =>
          b.documentTypes[personType].map((documentTypeId, i) => ({ appName: b.appName, personType, documentTypeId, sortOrder: i })),
        ),
      ),
    );
    const divipola = JSON.parse(readFileSync(join(REPO_ROOT, 'backend/reference-data/colombia-divipola.json'), 'utf8')) as Divipola;
    await em.upsertMany(
      Department,
      divipola.departments.map((d) => ({ id: Number(d.code), daneCode: d.code, name: d.name, countryCode: 'CO' })),
    );
    await em.upsertMany(
      Municipality,
      divipola.departments.flatMap((d) => d.municipalities.map((m) => ({ id: Number(m.code), daneCode: m.code, name: m.name, departmentId: Number(d.code) }))),
      { batchSize: 500 },
    );
    await em.upsertMany(RejectType, REJECT_TYPES);
    await em.upsertMany(EmailBlacklistRule, EMAIL_BLACKLIST);
  },
};
