import { screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInAdmin } from '../testing/admin';
import { ConsumptionExportButton } from './ConsumptionExportButton';
import { XLSX_TYPE } from '../workbook/workbook';

const authFetch = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>();
vi.mock('../api', () => ({ authFetch: (url: string, init?: RequestInit) => authFetch(url, init) }));

const userEvent = userEventLib.setup({ delay: null });

describe("'Detalle de consumo'", () => {
  afterEach(() => vi.restoreAllMocks());

  it('downloads the server’s workbook of the filtered product, showing progress while it streams', async () => {
    let push: ReadableStreamDefaultController<Uint8Array> | undefined;
    const body = new ReadableStream<Uint8Array>({ start: (controller) => void (push = controller) });
    authFetch.mockResolvedValue(
      new Response(body, {
        status: 200,
        headers: { 'Content-Type': XLSX_TYPE, 'Content-Disposition': 'attachment; filename="detalle-de-consumo-900123456-2026-11-27.xlsx"' },
      }),
    );
    const createObjectURL = vi.fn((blob: Blob) => {
      expect(blob.type).toBe(XLSX_TYPE);
      expect(blob.size).toBe(3072);
      return 'blob:detalle';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('detalle-de-consumo-900123456-2026-11-27.xlsx');
      expect(this.href).toBe('blob:detalle');
    });
    renderInAdmin(<ConsumptionExportButton customerId={7} serviceId={3} />);

    await userEvent.click(screen.getByRole('button', { name: 'Detalle de consumo' }));
    expect(authFetch).toHaveBeenCalledWith('/api/v1/consumption-detail?customerId=7&serviceId=3', expect.anything());
    expect(await screen.findByRole('progressbar', { name: 'Descargando el detalle de consumo…' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Detalle de consumo' })).toBeDisabled();
    push!.enqueue(new Uint8Array(2048));
    expect(await screen.findByText('Descargando el detalle de consumo… 2 kB')).toBeInTheDocument();
    push!.enqueue(new Uint8Array(1024));
    push!.close();
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.getByRole('button', { name: 'Detalle de consumo' })).toBeEnabled();
  });

  it("shows the server's message when the company has gone, and a retry text otherwise", async () => {
    authFetch.mockResolvedValueOnce(
      new Response(JSON.stringify({ statusCode: 404, statusMessage: 'La empresa no existe', result: null, statusDetails: [] }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    renderInAdmin(<ConsumptionExportButton customerId={7} serviceId={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Detalle de consumo' }));
    expect(authFetch).toHaveBeenCalledWith('/api/v1/consumption-detail?customerId=7', expect.anything());
    expect(await screen.findByText('La empresa no existe')).toBeInTheDocument();

    authFetch.mockResolvedValueOnce(new Response('{}', { status: 500, headers: { 'Content-Type': 'application/json' } }));
    await userEvent.click(screen.getByRole('button', { name: 'Detalle de consumo' }));
    expect(await screen.findByText('No fue posible descargar el detalle de consumo. Inténtalo de nuevo.')).toBeInTheDocument();
  });
});
