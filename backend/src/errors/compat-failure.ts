import { BusinessRuleError, ConflictError } from './errors.js';

/**
 * The old screens show their own text for a refused save ('El paquete {code} no fue guardado'):
 * the compatibility API answers it as `statusMessage`, keeping the rules in `statusDetails`.
 */
export async function withFailureMessage<T>(work: Promise<T>, message: string): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof BusinessRuleError || error instanceof ConflictError)) throw error;
    const details = error.details.length ? error.details : [{ description: error.message }];
    throw error instanceof ConflictError ? new ConflictError(message, details) : new BusinessRuleError(message, details);
  }
}
