import { describe, expect, it } from 'vitest';
import { priceCart } from './pricing';
import {
  addPackage,
  type CartChange,
  type CartContext,
  clampQuantity,
  continueProblem,
  decrement,
  increment,
  itemCount,
  packagesToPurchase,
  promoProblem,
  removeItem,
  setQuantity,
  setTier,
} from './rules';
import {
  BM_PJ,
  BM_PN,
  CMB_NOMINA_FIRMA,
  CN_DOCS_100,
  CN_DOCS_500,
  CN_EMPLEADOS,
  CN_EMPRENDEDOR,
  CN_EMPRESARIAL,
  CN_GRATIS,
  EMPLOYEE_TIERS,
  FY_BASICO,
  FY_FIRMAS,
  FY_FIRMAS_GRATIS,
  FY_GRATIS,
  FY_ILIMITADO,
  FY_PRO,
  pkg,
} from './testing/packages';
import { type CartPackage, type CartState, EMPTY_CART, type PriceTier } from './types';

const colnomina: CartContext = { appName: 'colnomina', maxQuantity: 999 };
const firmaya: CartContext = { appName: 'firmaya', maxQuantity: 999 };
const bemyself: CartContext = { appName: 'bemyself', maxQuantity: 999 };

function ok(change: CartChange): CartState {
  if (!change.ok) throw new Error(`refused: ${change.message}`);
  return change.state;
}

/** A cart holding these packages, added one by one under the brand's rules. */
function cartOf(context: CartContext, ...packages: (CartPackage | [CartPackage, number, PriceTier?])[]): CartState {
  return packages.reduce<CartState>((state, entry) => {
    const [p, number, tier] = Array.isArray(entry) ? entry : [entry, 1];
    return ok(addPackage(state, p, context, { number, ...(tier ? { tier } : {}) }));
  }, EMPTY_CART);
}

const codes = (state: CartState) => state.items.map((item) => item.packageCode);
const withPromo = (state: CartState): CartState => ({
  ...state,
  promo: { code: 'BIENVENIDA', type: 'PTJ', value: 10, discounts: state.items.map((i) => ({ packageId: i.packageId, discount: 1000 })) },
});

describe('adding packages (store §4 cart behaviour, §5 cart rules)', () => {
  it('allows only one free package', () => {
    const cart = cartOf(firmaya, FY_BASICO, FY_FIRMAS_GRATIS);
    const other = pkg({ packageCode: 'FY-OTRO-GRATIS', packagePrice: 0, packageTypeId: 3, packageType: { packageTypeCode: 'CMP' } });
    expect(addPackage(cart, other, firmaya)).toEqual({ ok: false, message: 'Sólo puedes escoger un paquete gratis.' });
    // The same free package again changes nothing.
    expect(ok(addPackage(cart, FY_FIRMAS_GRATIS, firmaya))).toBe(cart);
  });

  it('lets a free base plan take nothing else', () => {
    const refused = { ok: false, message: '¡El plan gratuito no puede adquirir paquetes adicionales!' };
    expect(addPackage(cartOf(colnomina, CN_GRATIS), CN_EMPLEADOS, colnomina)).toEqual(refused);
    // colnomina keeps its bases, so another base would be additional too.
    expect(addPackage(cartOf(colnomina, CN_GRATIS), CN_EMPRESARIAL, colnomina)).toEqual(refused);
    expect(addPackage(cartOf(firmaya, FY_GRATIS), FY_FIRMAS, firmaya)).toEqual(refused);
    expect(addPackage(cartOf(firmaya, FY_GRATIS), CMB_NOMINA_FIRMA, firmaya)).toEqual(refused);
    // Where a base replaces the base, a paid base replaces the free plan.
    expect(codes(ok(addPackage(cartOf(firmaya, FY_GRATIS), FY_BASICO, firmaya)))).toEqual(['FY-BASICO']);
  });

  it('replaces the base package with a new one, except in colnomina and bemyself', () => {
    expect(codes(cartOf(firmaya, FY_BASICO, FY_FIRMAS, FY_PRO))).toEqual(['FY-FIRMAS-100', 'FY-PRO']);
    expect(codes(cartOf({ appName: 'colfactura', maxQuantity: 999 }, FY_BASICO, FY_PRO))).toEqual(['FY-PRO']);
    const mensual = pkg({ packageCode: 'CN-MENSUAL', packagePrice: 45000 });
    expect(codes(cartOf(colnomina, CN_EMPRESARIAL, mensual))).toEqual(['CN-EMPRESARIAL', 'CN-MENSUAL']);
  });

  it('empties the cart before a free base package', () => {
    const cart = withPromo(cartOf(firmaya, FY_PRO, [FY_FIRMAS, 3]));
    const change = addPackage(cart, FY_GRATIS, firmaya);
    const state = ok(change);
    expect(codes(state)).toEqual(['FY-GRATIS']);
    expect(state.promo).toBeUndefined();
    expect(change.ok && change.droppedPromo).toBeFalsy();
    expect(state.added).toEqual([{ packageCode: 'FY-GRATIS', appName: 'firmaya', number: 1 }]);
  });

  it('keeps one document-type package in colnomina', () => {
    const cart = cartOf(colnomina, CN_DOCS_100, CN_EMPLEADOS, CN_DOCS_500);
    expect(codes(cart)).toEqual(['CN-EMPLEADOS-10', 'CN-DOCS-500']);
    expect(cart.added.map((a) => a.packageCode)).toEqual(['CN-EMPLEADOS-10', 'CN-DOCS-500']);
    // Other brands keep both.
    expect(codes(cartOf(firmaya, CN_DOCS_100, CN_DOCS_500))).toEqual(['CN-DOCS-100', 'CN-DOCS-500']);
  });

  it('keeps only the package just added in bemyself', () => {
    expect(codes(cartOf(bemyself, BM_PN, BM_PJ))).toEqual(['BM-CERT-PJ']);
    expect(codes(cartOf(bemyself, BM_PJ, FY_FIRMAS))).toEqual(['FY-FIRMAS-100']);
  });

  it('adds units to a package already in the cart and removes the promotion code to re-apply it', () => {
    const cart = withPromo(cartOf(firmaya, [FY_FIRMAS, 2]));
    const change = addPackage(cart, FY_FIRMAS, firmaya, { number: 3 });
    expect(ok(change).items[0]?.number).toBe(5);
    expect(ok(change).promo).toBeUndefined();
    expect(change.ok && change.droppedPromo?.code).toBe('BIENVENIDA');
  });

  it('keeps cartAdded with the brand and the number of each package', () => {
    expect(cartOf(firmaya, FY_PRO, [FY_FIRMAS, 4]).added).toEqual([
      { packageCode: 'FY-PRO', appName: 'firmaya', number: 1 },
      { packageCode: 'FY-FIRMAS-100', appName: 'firmaya', number: 4 },
    ]);
  });
});

describe('quantities', () => {
  it('takes whole units from 1 to the limit', () => {
    expect(clampQuantity(0, 999)).toBe(1);
    expect(clampQuantity(-4, 999)).toBe(1);
    expect(clampQuantity(2.7, 999)).toBe(2);
    expect(clampQuantity(1500, 999)).toBe(999);
    expect(clampQuantity(Number.NaN, 999)).toBe(1);
    const cart = cartOf({ appName: 'firmaya', maxQuantity: 20 }, FY_FIRMAS);
    const id = cart.items[0]?.packageId ?? 0;
    expect(ok(setQuantity(cart, id, 50, { appName: 'firmaya', maxQuantity: 20 })).items[0]?.number).toBe(20);
    expect(ok(addPackage(cart, FY_FIRMAS, { appName: 'firmaya', maxQuantity: 20 }, { number: 100 })).items[0]?.number).toBe(20);
  });

  it('raises and lowers one unit at a time', () => {
    const cart = cartOf(firmaya, [FY_FIRMAS, 2]);
    const id = cart.items[0]?.packageId ?? 0;
    expect(ok(increment(cart, id, firmaya)).items[0]?.number).toBe(3);
    expect(ok(decrement(cart, id, firmaya)).items[0]?.number).toBe(1);
  });

  it('fixes free items at quantity 1', () => {
    const cart = cartOf(firmaya, FY_BASICO, FY_FIRMAS_GRATIS);
    const id = cart.items[1]?.packageId ?? 0;
    expect(ok(setQuantity(cart, id, 4, firmaya))).toBe(cart);
    expect(ok(increment(cart, id, firmaya))).toBe(cart);
    expect(ok(addPackage(cart, FY_FIRMAS_GRATIS, firmaya, { number: 3 })).items[1]?.number).toBe(1);
  });

  it('removes the promotion code when a quantity changes, for the caller to re-apply', () => {
    const cart = withPromo(cartOf(firmaya, FY_PRO, [FY_FIRMAS, 2]));
    const id = cart.items[1]?.packageId ?? 0;
    for (const change of [setQuantity(cart, id, 5, firmaya), increment(cart, id, firmaya), decrement(cart, id, firmaya)]) {
      expect(ok(change).promo).toBeUndefined();
      expect(change.ok && change.droppedPromo?.code).toBe('BIENVENIDA');
    }
  });

  it('removes the line with its last unit, and an empty cart keeps no code nor added list', () => {
    const cart = withPromo(cartOf(firmaya, FY_PRO, FY_FIRMAS));
    const firmas = cart.items[1]?.packageId ?? 0;
    const pro = cart.items[0]?.packageId ?? 0;
    const one = ok(decrement(cart, firmas, firmaya));
    expect(codes(one)).toEqual(['FY-PRO']);
    const emptied = decrement(withPromo(one), pro, firmaya);
    expect(ok(emptied)).toEqual({ items: [], added: [] });
    expect(emptied.ok && emptied.droppedPromo).toBeFalsy();
  });

  it('deletes an item completely', () => {
    const cart = cartOf(firmaya, FY_PRO, [FY_FIRMAS, 7]);
    const state = ok(removeItem(cart, cart.items[1]?.packageId ?? 0));
    expect(codes(state)).toEqual(['FY-PRO']);
    expect(state.added).toEqual([{ packageCode: 'FY-PRO', appName: 'firmaya', number: 1 }]);
  });
});

describe('employee packages (priced by the quantity select, GetPriceByLicenseType)', () => {
  const tier = (quantity: number) => EMPLOYEE_TIERS.find((t) => t.quantity === quantity) as PriceTier;

  it('takes the tier: employees as the number, the tier value as the price, the feature shows the employees', () => {
    const cart = cartOf(colnomina, [CN_EMPRENDEDOR, 1, tier(10)]);
    const [item] = cart.items;
    expect(item).toMatchObject({ isEmployee: true, number: 10, price: 300000, quantityEmployees: 10 });
    expect(item?.itemsPackageFeatures.find((f) => f.serviceFeature.serviceFeatureCode === 'COLNOMINA_EMPLEADO')?.quantity).toBe(10);
    const changed = ok(setTier(cart, item?.packageId ?? 0, tier(50)));
    expect(changed.items[0]).toMatchObject({ number: 50, price: 900000, quantityEmployees: 50 });
  });

  it('does not multiply the tier price by the employees, and changes only through the select', () => {
    const cart = cartOf(colnomina, [CN_EMPRENDEDOR, 1, tier(50)]);
    expect(priceCart(cart).totals.total.toFixed(2)).toBe('900000.00');
    const id = cart.items[0]?.packageId ?? 0;
    expect(ok(setQuantity(cart, id, 3, colnomina))).toBe(cart);
    expect(itemCount(cart)).toBe(1);
    expect(packagesToPurchase(cart)).toEqual([{ packageId: id, packageCode: 'CN-EMPRENDEDOR', packageQuantity: 50 }]);
  });
});

describe('promotion codes', () => {
  it('are refused with a free package in the cart', () => {
    expect(promoProblem(cartOf(firmaya, FY_BASICO, FY_FIRMAS_GRATIS))).toBe('No se puede aplicar el código promocional al paquete seleccionado.');
    expect(promoProblem(cartOf(colnomina, CN_GRATIS))).toBe('No se puede aplicar el código promocional al paquete seleccionado.');
    expect(promoProblem(cartOf(firmaya, FY_BASICO))).toBeUndefined();
  });
});

describe('totals (store §5: base × number − discount + tax; discounts to 2 decimals)', () => {
  it('prices each line and the cart in decimals, offers and the code before IVA', () => {
    const cart = cartOf(firmaya, FY_PRO, [FY_FIRMAS, 3], FY_ILIMITADO);
    const priced = priceCart(cart);
    expect(priced.lines.map((l) => l.line.total.toFixed(2))).toEqual(['550000.00', '270000.00', '2400000.00']);
    expect(priced.lines[0]?.line.discount.toFixed(2)).toBe('84033.62');
    expect(priced.totals.total.toFixed(2)).toBe('3220000.00');
    const firmas = cart.items[1]?.packageId ?? 0;
    // 10 % of the 270.000 line only: 243.000, 22.689,08 off before IVA.
    const percentage = priceCart({ ...cart, promo: { code: 'DIEZ', type: 'PTJ', value: 10, discounts: [{ packageId: firmas, discount: 22689.08 }] } });
    expect(percentage.lines.map((l) => l.line.total.toFixed(2))).toEqual(['550000.00', '243000.00', '2400000.00']);
    expect(percentage.lines[1]?.line.discount.toFixed(2)).toBe('22689.08');
    // A value before IVA: 50.000 off the line is 59.500 with its IVA.
    const value = priceCart({ ...cart, promo: { code: 'MENOS50', type: 'VLR', value: 50000, discounts: [{ packageId: firmas, discount: 50000 }] } });
    expect(value.lines[1]?.line.total.toFixed(2)).toBe('210500.00');
    expect(value.totals.total.toFixed(2)).toBe('3160500.00');
  });

  it('prices an offer of a percentage', () => {
    expect(priceCart(cartOf(colnomina, CN_EMPRESARIAL)).totals.total.toFixed(2)).toBe('1200000.00');
  });
});

describe('Continue (store §4, §5)', () => {
  it('needs a base package, the customer’s or one in the cart', () => {
    const need = 'Para continuar la compra, debes primero seleccionar un paquete base.';
    expect(continueProblem(cartOf(firmaya, FY_FIRMAS), undefined)).toBe(need);
    expect(continueProblem(cartOf(firmaya, FY_FIRMAS), { hasBase: false, isFree: false })).toBe(need);
    expect(continueProblem(cartOf(firmaya, FY_FIRMAS), { hasBase: true, isFree: false })).toBeUndefined();
    expect(continueProblem(cartOf(firmaya, FY_BASICO, FY_FIRMAS), undefined)).toBeUndefined();
    expect(continueProblem(cartOf(firmaya, CMB_NOMINA_FIRMA), undefined)).toBeUndefined();
  });

  it('does not sell a combo or complementary package on a free plan without a base package', () => {
    const message = 'No es posible adquirir este paquete con un paquete gratis, debes primero seleccionar un paquete base';
    const freePlan = { hasBase: true, isFree: true };
    expect(continueProblem(cartOf(firmaya, FY_FIRMAS), freePlan)).toBe(message);
    expect(continueProblem(cartOf(firmaya, CMB_NOMINA_FIRMA), freePlan)).toBe(message);
    expect(continueProblem(cartOf(firmaya, FY_BASICO, FY_FIRMAS), freePlan)).toBeUndefined();
  });

  it('says the cart is empty', () => {
    expect(continueProblem(EMPTY_CART, undefined)).toBe('¡Tu carrito está vacío!');
  });
});
