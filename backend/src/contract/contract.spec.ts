import { Contract } from './contract.js';
import { parseListQuery } from './resource-list.js';

const doc = {
  openapi: '3.1.0',
  paths: {
    '/items/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
      put: {
        operationId: 'updateItem',
        'x-privileges': ['ITEMS'],
        parameters: [
          { name: 'startRegister', in: 'header', required: true, schema: { type: 'integer', minimum: 0 } },
          { name: 'dryRun', in: 'query', schema: { type: 'boolean', default: false } },
        ],
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } },
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } },
          '201': { description: 'x' },
        },
      },
    },
    '/public': { get: { operationId: 'getPublic', security: [], responses: { '200': { description: 'ok' } } } },
  },
  components: {
    schemas: {
      Item: {
        type: 'object',
        required: ['name'],
        additionalProperties: false,
        properties: { name: { type: 'string', maxLength: 5 }, price: { type: 'number', minimum: 0 } },
      },
    },
  },
};

describe('Contract', () => {
  const contract = new Contract(doc);

  it('indexes operations with their route, privileges and success status', () => {
    expect(contract.operation('updateItem')).toMatchObject({
      method: 'put',
      routePath: '/items/:id',
      privileges: ['ITEMS'],
      isPublic: false,
      successStatus: 200,
      hasBody: true,
    });
    expect(contract.operation('getPublic').isPublic).toBe(true);
    expect(contract.findByRoute('PUT', '/ITEMS/:id')?.operationId).toBe('updateItem');
  });

  it('coerces parameters and applies defaults', () => {
    const parts = {
      params: { id: '7' },
      query: {} as Record<string, unknown>,
      headers: { startregister: '10' } as Record<string, unknown>,
      body: { name: 'ok' },
    };
    expect(contract.validateRequest('updateItem', parts)).toEqual([]);
    expect(parts.params.id).toBe(7);
    expect(parts.headers.startregister).toBe(10);
    expect(parts.query.dryRun).toBe(false);
  });

  it('reports every problem with its field and a Spanish message', () => {
    const details = contract.validateRequest('updateItem', { params: { id: '0' }, query: {}, headers: {}, body: { name: 'demasiado', extra: 1, price: -1 } });
    expect(details.map((d) => d.field).sort()).toEqual(['body.extra', 'body.name', 'body.price', 'header.startRegister', 'path.id']);
    expect(details.find((d) => d.field === 'body.name')?.description).toBe('no debe contener más de 5 caracteres');
  });

  it('requires a body when the contract does', () => {
    expect(contract.validateRequest('updateItem', { params: { id: '1' }, query: {}, headers: { startregister: '0' }, body: undefined })).toEqual([
      { field: 'body', description: 'el cuerpo de la solicitud es obligatorio' },
    ]);
  });

  it('checks responses against the declared schema and status', () => {
    expect(contract.checkResponse('updateItem', 200, { name: 'a' })).toBeNull();
    expect(contract.checkResponse('updateItem', 200, { nombre: 'a' })).toMatch(/required/);
    expect(contract.checkResponse('updateItem', 404, {})).toMatch(/does not declare status 404/);
  });

  it('refuses an operation without a declared access rule', () => {
    expect(() => new Contract({ paths: { '/x': { get: { operationId: 'x', responses: {} } } } })).toThrow(/must declare x-privileges or security/);
  });

  it('refuses two operations whose paths differ only by case', () => {
    const twice = {
      paths: { '/A': { get: { operationId: 'a', security: [], responses: {} } }, '/a': { get: { operationId: 'b', security: [], responses: {} } } },
    };
    expect(() => new Contract(twice)).toThrow(/case-insensitively/);
  });
});

describe('parseListQuery', () => {
  it('reads ra-data-simple-rest sort, range and filter', () => {
    expect(parseListQuery({ sort: '["name","desc"]', range: '[10,19]', filter: '{"q":"x"}' }, ['name'])).toEqual({
      sort: { field: 'name', order: 'DESC' },
      offset: 10,
      limit: 10,
      filter: { q: 'x' },
    });
    expect(parseListQuery({}, ['name'])).toEqual({ offset: 0, limit: 25, filter: {} });
  });

  it.each([
    [{ sort: '["secret","ASC"]' }, 'query.sort'],
    [{ sort: 'nope' }, 'query.sort'],
    [{ range: '[5,1]' }, 'query.range'],
    [{ range: '[0,999]' }, 'query.range'],
    [{ filter: '[1]' }, 'query.filter'],
  ])('refuses %j with a 400 on %s', (query, field) => {
    expect(() => parseListQuery(query, ['name'])).toThrow(expect.objectContaining({ status: 400, details: [expect.objectContaining({ field })] }));
  });
});
