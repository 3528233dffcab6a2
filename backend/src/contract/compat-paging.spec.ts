import { InvalidRequestError } from '../errors/errors.js';
import { compatSearch, decodeHeaderText } from './compat-paging.js';

describe('compatibility header text', () => {
  it('reads plain, latin1, UTF-8-as-latin1 and percent-encoded text', () => {
    expect(decodeHeaderText(' roble ')).toBe('roble');
    expect(decodeHeaderText('nómina')).toBe('nómina');
    expect(decodeHeaderText(Buffer.from('nómina', 'utf8').toString('latin1'))).toBe('nómina');
    expect(decodeHeaderText(encodeURIComponent('nómina 100%'))).toBe('nómina 100%');
    expect(decodeHeaderText('100%')).toBe('100%');
    expect(decodeHeaderText(undefined)).toBe('');
  });

  it('bounds the search to 100 characters', () => {
    expect(compatSearch('a'.repeat(100))).toHaveLength(100);
    expect(() => compatSearch('a'.repeat(101))).toThrow(InvalidRequestError);
  });
});
