import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { REPO_ROOT } from '../config/config.js';
import { getContract, loadContractDocument } from './contract.js';

function refsOf(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => refsOf(n, found));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else refsOf(value, found);
    }
  }
  return found;
}

describe('the contract document', () => {
  it('keeps openapi.yaml as a root whose paths and components live in per-domain files', () => {
    const root = parse(readFileSync(join(REPO_ROOT, 'openapi.yaml'), 'utf8')) as { paths: Record<string, { $ref?: string }> };
    const inline = Object.entries(root.paths).filter(([, item]) => !item.$ref?.startsWith('api/'));
    expect(inline).toEqual([]);
  });

  it('is bundled into one self-contained document with every operation', () => {
    const document = getContract().document;
    expect(refsOf(document).filter((ref) => !ref.startsWith('#/components/'))).toEqual([]);
    expect(getContract().operation('savePackage')).toMatchObject({ method: 'post', path: '/license/api/Package/SavePackage' });
    expect(getContract().operations().length).toBeGreaterThan(90);
  });

  it('compiles every request and response validator (the app compiles each on first use)', () => {
    expect(() => getContract().compileAll()).not.toThrow();
  });

  describe('from the files as they are now', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'contract-'));
      mkdirSync(join(dir, 'api/items'), { recursive: true });
      writeFileSync(
        join(dir, 'openapi.yaml'),
        [
          'openapi: 3.1.0',
          'info: { title: t, version: "1" }',
          'paths:',
          "  /items: { $ref: 'api/items/paths.yaml#/items' }",
          'components:',
          '  schemas:',
          "    Item: { $ref: 'api/items/schemas.yaml#/Item' }",
        ].join('\n'),
      );
      writeFileSync(
        join(dir, 'api/items/paths.yaml'),
        [
          'items:',
          '  get:',
          '    operationId: listItems',
          '    security: []',
          '    responses:',
          "      '200':",
          '        description: ok',
          '        content:',
          "          application/json: { schema: { type: array, items: { $ref: 'schemas.yaml#/Item' } } }",
        ].join('\n'),
      );
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('rewrites references between files to the root components', async () => {
      writeFileSync(join(dir, 'api/items/schemas.yaml'), 'Item: { type: string, maxLength: 3 }\n');
      const document = await loadContractDocument(join(dir, 'openapi.yaml'));
      expect(document).toMatchObject({
        paths: {
          '/items': { get: { responses: { '200': { content: { 'application/json': { schema: { items: { $ref: '#/components/schemas/Item' } } } } } } } },
        },
        components: { schemas: { Item: { type: 'string', maxLength: 3 } } },
      });
      // An edit of a domain file is what the next load sees: nothing bundled is kept to go stale.
      writeFileSync(join(dir, 'api/items/schemas.yaml'), 'Item: { type: string, maxLength: 7 }\n');
      await expect(loadContractDocument(join(dir, 'openapi.yaml'))).resolves.toMatchObject({ components: { schemas: { Item: { maxLength: 7 } } } });
    });

    it('refuses a reference to a file that does not exist', async () => {
      await expect(loadContractDocument(join(dir, 'openapi.yaml'))).rejects.toThrow(/does not bundle/);
    });
  });
});
