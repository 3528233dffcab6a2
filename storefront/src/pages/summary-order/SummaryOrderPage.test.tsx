import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api';
import { renderInStore } from '../../testing/store-harness';
import { backTarget, type SummaryOrder, type SummaryServices, type UploadedSupport } from './summary-order';
import SummaryOrderPage from './SummaryOrderPage';

const REF = '6f1c2a52-7f0e-4d51-9d0a-2b8f1f0f7a10';

const SUMMARY: SummaryOrder = {
  referenceUuid: REF,
  paymentReference: 'OC-123',
  state: 'AWAITING_CASH_PROOF',
  paymentMethod: 'EFECTIVO',
  awaitingProof: true,
  summaryPackages: [
    {
      packageId: 1,
      packageCode: 'PLAN-BASE',
      packageName: 'Plan Base Anual',
      quantity: 2,
      unitPrice: 100000,
      discount: 20000,
      taxIva: 34200,
      subTotal: 200000,
    },
    {
      packageId: 2,
      packageCode: 'USUARIOS',
      packageName: 'Usuarios adicionales',
      quantity: 1,
      unitPrice: 84033.61,
      discount: 0,
      taxIva: 15966.39,
      subTotal: 84033.61,
    },
  ],
  subTotal: 284033.61,
  totalDiscount: 20000,
  taxIva: 50166.39,
  retefuente: 9800,
  reteiva: 7980,
  reteica: 2900,
  totalTaxDiscount: 20680,
  totalPurchase: 293520,
  fileNamePaymentSupport: null,
  fileNamePaymentRUT: null,
};

const png = (name = 'consignación.png') => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])], name, { type: 'image/png' });
const pdfBytes = () => new TextEncoder().encode('%PDF-1.7\n%%EOF');

const STORED: UploadedSupport = {
  fileId: 1,
  fileName: 'consignación.png',
  supportType: 'PAYMENT_SUPPORT',
  contentType: 'image/png',
  size: 11,
  uploadedAt: '2026-11-27T23:00:00Z',
};

function setup(services: Partial<SummaryServices> = {}, summary: SummaryOrder | 'missing' = SUMMARY) {
  const all: SummaryServices = {
    load: vi.fn(() => Promise.resolve(summary === 'missing' ? undefined : summary)),
    upload: vi.fn(() => Promise.resolve(STORED)),
    ...services,
  };
  renderInStore(<SummaryOrderPage services={all} progressMs={0} />, { path: '/summaryorder/:refererenceUuid', initialEntry: `/summaryorder/${REF}` });
  return all;
}

const chooseFile = (label: RegExp, file: File) => userEvent.upload(screen.getByLabelText(label, { selector: 'input' }), file);

describe('SummaryOrderPage', () => {
  it('shows each package and the totals with Colombian thousands separators', async () => {
    const services = setup();
    expect(await screen.findByRole('heading', { name: 'Resumen de compra' })).toBeInTheDocument();
    expect(services.load).toHaveBeenCalledWith(REF, 'colnomina');
    const table = await screen.findByRole('table', { name: 'Paquetes de la orden' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Producto', 'Cantidad', 'Valor unitario', 'Descuento', 'IVA', 'Subtotal']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Plan Base Anual', '2', '$100.000', '$20.000', '$34.200', '$200.000']);
    expect(
      within(second as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Usuarios adicionales', '1', '$84.033,61', '$0', '$15.966,39', '$84.033,61']);
    const totals = screen.getByLabelText('Totales');
    const pairs = within(totals)
      .getAllByRole('term')
      .map((dt) => `${dt.textContent} ${dt.nextElementSibling?.textContent}`);
    expect(pairs).toEqual([
      'Subtotal $284.033,61',
      'Total descuentos $20.000',
      'Total IVA $50.166,39',
      'Retefuente $9.800',
      'Reteiva $7.980',
      'Reteica $2.900',
      'Total Retenciones $20.680',
      'Total $293.520',
    ]);
    expect(screen.getByText('OC-123')).toBeInTheDocument();
  });

  it('says the order is empty or missing when the server does not know it', async () => {
    setup({}, 'missing');
    expect(await screen.findByText('¡Orden de compra vacía o no existe!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adjuntar Comprobante' })).not.toBeInTheDocument();
  });

  it('shows the file name and the upload progress, then the stored name in place of the button and the spec’s modal', async () => {
    let progress: (percent: number) => void = () => undefined;
    let finish: (value: UploadedSupport) => void = () => undefined;
    const load = vi
      .fn()
      .mockResolvedValueOnce(SUMMARY)
      .mockResolvedValue({ ...SUMMARY, fileNamePaymentSupport: 'consignación.png' });
    const upload = vi.fn<SummaryServices['upload']>(
      (_body, onProgress) =>
        new Promise((resolve) => {
          progress = onProgress;
          finish = resolve;
        }),
    );
    setup({ load, upload });
    expect(await screen.findByRole('button', { name: 'Adjuntar Comprobante' })).toBeEnabled();
    await chooseFile(/Adjuntar Comprobante/, png());
    await waitFor(() => expect(upload).toHaveBeenCalled());
    expect(upload.mock.calls[0]?.[0]).toEqual({
      referenceUuid: REF,
      fileName: 'consignación.png',
      contentFileBase64: 'iVBORw0KGgoBAgM=',
      supportType: 'PAYMENT_SUPPORT',
    });
    progress(40);
    const bar = await screen.findByRole('progressbar', { name: 'Cargando consignación.png' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('consignación.png')).toBeInTheDocument();
    // While one file travels, the other button waits.
    expect(screen.getByRole('button', { name: 'Adjuntar RUT' })).toBeDisabled();
    finish(STORED);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('¡Se ha adjuntado el comprobante!')).toBeInTheDocument();
    expect(within(dialog).getByText('Debes esperar a que sea validado y aprobado; se te notificará al correo electrónico.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(screen.queryByRole('button', { name: 'Adjuntar Comprobante' })).not.toBeInTheDocument();
    expect(screen.getByTestId('stored-Comprobante de pago')).toHaveTextContent('consignación.png');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Adjuntar RUT' })).toBeEnabled();
  });

  it('refuses in the browser a file whose bytes are not what its name says, and one over 2 MB, sending nothing', async () => {
    const services = setup();
    await screen.findByRole('button', { name: 'Adjuntar RUT' });
    await chooseFile(/Adjuntar RUT/, new File([pdfBytes()], 'rut.png', { type: 'image/png' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('¡Lo sentimos!')).toBeInTheDocument();
    expect(within(dialog).getByText('Debe cargar un archivo válido (.jpg, .jpeg, .png, .pdf).')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await chooseFile(/Adjuntar RUT/, new File([new Uint8Array(2097153)], 'rut.pdf', { type: 'application/pdf' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('El tamaño del archivo supera el máximo permitido (2MB).')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await chooseFile(/Adjuntar RUT/, new File([pdfBytes()], `${'r'.repeat(197)}.pdf`, { type: 'application/pdf' }));
    expect(await screen.findByText('El nombre del archivo seleccionado no es válido.')).toBeInTheDocument();
    expect(services.upload).not.toHaveBeenCalled();
  });

  it('shows the spec’s failure text when the upload fails, and the server’s rule when it refuses', async () => {
    const upload = vi
      .fn<SummaryServices['upload']>()
      .mockRejectedValueOnce(new ApiError('Error de servidor', 500))
      .mockRejectedValueOnce(new ApiError('Esta orden de compra no está esperando comprobantes de pago.', 422));
    setup({ upload });
    await screen.findByRole('button', { name: 'Adjuntar Comprobante' });
    await chooseFile(/Adjuntar Comprobante/, png());
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('¡Lo sentimos!')).toBeInTheDocument();
    expect(within(dialog).getByText('No se ha podido cargar el comprobante de pago. Por favor intente nuevamente.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await chooseFile(/Adjuntar Comprobante/, png());
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Esta orden de compra no está esperando comprobantes de pago.')).toBeInTheDocument();
    // The button is back: nothing was stored.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(screen.getByRole('button', { name: 'Adjuntar Comprobante' })).toBeInTheDocument();
  });

  it('offers no upload once the order no longer awaits a proof, and still shows what was attached', async () => {
    setup({}, { ...SUMMARY, state: 'PAID', awaitingProof: false, fileNamePaymentRUT: 'rut.pdf' });
    expect(await screen.findByText('Esta orden de compra no está esperando comprobantes de pago.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Adjuntar/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('stored-RUT')).toHaveTextContent('rut.pdf');
  });
});

describe('backTarget', () => {
  it('goes to the landing page for colnomina, firmaya and a configurable brand, otherwise to the store', () => {
    expect(backTarget({ appName: 'colnomina', configurable: false }, 'https://colnomina.example.com')).toBe('https://colnomina.example.com');
    expect(backTarget({ appName: 'FIRMAYA', configurable: false }, '/inicio')).toBe('/inicio');
    expect(backTarget({ appName: 'tienda', configurable: true }, '/inicio')).toBe('/inicio');
    expect(backTarget({ appName: 'bemyself', configurable: false }, '/inicio')).toBe('/');
    expect(backTarget({ appName: 'colnomina', configurable: false }, '')).toBe('/');
  });
});
