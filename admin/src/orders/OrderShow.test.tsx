import { screen, within } from '@testing-library/react';
import { ShowBase } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { fixtureDataProvider, renderInAdmin } from '../testing/admin';
import { OrderView } from './OrderShow';
import type { OrderDetail } from './types';

// jsdom lays nothing out: the packages measure their card (wide: the table) with a ResizeObserver.
class WideObserver {
  observe() {}
  disconnect() {}
}
vi.stubGlobal('ResizeObserver', WideObserver);
Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1200 });

const customer = { legalName: 'Ferretería Ñandú S.A.S.', documentTypeCode: 'NIT', documentNumber: '900123456', email: 'compras@example.com' };
const at = '2026-11-20T20:30:00.000Z'; // 15:30 in Bogotá

const approved: OrderDetail = {
  id: 7,
  reference: 'OC-7',
  referenceUuid: '7b8f9a3e-1111-4222-8333-444455556666',
  appName: 'colnomina',
  state: 'ACTIVATED',
  paymentMethod: 'EFECTIVO',
  total: 236620,
  buyerEmail: 'compras@example.com',
  customer,
  createdAt: '2026-11-20T15:00:00.000Z',
  updatedAt: at,
  activationCustomer: { ...customer, legalName: 'Nómina Ñandú S.A.S.', documentNumber: '900999888' },
  subTotal: 200000,
  totalDiscount: 0,
  taxIva: 38000,
  taxReteIva: 0,
  taxReteIca: 0,
  taxReteFuente: 1380,
  totalWithholdings: 1380,
  lines: [
    {
      packageId: 3,
      packageCode: 'CN-ANUAL',
      packageName: 'Colnómina Anual',
      quantity: 2,
      unitPrice: 100000,
      gross: 200000,
      discount: 0,
      ivaValue: 38000,
      total: 238000,
    },
  ],
  payments: [
    {
      kind: 'CASH',
      gateway: null,
      reference: null,
      transactionId: null,
      outcome: 'APPROVED',
      responseCode: null,
      amount: 236620,
      currency: 'COP',
      at,
      by: 'Fabio Ríos (financiero)',
      reason: null,
    },
  ],
  supports: [{ supportType: 'PAYMENT_SUPPORT', fileName: 'consignacion.png', contentType: 'image/png', size: 40960, uploadedAt: '2026-11-20T18:00:00.000Z' }],
  licences: [
    {
      id: 31,
      originReference: 'OC-7/12',
      packageCode: 'CN-ANUAL',
      packageName: 'Colnómina Anual',
      customerId: 5,
      state: 'ACTIVE',
      isActive: true,
      effectiveAt: at,
      expiresAt: '2027-11-21T04:59:59.999Z',
    },
  ],
  history: [
    { action: 'STATE_CHANGE', at: '2026-11-20T15:00:00.000Z', by: 'tienda', byName: null, fromState: null, toState: 'AWAITING_CASH_PROOF', reason: null },
    { action: 'CASH_APPROVED', at, by: 'financiero', byName: 'Fabio Ríos', fromState: null, toState: null, reason: null },
    { action: 'STATE_CHANGE', at, by: 'financiero', byName: 'Fabio Ríos', fromState: 'AWAITING_CASH_PROOF', toState: 'PAID', reason: null },
    { action: 'STATE_CHANGE', at, by: 'financiero', byName: 'Fabio Ríos', fromState: 'PAID', toState: 'ACTIVATED', reason: 'Licencias otorgadas: 31' },
  ],
};

const rejectedOnline: OrderDetail = {
  ...approved,
  id: 8,
  reference: 'OC-8',
  state: 'REJECTED',
  paymentMethod: 'EN_LINEA',
  payments: [
    {
      kind: 'ONLINE',
      gateway: 'EPAYCO',
      reference: 'REF-123',
      transactionId: 'TX-9',
      outcome: 'REJECTED',
      responseCode: 2,
      amount: 236620,
      currency: 'COP',
      at,
      by: null,
      reason: null,
    },
  ],
  supports: [],
  licences: [],
  history: [{ action: 'STATE_CHANGE', at, by: 'EPAYCO', byName: null, fromState: 'REGISTERED', toState: 'REJECTED', reason: null }],
};

const show = (order: OrderDetail) =>
  renderInAdmin(
    <ShowBase resource="orders" id={order.id}>
      <OrderView />
    </ShowBase>,
    fixtureDataProvider({ orders: [order] }),
  );

describe("an order of 'Órdenes de compra'", () => {
  it('shows the figures, the cash decision, the proof, the licence and the log in order, in Bogotá time', async () => {
    show(approved);
    expect(await screen.findByRole('heading', { name: 'Orden de compra OC-7' })).toBeInTheDocument();
    expect(screen.getAllByText('Activada').length).toBeGreaterThan(0);
    const totals = screen.getByTestId('order-totals');
    expect(within(totals).getByText('Total Retenciones').nextSibling).toHaveTextContent('$1.380');
    expect(within(totals).getByText('Total').nextSibling).toHaveTextContent('$236.620');
    const payments = screen.getByTestId('order-payments');
    expect(within(payments).getByText('Pago en efectivo')).toBeInTheDocument();
    expect(within(payments).getByText('Aprobado')).toBeInTheDocument();
    expect(within(payments).getByText('Fabio Ríos (financiero)')).toBeInTheDocument();
    expect(within(screen.getByTestId('order-supports')).getByText('Comprobante de pago: consignacion.png')).toBeInTheDocument();
    expect(within(screen.getByTestId('order-licences')).getByText('Licencia 31 · del 20/11/2026 al 20/11/2027')).toBeInTheDocument();
    const entries = within(screen.getByTestId('order-history')).getAllByRole('listitem');
    expect(entries.map((e) => e.textContent)).toEqual([
      'Orden registrada: Esperando pago en efectivo20/11/26, 10:00 a. m. · tienda',
      'Pago en efectivo aprobado20/11/26, 3:30 p. m. · Fabio Ríos (financiero)',
      'Esperando pago en efectivo → Pagada20/11/26, 3:30 p. m. · Fabio Ríos (financiero)',
      'Pagada → Activada20/11/26, 3:30 p. m. · Fabio Ríos (financiero)Motivo: Licencias otorgadas: 31',
    ]);
  });

  it('shows a gateway confirmation with its reference, transaction and code, and says what the order lacks', async () => {
    show(rejectedOnline);
    const payments = await screen.findByTestId('order-payments');
    expect(within(payments).getByText('Pago en línea · EPAYCO')).toBeInTheDocument();
    expect(within(payments).getByText('Rechazado')).toBeInTheDocument();
    expect(within(payments).getByText('REF-123')).toBeInTheDocument();
    expect(within(payments).getByText('TX-9')).toBeInTheDocument();
    expect(within(payments).getByText('2')).toBeInTheDocument();
    expect(screen.getByText('La orden no tiene soportes adjuntos.')).toBeInTheDocument();
    expect(screen.getByText('La orden no ha otorgado licencias.')).toBeInTheDocument();
    expect(within(screen.getByTestId('order-history')).getByText('Registrada → Rechazada')).toBeInTheDocument();
  });
});
