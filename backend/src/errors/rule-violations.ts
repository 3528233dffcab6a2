import { BusinessRuleError, type ErrorDetail } from './errors.js';

/**
 * Collects the business rules a request breaks so that one 422 names them all: the first one's
 * Spanish message is the `statusMessage`, every one is in `statusDetails` with its field.
 */
export class RuleViolations {
  private readonly details: ErrorDetail[] = [];

  add(field: string, message: string): this {
    this.details.push({ field, description: message });
    return this;
  }

  get isEmpty(): boolean {
    return this.details.length === 0;
  }

  throwIfAny(): void {
    const first = this.details[0];
    if (first) throw new BusinessRuleError(first.description, this.details);
  }
}
