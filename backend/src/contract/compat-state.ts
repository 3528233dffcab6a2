import type { components } from '@licencias/common/schema';

/** `Status` of the old register and change-state calls: 0 or true is active, 1 or false inactive. */
export function idstateOf(status: components['schemas']['CompatStatus'] | undefined): 0 | 1 | undefined {
  if (status === undefined) return undefined;
  return status === 0 || status === true ? 0 : 1;
}

/** `Id` of the old register calls: absent or 0 creates. */
export function existingId(id: number | null | undefined): number | undefined {
  return id ? id : undefined;
}
