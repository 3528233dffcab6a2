import { pageTotal } from './paging.js';

describe('pageTotal', () => {
  let counted = 0;
  const count = async () => {
    counted++;
    return 1234;
  };
  beforeEach(() => {
    counted = 0;
  });

  it('knows the total of a page that is not full without counting', async () => {
    expect(await pageTotal(7, 0, 25, count)).toBe(7);
    expect(await pageTotal(3, 50, 25, count)).toBe(53);
    expect(await pageTotal(0, 0, 25, count)).toBe(0);
    expect(counted).toBe(0);
  });

  it('counts for a full page or an empty page past the start', async () => {
    expect(await pageTotal(25, 0, 25, count)).toBe(1234);
    expect(await pageTotal(0, 5000, 25, count)).toBe(1234);
    expect(counted).toBe(2);
  });
});
