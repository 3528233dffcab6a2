import { Contract } from './contract.js';
import { listQuery } from './resource-list.js';

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
    '/items': {
      get: {
        operationId: 'listItems',
        security: [],
        parameters: [{ name: 'filter', in: 'query', content: { 'application/json': { schema: { $ref: '#/components/schemas/ItemFilter' } } } }],
        responses: { '200': { description: 'ok' } },
      },
    },
  },
  components: {
    schemas: {
      ItemFilter: {
        type: 'object',
        additionalProperties: false,
        properties: { q: { type: 'string' }, id: { anyOf: [{ type: 'integer' }, { type: 'array', items: { type: 'integer' } }] } },
      },
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

  it('converts parameters from text by their declared type and applies defaults', () => {
    const parts = {
      params: { id: '7' },
      query: { unknown: 'x' } as Record<string, unknown>,
      headers: { startregister: '10' } as Record<string, unknown>,
      body: { name: 'ok' },
    };
    expect(contract.validateRequest('updateItem', parts)).toEqual({
      problems: [],
      values: { path: { id: 7 }, query: { dryRun: false }, headers: { startRegister: 10 } },
    });
    expect(contract.validateRequest('updateItem', { ...parts, query: { dryRun: 'true' } }).values.query).toEqual({ dryRun: true });
  });

  it.each(['0x10', '+1', ' 1', '1 ', '1e3', '1.0', '', '١'])('takes only digits as an integer, not %j', (id) => {
    const { problems } = contract.validateRequest('updateItem', { params: { id }, query: {}, headers: { startregister: '0' }, body: { name: 'ok' } });
    expect(problems).toEqual([{ field: 'path.id', description: 'debe ser integer' }]);
  });

  it('parses JSON parameters and checks them against their schema', () => {
    const check = (filter: string) => contract.validateRequest('listItems', { params: {}, query: { filter }, headers: {}, body: undefined });
    expect(check('{"q":"x","id":[1,2]}')).toEqual({ problems: [], values: { path: {}, query: { filter: { q: 'x', id: [1, 2] } }, headers: {} } });
    expect(check('{"q":').problems).toEqual([{ field: 'query.filter', description: 'debe ser JSON válido' }]);
    for (const key of ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty']) {
      expect(check(`{"${key}":{"$ne":null}}`).problems).toEqual([{ field: `query.filter.${key}`, description: 'no debe tener propiedades adicionales' }]);
    }
    expect(check('{"id":"3"}').problems.map((p) => p.field)).toContain('query.filter.id');
  });

  it('reports every problem with its field and a Spanish message', () => {
    const { problems } = contract.validateRequest('updateItem', {
      params: { id: '0' },
      query: {},
      headers: {},
      body: { name: 'demasiado', extra: 1, price: -1 },
    });
    expect(problems.map((d) => d.field).sort()).toEqual(['body.extra', 'body.name', 'body.price', 'header.startRegister', 'path.id']);
    expect(problems.find((d) => d.field === 'body.name')?.description).toBe('no debe contener más de 5 caracteres');
  });

  it('requires a body when the contract does', () => {
    expect(contract.validateRequest('updateItem', { params: { id: '1' }, query: {}, headers: { startregister: '0' }, body: undefined }).problems).toEqual([
      { field: 'body', description: 'el cuerpo de la solicitud es obligatorio' },
    ]);
  });

  it('checks responses against the declared schema and status', () => {
    expect(contract.checkResponse('updateItem', 200, { name: 'a' })).toBeNull();
    expect(contract.checkResponse('updateItem', 200, { nombre: 'a' })).toMatch(/required/);
    expect(contract.checkResponse('updateItem', 404, {})).toMatch(/does not declare status 404/);
  });

  it('compiles a validator on its first use, and refuses a schema Ajv cannot compile there', () => {
    const broken = new Contract({
      paths: {
        '/x': { post: { operationId: 'x', security: [], requestBody: { content: { 'application/json': { schema: { type: 'nonsense' } } } }, responses: {} } },
      },
    });
    expect(broken.operation('x').hasBody).toBe(true);
    expect(() => broken.validateRequest('x', { params: {}, query: {}, headers: {}, body: {} })).toThrow(/type/);
    expect(() => broken.compileAll()).toThrow(/type/);
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

describe('listQuery', () => {
  it('turns the validated sort, range and filter into a repository query', () => {
    expect(listQuery({ sort: ['name', 'desc'], range: [10, 19], filter: { q: 'x' } })).toEqual({
      sort: { field: 'name', order: 'DESC' },
      offset: 10,
      limit: 10,
      filter: { q: 'x' },
    });
    expect(listQuery({})).toEqual({ offset: 0, limit: 25, filter: {} });
  });

  it.each([
    [[5, 1] as const, 'inicio <= fin'],
    [[0, 999] as const, 'a lo sumo 500 filas'],
  ])('refuses the range %j with a 400', (range, text) => {
    expect(() => listQuery({ range })).toThrow(
      expect.objectContaining({
        status: 400,
        details: [{ field: 'query.range', description: expect.stringContaining(text) }],
      }),
    );
  });
});
