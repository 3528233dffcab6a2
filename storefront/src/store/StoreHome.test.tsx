import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import { renderInStore } from '../testing/store-harness';
import { type StorePackage } from './catalogue';
import StoreHome from './StoreHome';
import { feature, offered, storePackage } from './testing/store-packages';

const load = vi.hoisted(() => vi.fn<(serviceName: string) => Promise<StorePackage[]>>());
vi.mock('./catalogue', async (importOriginal) => ({ ...(await importOriginal<typeof import('./catalogue')>()), loadStorePackages: load }));

const DAY = 86_400_000;
const FREE = storePackage('Colnómina Gratis', { packagePrice: 0, packagePriceWithDiscount: 0, taxIva: 0 });
const EMPRENDEDOR = storePackage('Colnómina Emprendedor', {
  itemsPackageFeatures: [feature('COLNOMINA_EMPLEADO', 'Empleados', 20), feature('COLNOMINA_USUARIO', 'Usuarios', 1000000, true)],
});
const EXTRA = storePackage('Paquete 10 empleados adicionales', { type: 'CMP', packagePrice: 150000 });
// Ends 30 s short of three days: the page's clock may be up to a second old when first read (use-now),
// so an end of exactly three days could show '3 días, 0 horas, 0 min, 0 seg'.
const OFFER = offered('Colnómina Empresarial', 20, new Date(Date.now() - DAY), new Date(Date.now() + 3 * DAY - 30_000));

const section = (name: string) => screen.getByRole('region', { name });

describe('StoreHome', () => {
  beforeEach(() => load.mockReset());

  it('shows the skeleton, then the offers and each section with prices per year', async () => {
    load.mockResolvedValue([FREE, EMPRENDEDOR, OFFER, EXTRA]);
    renderInStore(<StoreHome />);
    expect(screen.getByRole('status', { name: 'Cargando paquetes…' })).toBeInTheDocument();
    const base = await screen.findByRole('region', { name: 'Planes base' });
    expect(load).toHaveBeenCalledWith('colnomina');
    const emprendedor = within(base).getByRole('article', { name: 'Colnómina Emprendedor' });
    expect(within(emprendedor).getByTestId('package-price')).toHaveTextContent('$480.000');
    expect(within(emprendedor).getByText('/ año')).toBeInTheDocument();
    expect(within(emprendedor).getByText('Usuarios (Ilimitadas)')).toBeInTheDocument();
    expect(within(base).getByRole('article', { name: 'Colnómina Gratis' })).toHaveTextContent('Gratis');
    const offer = within(screen.getByRole('region', { name: 'Carrusel de ofertas' })).getByRole('article', { name: 'Colnómina Empresarial' });
    expect(offer).toHaveTextContent('OFERTA');
    expect(offer).toHaveTextContent('20 % de descuento');
    expect(within(offer).getByTestId('package-price')).toHaveTextContent('$1.200.000');
    expect(within(offer).getByText('Oferta finaliza en')).toBeInTheDocument();
    expect(within(offer).getByRole('timer').getAttribute('aria-label')).toMatch(/^Oferta finaliza en 2 días, 23 horas, 59 min, (2\d|3[01]) seg$/);
    expect(section('Paquetes complementarios')).toHaveTextContent('$150.000');
    expect(screen.queryByRole('region', { name: 'Combos' })).not.toBeInTheDocument();
  });

  it('says when there is nothing to sell, and offers to retry a failed read', async () => {
    load.mockResolvedValueOnce([]);
    const { unmount } = renderInStore(<StoreHome />);
    expect(await screen.findByText('No hay paquetes disponibles en este momento.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Carrusel de ofertas' })).not.toBeInTheDocument();
    unmount();

    load.mockRejectedValueOnce(new ApiError('No hay respuesta por parte del servidor. Por favor intente más tarde.', 0)).mockResolvedValueOnce([EXTRA]);
    renderInStore(<StoreHome />);
    expect(await screen.findByText('No hay respuesta por parte del servidor. Por favor intente más tarde.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('region', { name: 'Paquetes complementarios' })).toBeInTheDocument();
  });

  it("'COMPRAR YA!' adds and opens the cart; add to cart says so; a refused add shows the rule's message", async () => {
    load.mockResolvedValue([FREE, EMPRENDEDOR, EXTRA]);
    const { cart, notify } = renderInStore(<StoreHome />);
    const base = await screen.findByRole('region', { name: 'Planes base' });

    await userEvent.click(within(base).getByRole('button', { name: 'Agregar Colnómina Emprendedor al carrito' }));
    expect(notify).toHaveBeenCalledWith({ severity: 'success', message: 'Colnómina Emprendedor se agregó al carrito.' });
    expect(cart.getSnapshot()).toMatchObject({ modalOpen: false, cart: { items: [{ packageName: 'Colnómina Emprendedor', number: 1 }] } });

    await userEvent.click(within(section('Paquetes complementarios')).getByRole('button', { name: 'COMPRAR YA! Paquete 10 empleados adicionales' }));
    await waitFor(() => expect(cart.getSnapshot().modalOpen).toBe(true));
    expect(cart.getSnapshot().cart.items).toHaveLength(2);

    // A free base plan empties the cart, then takes nothing else (colnomina).
    await userEvent.click(within(base).getByRole('button', { name: 'COMPRAR YA! Colnómina Gratis' }));
    await waitFor(() => expect(cart.getSnapshot().cart.items.map((i) => i.packageName)).toEqual(['Colnómina Gratis']));
    await userEvent.click(within(base).getByRole('button', { name: 'Agregar Colnómina Emprendedor al carrito' }));
    expect(notify).toHaveBeenLastCalledWith({ severity: 'warning', message: '¡El plan gratuito no puede adquirir paquetes adicionales!' });
  });

  it('reads the prices again when an offer ends, and stops showing it', async () => {
    const ending = offered('Oferta que termina', 20, new Date(Date.now() - DAY), new Date(Date.now() + 1500));
    load.mockResolvedValue([ending, EXTRA]);
    renderInStore(<StoreHome />);
    expect(await screen.findByRole('region', { name: 'Carrusel de ofertas' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2), { timeout: 4000 });
    // The second read's packages render as a transition: wait for them, not only for the carousel to go.
    await waitFor(() => {
      expect(screen.queryByRole('region', { name: 'Carrusel de ofertas' })).not.toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'Planes base' })).toBeInTheDocument();
    });
    const card = within(section('Planes base')).getByRole('article', { name: 'Oferta que termina' });
    expect(within(card).getByTestId('package-price')).toHaveTextContent('$1.500.000');
  });

  it('marks the card a /cart/{packageId} link names', async () => {
    load.mockResolvedValue([FREE, { ...EMPRENDEDOR, packageId: 42, id: 42 }]);
    Element.prototype.scrollIntoView = vi.fn();
    renderInStore(<StoreHome />, { path: '/cart/:packageId', initialEntry: '/cart/42' });
    const card = await screen.findByRole('article', { name: 'Colnómina Emprendedor' });
    expect(card).toHaveAttribute('aria-current', 'true');
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
  });
});
