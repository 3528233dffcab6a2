import { describe, expect, it } from 'vitest';
import { loginPath, safeReturnPath } from './return-path';

describe('return path', () => {
  it('accepts paths of this site only', () => {
    expect(safeReturnPath('/myplan?x=1')).toBe('/myplan?x=1');
    expect(safeReturnPath('//evil.example')).toBeUndefined();
    expect(safeReturnPath('/\\evil.example')).toBeUndefined();
    expect(safeReturnPath('https://evil.example')).toBeUndefined();
    expect(safeReturnPath('/login?from=/x')).toBeUndefined();
  });
  it('builds the sign-in address remembering the target', () => {
    expect(loginPath('/myplan')).toBe('/login?from=%2Fmyplan');
    expect(loginPath('/')).toBe('/login');
  });
});
