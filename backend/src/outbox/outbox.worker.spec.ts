import { retryDelay } from './outbox.worker.js';

describe('retryDelay', () => {
  const policy = { maxAttempts: 10, baseDelayMs: 1000, maxDelayMs: 60_000 };

  it('doubles from the base after each failure and stops at the cap', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((attempt) => retryDelay(attempt, policy, middle))).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000]);
  });

  it('spreads retries by ±20 % so instances do not retry in step', () => {
    expect(retryDelay(3, policy, () => 0)).toBe(3200);
    expect(retryDelay(3, policy, () => 0.999999)).toBe(4800);
  });
});
