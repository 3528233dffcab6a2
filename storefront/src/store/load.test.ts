import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadStorePackages } from './catalogue';
import { prefetchStorePackages } from './prefetch';

const client = vi.hoisted(() => ({ GET: vi.fn() }));
vi.mock('../api/client', () => ({ api: client }));

const answer = (status: number, body: unknown) => ({
  data: status < 400 ? body : undefined,
  error: status >= 400 ? body : undefined,
  response: new Response(null, { status }),
});

describe('loadStorePackages', () => {
  beforeEach(() => client.GET.mockReset());

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
