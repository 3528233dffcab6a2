const WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];

/**
 * DIAN check digit of a NIT: digits weighted from the right by 3, 7, 13, ..., 71, modulo 11;
 * a remainder of 0 or 1 is the digit, otherwise 11 minus the remainder.
 */
export function nitCheckDigit(documentNumber: string): string {
  const digits = documentNumber.replace(/\D/g, '');
  if (!digits || digits.length > WEIGHTS.length) throw new RangeError('NIT must have 1 to 15 digits');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * WEIGHTS[i];
  const remainder = sum % 11;
  return String(remainder > 1 ? 11 - remainder : remainder);
}
