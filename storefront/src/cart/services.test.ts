import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createCartServices } from './services';
import { toCartItem } from './package';
import { pkg } from './testing/packages';
import { apiAnswer as answer } from '../testing/api-answer';

const client = vi.hoisted(() => ({ GET: vi.fn(), POST: vi.fn() }));
vi.mock('../api/client', () => ({ api: client }));

const LINE = toCartItem(pkg({ packageCode: 'CN-EMPLEADOS-10', packageId: 5 }), 'colnomina', 2);

describe('the cart services', () => {
  beforeEach(() => {
    client.GET.mockReset();
    client.POST.mockReset();
  });

  it('reads the tiers of an employee package by its code', async () => {
    client.GET.mockResolvedValue(
      answer(200, {
        statusCode: 200,
        statusMessage: 'OK',
        result: { records: [{ type: 'CN-X', quantity: 5, value: 180000, valueWithDiscount: 180000, label: 'Hasta 5 empleados' }] },
      }),
    );
    const tiers = await createCartServices('colnomina').priceTiers(pkg({ packageCode: 'CN-X' }));
    expect(client.GET).toHaveBeenCalledWith('/license/api/license/GetPriceByLicenseType', { params: { header: { pType: 'CN-X' } } });
    expect(tiers).toEqual([{ type: 'CN-X', quantity: 5, value: 180000, valueWithDiscount: 180000, label: 'Hasta 5 empleados' }]);
  });

  it('validates a code on the lines and the brand, and takes the quote', async () => {
    client.POST.mockResolvedValue(
      answer(200, {
        statusCode: 200,
        statusMessage: 'El código promocional ha sido aplicado a su compra.',
        result: {
          promotionCode: 'BIENVENIDA10',
          descriptionPromotionCode: '10%',
          offerTypeCode: 'PTJ',
          offerValue: 10,
          applyTotalPurchase: true,
          discounts: [{ packageId: 5, discount: 25210.08 }],
          totalDiscount: 25210.08,
        },
      }),
    );
    const promo = await createCartServices('colnomina').validatePromo('BIENVENIDA10', { items: [LINE], added: [] });
    expect(client.POST).toHaveBeenCalledWith('/license/api/PurchaseOrderLicense/ValidatePromotionCode', {
      body: { promoCode: 'BIENVENIDA10', appName: 'colnomina', PackagesInCart: [{ packageId: 5, packageCode: 'CN-EMPLEADOS-10', quantity: 2 }] },
    });
    expect(promo).toEqual({
      code: 'BIENVENIDA10',
      description: '10%',
      type: 'PTJ',
      value: 10,
      discounts: [{ packageId: 5, discount: 25210.08 }],
      message: 'El código promocional ha sido aplicado a su compra.',
    });
  });

  it("refuses with the server's text on 400 and with the message of other failures", async () => {
    const services = createCartServices('colnomina');
    client.POST.mockResolvedValueOnce(
      answer(400, {
        statusCode: 400,
        statusMessage: 'No se puede aplicar el código promocional al paquete seleccionado.',
        statusDetails: [{ code: 'PROMO_EXPIRED', description: 'Vencido' }],
      }),
    );
    await expect(services.validatePromo('VIEJO', { items: [LINE], added: [] })).rejects.toThrow(
      'No se puede aplicar el código promocional al paquete seleccionado.',
    );
    client.POST.mockResolvedValueOnce(answer(422, { statusCode: 422, statusMessage: 'No es posible calcular el precio del paquete CN-X para esa cantidad.' }));
    await expect(services.validatePromo('BIENVENIDA10', { items: [LINE], added: [] })).rejects.toThrow(
      'No es posible calcular el precio del paquete CN-X para esa cantidad.',
    );
  });
});
