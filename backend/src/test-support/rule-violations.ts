import type { BusinessRuleError } from '../errors/errors.js';
import { RuleViolations } from '../errors/rule-violations.js';

/** The messages the rules `run` adds to one RuleViolations, in order (none when every rule holds). */
export function broken(run: (v: RuleViolations) => unknown): string[] {
  const violations = new RuleViolations();
  run(violations);
  try {
    violations.throwIfAny();
    return [];
  } catch (error) {
    return (error as BusinessRuleError).details.map((d) => d.description);
  }
}
