import { Decimal } from 'decimal.js';
import { InvalidRequestError } from '../errors/errors.js';

/**
 * Money is `numeric` in the database and Decimal in code. It travels as a JSON number with at
 * most 2 decimals, bounded by the contract to 15 digits so that every value is exact as a double.
 */
export function parseMoney(value: number, field: string): Decimal {
  // String() of a double is the shortest decimal that reads back as it: what the client wrote.
  const amount = new Decimal(String(value));
  if (amount.decimalPlaces() > 2) throw new InvalidRequestError([{ field, description: 'debe tener a lo sumo 2 decimales' }]);
  return amount;
}

/** The text stored in a numeric(…, 2) column (and read back from it), for exact comparisons. */
export function moneyColumn(amount: Decimal): string {
  return amount.toFixed(2);
}

export function moneyOut(amount: Decimal | string): number {
  return new Decimal(amount).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();
}
