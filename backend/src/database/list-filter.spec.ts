import { InvalidRequestError } from '../errors/errors.js';
import { escapeLike, filterRules, whereOf } from './list-filter.js';

const rules = { id: filterRules.ids(), idstate: filterRules.oneOf('idstate', [0, 1]), active: filterRules.boolean('active'), q: filterRules.search() };

describe('list filters', () => {
  it('turns known filters into conditions and ignores empty values', () => {
    expect(whereOf({ id: [1, '2'], idstate: 0, active: true, q: '' }, rules)).toEqual({
      $and: [{ id: { $in: [1, 2] } }, { idstate: { $in: [0] } }, { active: true }],
    });
    expect(whereOf({}, rules)).toEqual({});
  });

  it('refuses unknown filters and wrong values with a 400 naming the field', () => {
    for (const filter of [{ nope: 1 }, { id: 'x' }, { idstate: 7 }, { active: 'yes' }, { q: 'a'.repeat(101) }]) {
      expect(() => whereOf(filter, rules)).toThrow(InvalidRequestError);
    }
    try {
      whereOf({ idstate: 7 }, rules);
    } catch (error) {
      expect((error as InvalidRequestError).details[0]?.field).toBe('query.filter.idstate');
    }
  });

  it('searches text with a raw condition and escapes LIKE wildcards', () => {
    const where = whereOf({ q: ' nómina ' }, rules);
    expect(Object.getOwnPropertySymbols((where.$and as object[])[0])).toHaveLength(1);
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});
