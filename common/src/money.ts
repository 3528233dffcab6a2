import { Decimal } from 'decimal.js';

/**
 * Money is exact decimal: `numeric(20,2)` in the database, Decimal in code. It travels as a JSON
 * number with at most 2 decimals and at most 15 digits (the contract's bound), so every amount is
 * exact as a double. Rounding is half-up on the decimal value, as the screens show it
 * (format.ts): 2.675 → 2.68.
 */
export const MONEY_DECIMALS = 2;

/** Why an amount is refused (a per-field 400). */
export const MONEY_DECIMALS_MESSAGE = 'debe tener a lo sumo 2 decimales';

/**
 * The amount a JSON number stands for (String() of a double is the shortest decimal that reads
 * back as it: what the client wrote), or undefined when it has more than 2 decimals.
 */
export function parseMoney(value: number): Decimal | undefined {
  const amount = new Decimal(String(value));
  return amount.decimalPlaces() > MONEY_DECIMALS ? undefined : amount;
}

/** The text stored in a numeric(…, 2) column (and read back from it), for exact comparisons. */
export function moneyColumn(amount: Decimal): string {
  return amount.toFixed(MONEY_DECIMALS);
}

/** An amount for a JSON answer: rounded half-up to 2 decimals. */
export function moneyOut(amount: Decimal | string): number {
  return new Decimal(amount).toDecimalPlaces(MONEY_DECIMALS, Decimal.ROUND_HALF_UP).toNumber();
}
