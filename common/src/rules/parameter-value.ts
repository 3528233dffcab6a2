export type ParameterType = 'boolean' | 'number' | 'string' | 'object';

export type ParameterValue =
  | { type: 'boolean'; value: boolean }
  | { type: 'number'; value: number }
  | { type: 'string'; value: string }
  | { type: 'object'; value: Record<string, unknown> };

function typeOf(value: unknown): ParameterType | undefined {
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number' && Number.isFinite(value)) return 'number';
  if (typeof value === 'string') return 'string';
  if (value && typeof value === 'object' && !Array.isArray(value)) return 'object';
  return undefined;
}

/**
 * Reads a parameter's JSON text `{"type": ..., "value": ...}`. A value whose type differs from
 * its declared type, or text that is not such JSON, is ignored (undefined).
 */
export function parseParameterValue(text: string): ParameterValue | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object') return undefined;
  const { type, value } = parsed as { type?: unknown; value?: unknown };
  if (typeof type !== 'string' || typeOf(value) !== type) return undefined;
  return { type, value } as ParameterValue;
}

/** The typed values of a parameter list, by code, skipping the ignored ones. */
export function parameterMap(records: { parameterCode: string; parameterValue: string }[]): Record<string, ParameterValue['value']> {
  const map: Record<string, ParameterValue['value']> = {};
  for (const record of records) {
    const parsed = parseParameterValue(record.parameterValue);
    if (parsed) map[record.parameterCode] = parsed.value;
  }
  return map;
}
