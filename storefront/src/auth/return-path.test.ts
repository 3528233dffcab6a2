import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loginPath, safeReturnPath } from './return-path.ts';

describe('return path', () => {
  it('accepts paths of this site only', () => {
    assert.equal(safeReturnPath('/myplan?x=1'), '/myplan?x=1');
    assert.equal(safeReturnPath('//evil.example'), undefined);
    assert.equal(safeReturnPath('/\\evil.example'), undefined);
    assert.equal(safeReturnPath('https://evil.example'), undefined);
    assert.equal(safeReturnPath('/login?from=/x'), undefined);
  });
  it('builds the sign-in address remembering the target', () => {
    assert.equal(loginPath('/myplan'), '/login?from=%2Fmyplan');
    assert.equal(loginPath('/'), '/login');
  });
});
