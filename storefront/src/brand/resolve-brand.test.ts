import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testBrand } from '../testing/store-harness';
import { loadStoreBrand } from './resolve-brand';

const api = vi.hoisted(() => ({ GET: vi.fn() }));
vi.mock('../api/client', () => ({ publicApi: api, api }));

const ok = (body: unknown) => ({ data: body, response: new Response(null, { status: 200 }) });
const parametersAnswer = (maxPackageQuantity: number) => ({
  statusCode: 200,
  statusMessage: 'OK',
  result: {
    records: [
      {
        parameterCode: 'maxPackageQuantity',
        parameterValue: JSON.stringify({ type: 'number', value: maxPackageQuantity }),
        parameterType: 'STORE',
        countryCode: 'CO',
      },
    ],
  },
  statusDetails: [],
});
const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

describe('loadStoreBrand', () => {
  beforeEach(() => {
    api.GET.mockReset();
    document.head.innerHTML = '';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('takes the brand and the parameters the page came with, and asks for nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const brand = testBrand('firmaya', { title: 'Firma </script>Ya' });
    document.head.innerHTML =
      '<meta name="app-name" content="firmaya"><meta name="tenant" content="CO">' +
      `<script type="application/json" id="boot-brand">${json(brand)}</script>` +
      `<script type="application/json" id="boot-parameters">${json(parametersAnswer(7))}</script>`;
    const loaded = await loadStoreBrand();
    expect(loaded.brand).toEqual({ ...brand, tenant: 'CO' });
    expect(loaded.parameters.maxPackageQuantity).toBe(7);
    expect(api.GET).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
    // Taken once: a retry asks the server.
    expect(document.getElementById('boot-brand')).toBeNull();
  });

  it("asks the API when the page's answers are missing or for another brand", async () => {
    vi.stubGlobal('fetch', vi.fn());
    document.head.innerHTML =
      '<meta name="app-name" content="colnomina"><meta name="tenant" content="CO">' +
      `<script type="application/json" id="boot-brand">${json(testBrand('firmaya'))}</script>`;
    api.GET.mockImplementation((path: string) => Promise.resolve(ok(path.startsWith('/api/v1/brands/') ? testBrand('colnomina') : parametersAnswer(3))));
    const loaded = await loadStoreBrand();
    expect(loaded.brand.appName).toBe('colnomina');
    expect(loaded.parameters.maxPackageQuantity).toBe(3);
    expect(api.GET).toHaveBeenCalledWith('/api/v1/brands/{appName}', { params: { path: { appName: 'colnomina' } } });
    expect(api.GET).toHaveBeenCalledWith('/license/api/parameter/GetAppParameters', expect.anything());
  });
});
