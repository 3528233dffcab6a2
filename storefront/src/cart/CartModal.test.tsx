import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInStore } from '../testing/store-harness';
import CartModal from './CartModal';
import CartPopoverContent from './CartPopoverContent';
import { FeaturePopover } from './FeaturePopover';
import { CN_GRATIS, FY_FIRMAS, FY_ILIMITADO, FY_PRO } from './testing/packages';

/** jsdom has no matchMedia: phones match MUI's `down('sm')` query (max-width). */
function setPhone(phone: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) =>
      ({
        matches: phone && query.includes('max-width'),
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

describe('CartModal', () => {
  it('says the cart is empty and offers to add products', () => {
    setPhone(false);
    renderInStore(<CartModal />);
    expect(screen.getByRole('dialog', { name: 'Carrito de compras' })).toBeInTheDocument();
    expect(screen.getByText('¡Tu carrito está vacío!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Agregar productos' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continuar' })).not.toBeInTheDocument();
  });

  it('shows a single package by its name, its lines as a table, the totals with the tax note, and changes quantities', async () => {
    setPhone(false);
    const { cart } = renderInStore(<CartModal />, { appName: 'firmaya' });
    await act(() => cart.add(FY_FIRMAS, { quantity: 2 }));
    expect(screen.getByRole('dialog', { name: '100 firmas adicionales' })).toBeInTheDocument();
    await act(() => cart.add(FY_PRO));
    const dialog = screen.getByRole('dialog', { name: 'Carrito de compras' });
    const table = within(dialog).getByRole('table', { name: 'Productos del carrito' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Producto', 'Cantidad', 'Valor unitario', 'Descuento', 'Total', 'Eliminar']);
    expect(within(dialog).getByTestId('cart-total')).toHaveTextContent('$730.000');
    expect(within(dialog).getByText('Impuesto incluido')).toBeInTheDocument();
    expect(within(dialog).getByText('El valor del descuento aplica antes de IVA.')).toBeInTheDocument();

    const quantity = within(dialog).getByRole('spinbutton', { name: 'Cantidad de 100 firmas adicionales' });
    expect(quantity).toHaveAttribute('min', '1');
    expect(quantity).toHaveAttribute('max', '999');
    expect(quantity).toHaveAttribute('step', '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar una unidad de 100 firmas adicionales' }));
    expect(within(dialog).getByTestId('cart-total')).toHaveTextContent('$820.000');
    // Typed: at most as many digits as the limit has, and never below 1.
    fireEvent.change(quantity, { target: { value: '5000' } });
    fireEvent.blur(quantity);
    await waitFor(() => expect(cart.getSnapshot().cart.items[0]?.number).toBe(500));
    fireEvent.change(quantity, { target: { value: '0' } });
    fireEvent.blur(quantity);
    await waitFor(() => expect(cart.getSnapshot().cart.items[0]?.number).toBe(1));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar FirmaYa Profesional del carrito' }));
    expect(within(dialog).queryByText('FirmaYa Profesional')).not.toBeInTheDocument();
  });

  it('lays the lines out as cards on phones', async () => {
    setPhone(true);
    const { cart } = renderInStore(<CartModal />, { appName: 'firmaya' });
    await act(() => cart.add(FY_PRO));
    await act(() => cart.add(FY_FIRMAS));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Productos del carrito' })).toBeInTheDocument();
    expect(screen.getAllByTestId('cart-line')).toHaveLength(2);
  });

  it('keeps Aplicar disabled while the code is empty and takes at most 20 characters', async () => {
    setPhone(false);
    const { cart } = renderInStore(<CartModal />, { appName: 'firmaya' });
    await act(() => cart.add(FY_PRO));
    const apply = screen.getByRole('button', { name: 'Aplicar' });
    expect(apply).toBeDisabled();
    const input = screen.getByRole('textbox', { name: 'Código promocional' });
    expect(input).toHaveAttribute('maxLength', '20');
    await userEvent.type(input, '   ');
    expect(apply).toBeDisabled();
    await userEvent.type(input, 'X'.repeat(25));
    expect((input as HTMLInputElement).value.length).toBe(20);
    expect(apply).toBeEnabled();
  });

  it('asks the firmaya visitor for the buyer data before continuing', async () => {
    setPhone(false);
    const { cart } = renderInStore(<CartModal />, { appName: 'firmaya', parameters: { integrationServiceApply: true } });
    await act(() => cart.add(FY_PRO));
    expect(screen.getByRole('heading', { name: 'Tus datos' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Tipo de documento' })).toHaveTextContent('CC - Cédula de ciudadanía');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByRole('textbox', { name: 'Número de documento' })).toHaveAccessibleDescription('Campo obligatorio');
    expect(screen.getByText('Debes autorizar el tratamiento de tus datos personales.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Teléfono / Celular' }), '31a2');
    expect(screen.getByRole('textbox', { name: 'Teléfono / Celular' })).toHaveValue('312');
    expect(screen.getByRole('textbox', { name: 'Teléfono / Celular' })).toHaveAccessibleDescription('El campo debe ser numérico de 10 cifras');
  });

  it('refuses Continue without a base package', async () => {
    setPhone(false);
    const { cart, notify } = renderInStore(<CartModal />, { appName: 'firmaya' });
    await act(() => cart.add(FY_FIRMAS));
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(notify).toHaveBeenCalledWith({ severity: 'warning', message: 'Para continuar la compra, debes primero seleccionar un paquete base.' });
  });

  it('goes on to the purchase page from a store with a base package', async () => {
    setPhone(false);
    const { cart, router } = renderInStore(<CartModal />, { appName: 'colnomina', routes: [{ path: '/license/RegisterPurchaseExt', element: <p>Compra</p> }] });
    await act(() => cart.add(CN_GRATIS));
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/license/RegisterPurchaseExt'));
  });
});

describe('the header cart popover', () => {
  it('lists the cart with its total and Ir al carrito, or Pagar on the cart menu', async () => {
    const { cart, unmount } = renderInStore(<CartPopoverContent />, { appName: 'firmaya' });
    expect(screen.getByText('¡Tu carrito está vacío!')).toBeInTheDocument();
    await act(() => cart.add(FY_PRO));
    expect(screen.getByTestId('cart-popover-total')).toHaveTextContent('$550.000');
    await userEvent.click(screen.getByRole('button', { name: 'Ir al carrito' }));
    expect(cart.getSnapshot().modalOpen).toBe(true);
    unmount();
    renderInStore(<CartPopoverContent action="pay" />, { appName: 'firmaya' });
    expect(screen.queryByRole('button', { name: 'Ir al carrito' })).not.toBeInTheDocument();
  });
});

describe('the feature popover', () => {
  it('lists the features on hover, unlimited ones with (Ilimitadas)', async () => {
    renderInStore(
      <FeaturePopover packageName="Firmas ilimitadas" features={[...(FY_ILIMITADO.itemsPackageFeatures ?? []), ...(FY_FIRMAS.itemsPackageFeatures ?? [])]} />,
    );
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Características' }));
    const popover = await screen.findByRole('dialog', { name: 'Características de Firmas ilimitadas' });
    expect(within(popover).getByText('• Firmas electrónicas (Ilimitadas)')).toBeInTheDocument();
    expect(within(popover).getByText('• 100 firmas electrónicas')).toBeInTheDocument();
  });
});
