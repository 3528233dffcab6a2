import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { REPO_ROOT } from '../config/config.js';
import { loadContractDocument } from './bundle.js';
import { getContract } from './contract.js';

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
      const document = await loadContractDocument(join(dir, 'openapi.yaml'), join(dir, 'bundle.json'));
      expect(document).toMatchObject({
        paths: {
          '/items': { get: { responses: { '200': { content: { 'application/json': { schema: { items: { $ref: '#/components/schemas/Item' } } } } } } } },
        },
        components: { schemas: { Item: { type: 'string', maxLength: 3 } } },
      });
      // An edit of a domain file is what the next load sees: the kept bundle no longer matches it.
      writeFileSync(join(dir, 'api/items/schemas.yaml'), 'Item: { type: string, maxLength: 7 }\n');
      await expect(loadContractDocument(join(dir, 'openapi.yaml'), join(dir, 'bundle.json'))).resolves.toMatchObject({
        components: { schemas: { Item: { maxLength: 7 } } },
      });
    });

    it('loads the kept bundle while every file it was made from is unchanged', async () => {
      writeFileSync(join(dir, 'api/items/schemas.yaml'), 'Item: { type: string, maxLength: 3 }\n');
      const saved = join(dir, 'bundle.json');
      await loadContractDocument(join(dir, 'openapi.yaml'), saved);
      const kept = JSON.parse(readFileSync(saved, 'utf8')) as { sources: Record<string, string>; document: { info: { title: string } } };
      expect(Object.keys(kept.sources).map((file) => file.split('/').slice(-2).join('/'))).toEqual(
        expect.arrayContaining(['items/paths.yaml', 'items/schemas.yaml', expect.stringMatching(/openapi\.yaml$/)]),
      );
      // Marked, so the test can tell the kept document from a fresh bundle.
      kept.document.info.title = 'kept';
      writeFileSync(saved, JSON.stringify(kept));
      await expect(loadContractDocument(join(dir, 'openapi.yaml'), saved)).resolves.toMatchObject({ info: { title: 'kept' } });
      // Another root is bundled (here: it does not exist), never answered from this bundle.
      await expect(loadContractDocument(join(dir, 'other.yaml'), saved)).rejects.toThrow(/no such file/);
      writeFileSync(join(dir, 'openapi.yaml'), readFileSync(join(dir, 'openapi.yaml'), 'utf8').replace('title: t', 'title: edited'));
      await expect(loadContractDocument(join(dir, 'openapi.yaml'), saved)).resolves.toMatchObject({ info: { title: 'edited' } });
    });

    it('refuses a reference to a file that does not exist', async () => {
      await expect(loadContractDocument(join(dir, 'openapi.yaml'), join(dir, 'bundle.json'))).rejects.toThrow(/does not bundle/);
    });
  });
});
