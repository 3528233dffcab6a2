import { createServer, type Server } from 'node:http';
import { useTestApp } from '../test-support/fixture.js';

/** One request the fake Google received: its path and query. */
interface Asked {
  path: string;
  query: URLSearchParams;
}

/** A local server speaking Google Places' documented JSON (Autocomplete and Place Details); `answer` decides each reply. */
async function startFakeGoogle() {
  const fake = {
    url: '',
    asked: [] as Asked[],
    answer: (_asked: Asked): { status?: number; body: unknown; delayMs?: number } => ({ body: { status: 'ZERO_RESULTS', predictions: [] } }),
    server: undefined as Server | undefined,
  };
  fake.server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const asked = { path: url.pathname, query: url.searchParams };
    fake.asked.push(asked);
    const { status = 200, body, delayMs = 0 } = fake.answer(asked);
    setTimeout(() => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    }, delayMs);
  });
  await new Promise<void>((resolve) => fake.server!.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(fake.server.address() as { port: number }).port}`;
  return fake;
}

const PREDICTIONS = {
  status: 'OK',
  predictions: [
    {
      description: 'Calle 10 #43-12, El Poblado, Medellín, Antioquia, Colombia',
      place_id: 'ChIJ-medellin-1',
      structured_formatting: { main_text: 'Calle 10 #43-12', secondary_text: 'El Poblado, Medellín, Antioquia, Colombia' },
      types: ['street_address'],
    },
    {
      description: 'Carrera 7 #72-41, Bogotá, Colombia',
      place_id: 'ChIJ-bogota-2',
      structured_formatting: { main_text: 'Carrera 7 #72-41', secondary_text: 'Bogotá, Colombia' },
      types: ['street_address'],
    },
  ],
};

const details = (locality: string, department: string, country = 'CO') => ({
  status: 'OK',
  html_attributions: [],
  result: {
    place_id: 'ChIJ-medellin-1',
    formatted_address: `Cl. 10 #43-12, El Poblado, ${locality}, ${department}, Colombia`,
    geometry: { location: { lat: 6.2086, lng: -75.5672 } },
    address_components: [
      { long_name: '43-12', short_name: '43-12', types: ['street_number'] },
      { long_name: locality, short_name: locality, types: ['locality', 'political'] },
      { long_name: department, short_name: department, types: ['administrative_area_level_1', 'political'] },
      { long_name: 'Colombia', short_name: country, types: ['country', 'political'] },
    ],
  },
});

describe('Address autocomplete with Google Places (MAPS_API_KEY set)', () => {
  let fake: Awaited<ReturnType<typeof startFakeGoogle>>;
  // Filled before the app starts (this hook runs before useTestApp's): the app reads MAPS_BASE_URL from it.
  const env: Record<string, string> = { MAPS_API_KEY: 'server-only-key-123', MAPS_TIMEOUT_MS: '300', MAPS_REQUESTS_PER_MINUTE: '8', TRUST_PROXY: 'loopback' };
  beforeAll(async () => {
    fake = await startFakeGoogle();
    env.MAPS_BASE_URL = fake.url;
  });
  const t = useTestApp(env);
  afterAll(() => new Promise<void>((resolve) => fake.server!.close(() => resolve())));
  // Each test comes from its own address, so the per-address limit of one does not spill into another.
  let address = 10;
  let from = '';
  beforeEach(() => {
    fake.asked = [];
    from = `203.0.113.${address++}`;
  });
  const get = (path: string) => t.api.get(path).set('X-Forwarded-For', from);

  it('says the forms may autocomplete, without the key', async () => {
    const res = await t.api.get('/api/v1/maps/settings').expect(200);
    expect(res.body).toEqual({ enabled: true, country: 'co' });
    expect(JSON.stringify(res.body)).not.toContain('server-only-key');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('asks Google for Colombian addresses in Spanish and answers the suggestions without the key', async () => {
    fake.answer = () => ({ body: PREDICTIONS });
    const session = '4b0b8e8e-2d7c-4d0c-9b7a-6f3c1a2b3c4d';
    const res = await get(`/api/v1/maps/suggestions?q=${encodeURIComponent('Calle 10 #43')}&session=${session}`).expect(200);
    expect(res.body).toEqual({
      suggestions: [
        {
          placeId: 'ChIJ-medellin-1',
          description: 'Calle 10 #43-12, El Poblado, Medellín, Antioquia, Colombia',
          mainText: 'Calle 10 #43-12',
          secondaryText: 'El Poblado, Medellín, Antioquia, Colombia',
        },
        { placeId: 'ChIJ-bogota-2', description: 'Carrera 7 #72-41, Bogotá, Colombia', mainText: 'Carrera 7 #72-41', secondaryText: 'Bogotá, Colombia' },
      ],
    });
    expect(JSON.stringify(res.body)).not.toContain('server-only-key');
    expect(fake.asked).toHaveLength(1);
    const [asked] = fake.asked;
    expect(asked.path).toBe('/maps/api/place/autocomplete/json');
    expect(Object.fromEntries(asked.query)).toEqual({
      input: 'Calle 10 #43',
      components: 'country:co',
      language: 'es',
      sessiontoken: session,
      key: 'server-only-key-123',
    });
  });

  it('answers no suggestions as an empty list', async () => {
    fake.answer = () => ({ body: { status: 'ZERO_RESULTS', predictions: [] } });
    expect((await get('/api/v1/maps/suggestions?q=xyzzy').expect(200)).body).toEqual({ suggestions: [] });
  });

  it('gives the address, its coordinates and the DANE department and city of a suggestion', async () => {
    fake.answer = () => ({ body: details('Medellín', 'Antioquia') });
    const res = await get('/api/v1/maps/places/ChIJ-medellin-1').expect(200);
    expect(res.body).toEqual({
      placeId: 'ChIJ-medellin-1',
      fulladdress: 'Cl. 10 #43-12, El Poblado, Medellín, Antioquia, Colombia',
      latitude: 6.2086,
      longitude: -75.5672,
      departmentId: 5,
      cityId: 5001,
    });
    expect(fake.asked[0].path).toBe('/maps/api/place/details/json');
    expect(fake.asked[0].query.get('place_id')).toBe('ChIJ-medellin-1');
    expect(fake.asked[0].query.get('language')).toBe('es');
    // Bogotá: Google writes 'Bogotá', DANE 'Bogotá, D.C.' for both the department and the city.
    fake.answer = () => ({ body: details('Bogotá', 'Bogotá') });
    expect((await get('/api/v1/maps/places/ChIJ-bogota-2').expect(200)).body).toMatchObject({ departmentId: 11, cityId: 11001 });
    // A department or city the DANE list does not name: the address still comes, without them.
    fake.answer = () => ({ body: details('Ciudad Inventada', 'Antioquia') });
    expect((await get('/api/v1/maps/places/ChIJ-x').expect(200)).body).toMatchObject({ departmentId: 5, cityId: null });
  });

  it('answers 404 for a place Google does not know or outside Colombia', async () => {
    fake.answer = () => ({ body: { status: 'NOT_FOUND', html_attributions: [] } });
    const res = await get('/api/v1/maps/places/ChIJ-nothing').expect(404);
    expect(res.body.statusMessage).toBe('La dirección elegida no existe o no está en Colombia.');
    fake.answer = () => ({ body: details('Quito', 'Pichincha', 'EC') });
    await get('/api/v1/maps/places/ChIJ-quito').expect(404);
  });

  it.each([
    ['an error status', { body: { status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.', predictions: [] } }],
    ['over its quota', { body: { status: 'OVER_QUERY_LIMIT', predictions: [] } }],
    ['HTTP 500', { status: 500, body: 'oops' }],
    ['something that is not JSON', { body: '<html>' }],
    ['too late', { body: PREDICTIONS, delayMs: 1000 }],
  ])('answers 503 with the fallback message when Google answers %s', async (_, reply) => {
    fake.answer = () => reply;
    const res = await get('/api/v1/maps/suggestions?q=Calle%2010').expect(503);
    expect(res.body.statusMessage).toBe('El servicio de mapas no respondió. Escribe la dirección.');
    expect(JSON.stringify(res.body)).not.toContain('server-only-key');
  });

  it('refuses a bad text before asking Google: too short, too long, control characters, a bad place id', async () => {
    await get('/api/v1/maps/suggestions?q=ab').expect(400);
    await get(`/api/v1/maps/suggestions?q=${'a'.repeat(201)}`).expect(400);
    const control = await get('/api/v1/maps/suggestions?q=Calle%0010').expect(400);
    expect(control.body.statusDetails[0].field).toContain('q');
    await get('/api/v1/maps/suggestions').expect(400);
    await get('/api/v1/maps/suggestions?q=Calle%2010&session=not-a-uuid').expect(400);
    await get('/api/v1/maps/places/bad%20id').expect(400);
    expect(fake.asked).toEqual([]);
  });

  it('limits the calls of one address per minute with 429 and Retry-After', async () => {
    fake.answer = () => ({ body: PREDICTIONS });
    for (let i = 0; i < 8; i++) await get('/api/v1/maps/suggestions?q=Calle%2010').expect(200);
    const res = await get('/api/v1/maps/suggestions?q=Calle%2010').expect(429);
    expect(res.body.statusMessage).toMatch(/^Demasiadas consultas de direcciones\. Intenta de nuevo en \d+ segundos\.$/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(fake.asked).toHaveLength(8);
  });
});

describe('Address autocomplete without a provider (the default)', () => {
  const t = useTestApp({ MAPS_API_KEY: '', MAPS_PROVIDER: '' });

  it('tells the forms to keep plain text and answers the declared 404', async () => {
    expect((await t.api.get('/api/v1/maps/settings').expect(200)).body).toEqual({ enabled: false, country: 'co' });
    const res = await t.api.get('/api/v1/maps/suggestions?q=Calle%2010').expect(404);
    expect(res.body.statusMessage).toBe('El autocompletado de direcciones no está disponible.');
    await t.api.get('/api/v1/maps/places/ChIJ-medellin-1').expect(404);
  });
});
