import { beforeEach, describe, expect, it, vi } from 'vitest';
import { continueServices } from './continue-services';
import { toCartItem } from './package';
import { pkg } from './testing/packages';
import { apiAnswer as answer } from '../testing/api-answer';
import type { CartState } from './types';

const client = vi.hoisted(() => ({ GET: vi.fn(), POST: vi.fn() }));
vi.mock('../api/client', () => ({ api: client }));

const CART = { items: [toCartItem(pkg({ packageCode: 'FY-FIRMA-10', packageId: 7 }), 'firmaya', 2)] } as unknown as CartState;
const SUBSCRIBER = { documentType: 1, document: '1020304050', email: 'firmante@correo.com', phoneNumber: '3001234567' };

describe("Continue's calls", () => {
  beforeEach(() => {
    client.POST.mockReset();
  });

  it('sends the cart and the subscriber to register-identity-validation; OK01 validates', async () => {
    client.POST.mockResolvedValue(answer(200, { statusCode: 200, statusMessage: 'No dudamos que seas tú...', result: { code: 'OK01' }, statusDetails: [] }));
    await expect(continueServices.requestIdentityValidation(CART, SUBSCRIBER, 'firmaya')).resolves.toBe(true);
    expect(client.POST).toHaveBeenCalledWith('/license/api/purchaseorder/register-identity-validation', {
      body: { package: [{ code: 'FY-FIRMA-10', quantity: 2 }], PromotionCode: null, subscriber: SUBSCRIBER, appName: 'firmaya' },
    });
  });

  it('a 422 (ER01) is data not validated; a 503 or no answer could not be processed', async () => {
    client.POST.mockResolvedValueOnce(
      answer(422, { statusCode: 422, statusMessage: 'No hemos validado tu información', result: { code: 'ER01' }, statusDetails: [] }),
    );
    await expect(continueServices.requestIdentityValidation(CART, SUBSCRIBER, 'firmaya')).resolves.toBe(false);
    client.POST.mockResolvedValueOnce(answer(503, { statusCode: 503, statusMessage: 'No disponible', result: null, statusDetails: [] }));
    await expect(continueServices.requestIdentityValidation(CART, SUBSCRIBER, 'firmaya')).rejects.toThrow();
    client.POST.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(continueServices.requestIdentityValidation(CART, SUBSCRIBER, 'firmaya')).rejects.toThrow();
  });

  it("reads the customer's base plan; a session without a company holds none", async () => {
    client.POST.mockResolvedValueOnce(
      answer(200, { statusCode: 200, statusMessage: 'OK', result: { records: { hasBasePackage: true, basePackage: { isFree: true } } }, statusDetails: [] }),
    );
    await expect(continueServices.baseOfCustomer('firmaya')).resolves.toEqual({ hasBase: true, isFree: true });
    expect(client.POST).toHaveBeenCalledWith('/license/api/license/GetPackageBaseCustomer', { body: { ServiceName: 'firmaya' } });
    client.POST.mockResolvedValueOnce(answer(404, { statusCode: 404, statusMessage: 'La empresa no existe', result: null, statusDetails: [] }));
    await expect(continueServices.baseOfCustomer('firmaya')).resolves.toEqual({ hasBase: false, isFree: false });
    client.POST.mockResolvedValueOnce(answer(500, { statusCode: 500, statusMessage: 'x', result: null, statusDetails: [] }));
    await expect(continueServices.baseOfCustomer('firmaya')).rejects.toThrow();
  });
});
