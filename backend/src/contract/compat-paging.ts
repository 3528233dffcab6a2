import { InvalidRequestError } from '../errors/errors.js';
import { textProblem } from './control-characters.js';

const MAX_SEARCH = 100;

/**
 * Header values reach Node as latin1: a client that sends UTF-8 bytes ('nómina') arrives as
 * mojibake, and some clients percent-encode. Both are turned back into the text typed.
 */
export function decodeHeaderText(value: string | undefined): string {
  if (!value) return '';
  let text = value;
  if (/%[0-9A-Fa-f]{2}/.test(text)) {
    try {
      text = decodeURIComponent(text);
    } catch {
      // Not percent-encoding after all: keep it as sent.
    }
  }
  const latin1Only = [...text].every((c) => c.charCodeAt(0) <= 0xff);
  if (latin1Only && /[\u0080-\u00ff]/.test(text)) {
    const utf8 = Buffer.from(text, 'latin1').toString('utf8');
    if (!utf8.includes('\uFFFD')) text = utf8;
  }
  return text.trim();
}

/** The search text of a compatibility list header, bounded like the screens' search boxes. */
export function compatSearch(value: string | undefined, header = 'filter'): string {
  const text = decodeHeaderText(value);
  // The contract checked the header as sent; percent-encoding may have hidden a control character.
  const problem = textProblem(text);
  if (problem) throw new InvalidRequestError([{ field: `header.${header}`, description: problem }]);
  if (text.length > MAX_SEARCH) throw new InvalidRequestError([{ field: `header.${header}`, description: `debe tener a lo sumo ${MAX_SEARCH} caracteres` }]);
  return text;
}
