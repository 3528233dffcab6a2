/**
 * Control characters are refused at the edge, for every string of the contract: C0 controls and
 * DEL anywhere; tab, CR and LF only where the contract marks free text `x-multiline`. So is text
 * that is not well-formed Unicode (a lone UTF-16 surrogate, which JSON's `\ud800` can carry but
 * neither PostgreSQL nor an e-mail can hold).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_IN_LINE = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_IN_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const CONTROL_CHARACTERS_MESSAGE = 'no debe contener caracteres de control';

export const MALFORMED_UNICODE_MESSAGE = 'no debe contener caracteres Unicode incompletos';

/** True when a text has a control character where it is not allowed. */
export function hasControlCharacters(text: string, multiline = false): boolean {
  return (multiline ? CONTROL_IN_MULTILINE : CONTROL_IN_LINE).test(text);
}

/** What is wrong with a text of the request, as the field's message, or null when it may go on. */
export function textProblem(text: string, multiline = false): string | null {
  if (hasControlCharacters(text, multiline)) return CONTROL_CHARACTERS_MESSAGE;
  if (!text.isWellFormed()) return MALFORMED_UNICODE_MESSAGE;
  return null;
}
