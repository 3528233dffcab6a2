import { applyChanges } from './persistence.js';

describe('applyChanges', () => {
  it('sets what differs, skips what is equal or not sent, and tells whether anything changed', () => {
    const entity = { name: 'a', price: '10.00', at: new Date('2026-01-01T00:00:00Z'), state: 0 };
    expect(applyChanges(entity, { name: 'a', price: '10.00', at: new Date('2026-01-01T00:00:00Z'), state: undefined })).toBe(false);
    expect(applyChanges(entity, { price: '11.00' })).toBe(true);
    expect(entity).toEqual({ name: 'a', price: '11.00', at: new Date('2026-01-01T00:00:00Z'), state: 0 });
  });
});
