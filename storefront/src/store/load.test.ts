import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadStorePackages } from './catalogue';
import { prefetchStorePackages } from './prefetch';

const client = vi.hoisted(() => ({ GET: vi.fn(), session: undefined as object | undefined }));
vi.mock('../api/client', () => ({ api: client, sessionStore: { get: () => client.session } }));

const answer = (status: number, body: unknown) => ({
  data: status < 400 ? body : undefined,
  error: status >= 400 ? body : undefined,
  response: new Response(null, { status }),
});

/** A page as the server writes it for colnomina's store home (backend web/page-boot.ts). */
function bootPage(records: unknown[]) {
  document.head.innerHTML =
    '<meta name="app-name" content="colnomina"><meta name="tenant" content="CO">' +
    `<script type="application/json" id="boot-catalogue">${JSON.stringify({ statusCode: 200, statusMessage: 'OK', result: { records } }).replace(/</g, '\\u003c')}</script>`;
}

describe('loadStorePackages', () => {
  beforeEach(() => {
    client.GET.mockReset();
    client.session = undefined;
    document.head.innerHTML = '';
  });

  it("takes the catalogue the page came with, once, for a visitor of the page's brand", async () => {
    client.GET.mockResolvedValue(answer(200, { statusCode: 200, statusMessage: 'OK', result: { records: [{ packageCode: 'CN-FRESH' }] } }));
    bootPage([{ packageCode: 'CN-BOOT', packageName: '</script><b>' }]);
    expect(await loadStorePackages('firmaya')).toEqual([{ packageCode: 'CN-FRESH' }]);
    expect(client.GET).toHaveBeenCalledTimes(1);
    prefetchStorePackages('colnomina');
    expect(await loadStorePackages('colnomina')).toEqual([{ packageCode: 'CN-BOOT', packageName: '</script><b>' }]);
    expect(client.GET).toHaveBeenCalledTimes(1);
    // A second read (a retry, an offer ending) asks the server.
    expect(await loadStorePackages('colnomina')).toEqual([{ packageCode: 'CN-FRESH' }]);
    expect(client.GET).toHaveBeenCalledTimes(2);
  });

  it('reads its own catalogue for a signed-in customer, who may be offered private packages', async () => {
    client.GET.mockResolvedValue(answer(200, { statusCode: 200, statusMessage: 'OK', result: { records: [{ packageCode: 'CN-PRIVATE' }] } }));
    bootPage([{ packageCode: 'CN-BOOT' }]);
    client.session = { token: 't' };
    expect(await loadStorePackages('colnomina')).toEqual([{ packageCode: 'CN-PRIVATE' }]);
    expect(client.GET).toHaveBeenCalledTimes(1);
  });

  it("reads the brand's packages", async () => {
    client.GET.mockResolvedValue(answer(200, { statusCode: 200, statusMessage: 'OK', result: { records: [{ packageCode: 'CN-X' }] } }));
    expect(await loadStorePackages('colnomina')).toEqual([{ packageCode: 'CN-X' }]);
    expect(client.GET).toHaveBeenCalledWith('/license/api/package/GetPackagesByServiceName/{serviceName}', { params: { path: { serviceName: 'colnomina' } } });
  });

  it('takes the read the route started early once; the next read is a fresh one', async () => {
    client.GET.mockResolvedValue(answer(200, { statusCode: 200, statusMessage: 'OK', result: { records: [{ packageCode: 'CN-X' }] } }));
    prefetchStorePackages('colnomina');
    prefetchStorePackages('colnomina');
    expect(client.GET).toHaveBeenCalledTimes(1);
    expect(await loadStorePackages('colnomina')).toEqual([{ packageCode: 'CN-X' }]);
    expect(client.GET).toHaveBeenCalledTimes(1);
    await loadStorePackages('colnomina');
    expect(client.GET).toHaveBeenCalledTimes(2);
  });

  it('is an empty store for a brand without a service, and an error otherwise', async () => {
    client.GET.mockResolvedValueOnce(answer(404, { statusCode: 404, statusMessage: 'No se encontró el servicio' }));
    expect(await loadStorePackages('license')).toEqual([]);
    client.GET.mockResolvedValueOnce(answer(500, { statusCode: 500, statusMessage: 'x' }));
    await expect(loadStorePackages('colnomina')).rejects.toThrow('Error de servidor');
  });
});
