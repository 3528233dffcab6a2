import { InvalidRequestError } from '../errors/errors.js';
import { escapeLike, type FilterRules, filterRules, whereOf } from './list-filter.js';

type Filter = { id?: unknown; idstate?: unknown; active?: unknown; q?: unknown };
const rules: FilterRules<Filter> = {
  id: filterRules.ids(),
  idstate: filterRules.oneOf('idstate', [0, 1]),
  active: filterRules.boolean('active'),
  q: filterRules.search(),
};

describe('list filters', () => {
  it('turns known filters into conditions and ignores empty values', () => {
    expect(whereOf({ id: [1, 2], idstate: 0, active: true, q: '' }, rules)).toEqual({
      $and: [{ id: { $in: [1, 2] } }, { idstate: { $in: [0] } }, { active: true }],
    });
    expect(whereOf({}, rules)).toEqual({});
  });

  it('refuses unknown filters and wrong values with a 400 naming the field', () => {
    for (const filter of [{ nope: 1 }, { id: 'x' }, { id: '2' }, { idstate: 7 }, { active: 'yes' }, { q: 'a'.repeat(101) }, { id: { $ne: null } }]) {
      expect(() => whereOf(filter as Filter, rules)).toThrow(InvalidRequestError);
    }
    try {
      whereOf({ idstate: 7 }, rules);
    } catch (error) {
      expect((error as InvalidRequestError).details[0]?.field).toBe('query.filter.idstate');
    }
  });

  it('never takes an inherited name for a rule', () => {
    for (const key of ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty']) {
      const filter = JSON.parse(`{"${key}": {"phone": {"$like": "3%"}}}`) as Filter;
      expect(() => whereOf(filter, rules)).toThrow(expect.objectContaining({ details: [expect.objectContaining({ field: `query.filter.${key}` })] }));
    }
  });

  it('searches text with a raw condition and escapes LIKE wildcards', () => {
    const where = whereOf({ q: ' nómina ' }, rules);
    expect(Object.getOwnPropertySymbols((where.$and as object[])[0])).toHaveLength(1);
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});
