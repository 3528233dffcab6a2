import type { BusinessRuleError } from '../errors/errors.js';
import { RuleViolations } from '../errors/rule-violations.js';

const messages = (violations: RuleViolations): string[] => {
  try {
    violations.throwIfAny();
    return [];
  } catch (error) {
    return (error as BusinessRuleError).details.map((d) => d.description);
  }
};

/** The messages the rules `run` adds to one RuleViolations, in order (none when every rule holds). */
export function broken(run: (v: RuleViolations) => unknown): string[] {
  const violations = new RuleViolations();
  run(violations);
  return messages(violations);
}

/** `broken` for rules that finish later (they load what they need on first use). */
export async function brokenAsync(run: (v: RuleViolations) => Promise<unknown>): Promise<string[]> {
  const violations = new RuleViolations();
  await run(violations);
  return messages(violations);
}
