import { memoryStorage } from '@licencias/common/session';
import { describe, expect, it, vi } from 'vitest';
import { CartStore, type CartServices } from './cart-store';
import { CN_EMPRENDEDOR, EMPLOYEE_TIERS, FY_BASICO, FY_FIRMAS, FY_FIRMAS_GRATIS, FY_PRO } from './testing/packages';
import type { AppliedPromo, CartState } from './types';

const KEYS = ['cartAdded', 'pricesLicense', 'quantityLicense', 'packages', 'cart', 'promoCode'];

function services(overrides: Partial<CartServices> = {}): CartServices {
  return {
    priceTiers: vi.fn(() => Promise.resolve(EMPLOYEE_TIERS)),
    validatePromo: vi.fn((code: string, state: CartState): Promise<AppliedPromo> =>
      Promise.resolve({ code, type: 'PTJ', value: 10, discounts: state.items.map((i) => ({ packageId: i.packageId, discount: 1 })) }),
    ),
    ...overrides,
  };
}

describe('CartStore', () => {
  it('keeps the cart under the spec keys and removes all six when it empties', async () => {
    const storage = memoryStorage();
    const store = new CartStore(storage, 'colnomina', 999, services());
    await store.add(CN_EMPRENDEDOR, { employees: 20 });
    await store.add(FY_FIRMAS, { quantity: 2 });
    await store.applyPromo('BIENVENIDA');
    for (const key of KEYS) expect(storage.getItem(key), key).not.toBeNull();
    expect(JSON.parse(storage.getItem('cartAdded') ?? '[]')).toEqual([
      { packageCode: 'CN-EMPRENDEDOR', appName: 'colnomina', number: 20 },
      { packageCode: 'FY-FIRMAS-100', appName: 'colnomina', number: 2 },
    ]);
    expect(JSON.parse(storage.getItem('quantityLicense') ?? '{}')).toEqual({ 'CN-EMPRENDEDOR': 20 });

    const [first, second] = store.getSnapshot().cart.items;
    await store.remove(first?.packageId ?? 0);
    await store.decrement(second?.packageId ?? 0);
    expect(storage.getItem('cart')).not.toBeNull();
    await store.decrement(second?.packageId ?? 0);
    expect(store.getSnapshot().cart).toEqual({ items: [], added: [] });
    for (const key of KEYS) expect(storage.getItem(key), key).toBeNull();
  });

  it('reads the cart back in another page, and leaves out lines of other brands or broken ones', async () => {
    const storage = memoryStorage();
    await new CartStore(storage, 'firmaya', 999, services()).add(FY_PRO);
    expect(new CartStore(storage, 'firmaya', 999, services()).getSnapshot().cart.items.map((i) => i.packageCode)).toEqual(['FY-PRO']);
    expect(new CartStore(storage, 'colnomina', 999, services()).getSnapshot().cart.items).toEqual([]);
    storage.setItem('cart', '[{"packageId":"x"}, 7, null]');
    expect(new CartStore(storage, 'firmaya', 999, services()).getSnapshot().cart.items).toEqual([]);
    storage.setItem('cart', 'not json');
    expect(new CartStore(storage, 'firmaya', 999, services()).getSnapshot().cart.items).toEqual([]);
  });

  it('re-applies the promotion code after a quantity change, and warns when it no longer applies', async () => {
    const validatePromo = vi.fn((code: string, state: CartState): Promise<AppliedPromo> =>
      Promise.resolve({ code, type: 'PTJ', value: 10, discounts: state.items.map((i) => ({ packageId: i.packageId, discount: 1 })) }),
    );
    const store = new CartStore(memoryStorage(), 'firmaya', 999, services({ validatePromo }));
    await store.add(FY_FIRMAS);
    expect(await store.applyPromo(' BIENVENIDA ')).toEqual({ ok: true, message: 'El código promocional ha sido aplicado a su compra.' });
    expect(validatePromo).toHaveBeenLastCalledWith('BIENVENIDA', expect.anything());
    const id = store.getSnapshot().cart.items[0]?.packageId ?? 0;

    await store.increment(id);
    expect(validatePromo).toHaveBeenCalledTimes(2);
    // Validated on the new quantity.
    expect(validatePromo.mock.calls[1]?.[1].items[0]?.number).toBe(2);
    expect(store.getSnapshot().cart.promo?.code).toBe('BIENVENIDA');

    validatePromo.mockRejectedValueOnce(new Error('No se puede aplicar el código promocional al paquete seleccionado.'));
    await store.setQuantity(id, 5);
    expect(store.getSnapshot().cart.promo).toBeUndefined();
    expect(store.getSnapshot().promoNotice).toEqual({ ok: false, message: 'No se puede aplicar el código promocional al paquete seleccionado.' });
  });

  it('refuses a promotion code with a free package without asking the server', async () => {
    const validatePromo = vi.fn();
    const store = new CartStore(memoryStorage(), 'firmaya', 999, services({ validatePromo }));
    await store.add(FY_BASICO);
    await store.add(FY_FIRMAS_GRATIS);
    expect(await store.applyPromo('BIENVENIDA')).toEqual({ ok: false, message: 'No se puede aplicar el código promocional al paquete seleccionado.' });
    expect(validatePromo).not.toHaveBeenCalled();
  });

  it('prices an employee package by the tier of the chosen employees, read once', async () => {
    const priceTiers = vi.fn(() => Promise.resolve(EMPLOYEE_TIERS));
    const store = new CartStore(memoryStorage(), 'colnomina', 999, services({ priceTiers }));
    await store.add(CN_EMPRENDEDOR);
    expect(store.getSnapshot().cart.items[0]).toMatchObject({ number: 10, price: 300000 });
    await store.setEmployees(store.getSnapshot().cart.items[0]?.packageId ?? 0, 50);
    expect(store.getSnapshot().cart.items[0]).toMatchObject({ number: 50, price: 900000 });
    expect(priceTiers).toHaveBeenCalledTimes(1);
  });

  it('reports the rule that refused a package', async () => {
    const store = new CartStore(memoryStorage(), 'firmaya', 999, services());
    await store.add(FY_FIRMAS_GRATIS);
    expect(await store.add({ ...FY_FIRMAS_GRATIS, packageId: 999, id: 999, packageCode: 'OTRO' })).toEqual({
      ok: false,
      message: 'Sólo puedes escoger un paquete gratis.',
    });
  });

  it('opens the cart modal and tells its readers', async () => {
    const store = new CartStore(memoryStorage(), 'firmaya', 999, services());
    const listener = vi.fn();
    store.subscribe(listener);
    await store.add(FY_PRO, { open: true });
    expect(store.getSnapshot().modalOpen).toBe(true);
    expect(listener).toHaveBeenCalled();
    store.closeModal();
    expect(store.getSnapshot().modalOpen).toBe(false);
  });
});
