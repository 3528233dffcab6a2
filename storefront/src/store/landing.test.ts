import { describe, expect, it } from 'vitest';
import { landingTarget } from './landing';

const ORIGIN = 'http://colnomina.localhost:3000';
const brand = (appName: string, configurable = false) => ({ appName, configurable });

describe('the home of a brand with a landing page', () => {
  it('goes to the landing page of colnomina, firmaya, bemyself and the configurable brand', () => {
    for (const b of [brand('colnomina'), brand('firmaya'), brand('bemyself'), brand('tienda', true)]) {
      expect(landingTarget(b, '/inicio', ORIGIN)).toEqual({ kind: 'path', path: '/inicio' });
    }
    expect(landingTarget(brand('colnomina'), 'https://www.colnomina.co', ORIGIN)).toEqual({ kind: 'url', url: 'https://www.colnomina.co/' });
    expect(landingTarget(brand('colnomina'), `${ORIGIN}/inicio?x=1`, ORIGIN)).toEqual({ kind: 'path', path: '/inicio?x=1' });
  });

  it('stays on the store for the other brands, without a landing page, or when the landing page is the home itself', () => {
    expect(landingTarget(brand('colfactura'), '/inicio', ORIGIN)).toBeUndefined();
    expect(landingTarget(brand('firmamail'), 'https://www.firmamail.co', ORIGIN)).toBeUndefined();
    expect(landingTarget(brand('colnomina'), '', ORIGIN)).toBeUndefined();
    expect(landingTarget(brand('colnomina'), undefined, ORIGIN)).toBeUndefined();
    expect(landingTarget(brand('colnomina'), '/', ORIGIN)).toBeUndefined();
    expect(landingTarget(brand('colnomina'), `${ORIGIN}/`, ORIGIN)).toBeUndefined();
    expect(landingTarget(brand('colnomina'), 'javascript:alert(1)', ORIGIN)).toBeUndefined();
  });
});
