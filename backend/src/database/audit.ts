import type { components } from '@licencias/common/schema';

/** Audit columns shared by the catalogue records. */
export interface Audited {
  createdby?: string | null;
  createdon: Date;
  modifiedby?: string | null;
  modifiedon?: Date | null;
}

export function auditOf(record: Audited): components['schemas']['Audit'] {
  return {
    createdby: record.createdby ?? null,
    createdon: record.createdon.toISOString(),
    modifiedby: record.modifiedby ?? null,
    modifiedon: record.modifiedon ? record.modifiedon.toISOString() : null,
  };
}
