/** The compatibility envelope that the old product's clients read. */
export interface Envelope<T> {
  statusCode: number;
  statusMessage: string;
  result: T;
  statusDetails: { field?: string; code?: string; description: string }[];
}

export function envelope<T>(result: T, statusMessage = 'OK', statusCode = 200): Envelope<T> {
  return { statusCode, statusMessage, result, statusDetails: [] };
}
