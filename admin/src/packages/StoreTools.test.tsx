import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api';
import { fixtureDataProvider, renderInAdmin } from '../testing/admin';
import { PackageLinkDialog } from './PackageLinkDialog';
import { PriceTiersDialog } from './PriceTiersDialog';
import type { Package } from './types';

vi.mock('../api', () => ({ api: { GET: vi.fn(), POST: vi.fn(), PUT: vi.fn() } }));

const userEvent = userEventLib.setup({ delay: null });
const pkg = { id: 7, packageCode: 'CN-EMPRENDEDOR', packageName: 'Colnómina Emprendedor', packageTypeId: 1, idstate: 0, serviceIds: [1, 2] } as Package;
const ok = (data: unknown) => ({ data, response: new Response(null, { status: 200 }) });
const refused = (status: number, error: unknown) => ({ error, response: new Response(null, { status }) });

describe("'Copiar enlace'", () => {
  const writeText = vi.fn(async () => undefined);
  beforeEach(() => {
    vi.mocked(api.POST).mockReset();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });

  it('makes the link with the quantity and code, copies it and shows it with its brand and end', async () => {
    const url = 'http://colnomina.localhost:3000/license/addCart/AbC_123';
    vi.mocked(api.POST).mockResolvedValue(ok({ url, encryptedParameter: 'AbC_123', appName: 'colnomina', expiresAt: '2026-12-27T17:00:00.000Z' }) as never);
    renderInAdmin(<PackageLinkDialog pkg={pkg} onClose={vi.fn()} />, fixtureDataProvider({}));
    const dialog = within(screen.getByTestId('package-link-dialog'));
    const quantity = dialog.getByRole('spinbutton', { name: /Cantidad/ });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');
    await userEvent.type(dialog.getByRole('textbox', { name: /Código promocional/ }), 'NAVIDAD');
    await userEvent.click(dialog.getByRole('button', { name: 'Crear y copiar enlace' }));
    await waitFor(() => expect(dialog.getByRole('textbox', { name: 'Enlace de compra' })).toHaveValue(url));
    expect(api.POST).toHaveBeenCalledWith('/api/v1/packages/{id}/link', {
      params: { path: { id: 7 } },
      body: { quantity: 3, validDays: 30, promotionCode: 'NAVIDAD', appName: null },
    });
    expect(writeText).toHaveBeenCalledWith(url);
    expect(dialog.getByText('Tienda colnomina; vence el 27/12/2026.')).toBeInTheDocument();
  });

  it('offers the stores of every brand that sells the package, the first by default', async () => {
    vi.mocked(api.POST).mockResolvedValue(
      ok({ url: 'http://firmaya.localhost/license/addCart/x', encryptedParameter: 'x', appName: 'firmaya', expiresAt: '2026-12-27T17:00:00.000Z' }) as never,
    );
    const services = [
      { id: 1, serviceName: 'Colnómina', appName: 'colnomina' },
      { id: 2, serviceName: 'FirmaYa', appName: 'firmaya' },
    ];
    renderInAdmin(<PackageLinkDialog pkg={pkg} onClose={vi.fn()} />, fixtureDataProvider({ services }));
    const dialog = within(screen.getByTestId('package-link-dialog'));
    const select = await dialog.findByRole('combobox', { name: 'Tienda de la marca' });
    expect(select).toHaveTextContent('colnomina');
    await userEvent.click(select);
    await userEvent.click(await screen.findByRole('option', { name: 'firmaya' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Crear y copiar enlace' }));
    await waitFor(() => expect(api.POST).toHaveBeenCalled());
    expect(vi.mocked(api.POST).mock.calls[0]?.[1]).toMatchObject({ body: { appName: 'firmaya' } });
  });

  it("shows the server's refusal of the code under it, and refuses a quantity out of range before sending", async () => {
    const message = 'El código promocional no existe o está inactivo.';
    vi.mocked(api.POST).mockResolvedValue(
      refused(422, { statusCode: 422, statusMessage: message, statusDetails: [{ field: 'promotionCode', description: message }], result: null }) as never,
    );
    renderInAdmin(<PackageLinkDialog pkg={pkg} onClose={vi.fn()} />, fixtureDataProvider({}));
    const dialog = within(screen.getByTestId('package-link-dialog'));
    await userEvent.type(dialog.getByRole('textbox', { name: /Código promocional/ }), 'NOEXISTE');
    await userEvent.click(dialog.getByRole('button', { name: 'Crear y copiar enlace' }));
    await waitFor(() => expect(dialog.getByRole('textbox', { name: /Código promocional/ })).toHaveAccessibleDescription(message));

    vi.mocked(api.POST).mockClear();
    const quantity = dialog.getByRole('spinbutton', { name: /Cantidad/ });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '1000');
    await userEvent.click(dialog.getByRole('button', { name: 'Crear y copiar enlace' }));
    expect(quantity).toHaveAccessibleDescription('Un número entero de 1 a 999');
    expect(api.POST).not.toHaveBeenCalled();
  });
});

describe("'Escalas de precio'", () => {
  const tiers = {
    packageId: 7,
    packageCode: 'CN-EMPRENDEDOR',
    version: 4,
    tiers: [
      { quantity: 10, price: 300000, label: 'Hasta 10 empleados', unitPrice: 252100.84 },
      { quantity: 20, price: 480000, label: 'Pymes', unitPrice: 403361.34 },
    ],
  };
  beforeEach(() => {
    vi.mocked(api.GET)
      .mockReset()
      .mockResolvedValue(ok(tiers) as never);
    vi.mocked(api.PUT).mockReset();
  });

  it('edits the tiers and saves the whole list with the version read (a default text is sent empty)', async () => {
    vi.mocked(api.PUT).mockResolvedValue(ok({ ...tiers, version: 5 }) as never);
    const onClose = vi.fn();
    renderInAdmin(<PriceTiersDialog pkg={pkg} onClose={onClose} />, fixtureDataProvider({}));
    const dialog = within(screen.getByTestId('price-tiers-dialog'));
    await waitFor(() => expect(dialog.getAllByTestId('price-tier-row')).toHaveLength(2));
    expect(dialog.getAllByRole('textbox', { name: 'Texto del selector' }).map((i) => (i as HTMLInputElement).value)).toEqual(['', 'Pymes']);
    expect(dialog.getByText('Sin IVA: $252.100,84')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Agregar escala' }));
    const rows = dialog.getAllByTestId('price-tier-row');
    await userEvent.type(within(rows[2] as HTMLElement).getByRole('textbox', { name: /Empleados/ }), '30');
    await userEvent.type(within(rows[2] as HTMLElement).getByRole('textbox', { name: /Precio con IVA/ }), '650000.50');
    await userEvent.click(dialog.getByRole('button', { name: 'Quitar la escala de 10 empleados' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.PUT).toHaveBeenCalledWith('/api/v1/packages/{id}/price-tiers', {
      params: { path: { id: 7 } },
      body: {
        version: 4,
        tiers: [
          { quantity: 20, price: 480000, label: 'Pymes' },
          { quantity: 30, price: 650000.5, label: null },
        ],
      },
    });
  });

  it("shows the server's rule under the tier that breaks it", async () => {
    const message = 'El precio debe ser mayor que el de la escala anterior.';
    vi.mocked(api.PUT).mockResolvedValue(
      refused(422, { statusCode: 422, statusMessage: message, statusDetails: [{ field: 'tiers.1.price', description: message }], result: null }) as never,
    );
    renderInAdmin(<PriceTiersDialog pkg={pkg} onClose={vi.fn()} />, fixtureDataProvider({}));
    const dialog = within(screen.getByTestId('price-tiers-dialog'));
    await waitFor(() => expect(dialog.getAllByTestId('price-tier-row')).toHaveLength(2));
    const second = within(dialog.getAllByTestId('price-tier-row')[1] as HTMLElement).getByRole('textbox', { name: /Precio con IVA/ });
    await userEvent.clear(second);
    await userEvent.type(second, '100000');
    await userEvent.click(dialog.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(second).toHaveAccessibleDescription(message));
    expect(dialog.getByRole('alert')).toHaveTextContent(message);
  });

  it('refuses an empty quantity or a price with 3 decimals before sending', async () => {
    renderInAdmin(<PriceTiersDialog pkg={pkg} onClose={vi.fn()} />, fixtureDataProvider({}));
    const dialog = within(screen.getByTestId('price-tiers-dialog'));
    await waitFor(() => expect(dialog.getAllByTestId('price-tier-row')).toHaveLength(2));
    await userEvent.click(dialog.getByRole('button', { name: 'Agregar escala' }));
    const row = within(dialog.getAllByTestId('price-tier-row')[2] as HTMLElement);
    await userEvent.type(row.getByRole('textbox', { name: /Precio con IVA/ }), '1.234');
    await userEvent.click(dialog.getByRole('button', { name: 'Guardar' }));
    expect(row.getByRole('textbox', { name: /Empleados/ })).toHaveAccessibleDescription('Requerido');
    expect(row.getByRole('textbox', { name: /Precio con IVA/ })).toHaveAccessibleDescription('Requerido');
    expect(api.PUT).not.toHaveBeenCalled();
  });
});
