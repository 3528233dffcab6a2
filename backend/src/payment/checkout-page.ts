import { formatMoney } from '@licencias/common/format';
import { Decimal } from 'decimal.js';
import type { CheckoutView } from './payment.types.js';

/** Where the sandbox page posts the buyer's choice. */
export const SANDBOX_DECISION_PATH = '/api/v1/payments/sandbox/decision';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The order the buyer is paying: reference, items and total (both hosted pages show it). */
function orderSummary(view: CheckoutView): string {
  const rows = view.lines
    .map((l) => `<tr><td>${escapeHtml(l.packageName)}</td><td class="num">${l.quantity}</td><td class="num">${escapeHtml(formatMoney(l.total))}</td></tr>`)
    .join('');
  // A company that withholds pays the lines less its withholdings: the difference is shown, not left to guess.
  const withholdings = new Decimal(view.withholdings).gt(0)
    ? `<tr class="withholding"><td colspan="2">Retenciones</td><td class="num">−${escapeHtml(formatMoney(view.withholdings))}</td></tr>`
    : '';
  return `<dl>
  <dt>Referencia de pago</dt><dd data-testid="full-reference">${escapeHtml(view.fullReference)}</dd>
  <dt>Orden de compra</dt><dd class="uuid">${escapeHtml(view.referenceUuid)}</dd>
  <dt>Documento</dt><dd>${escapeHtml(view.docType)} ${escapeHtml(view.docNumber)}</dd>
</dl>
<table>
  <thead><tr><th>Producto</th><th class="num">Cantidad</th><th class="num">Subtotal</th></tr></thead>
  <tbody>${rows}</tbody>
  <tfoot>${withholdings}<tr><th colspan="2">Total a pagar</th><th class="num" data-testid="total">${escapeHtml(formatMoney(view.total))}</th></tr></tfoot>
</table>`;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;background:#eef2f6}
main{max-width:640px;margin:40px auto;padding:0 16px}
.card{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(15,23,42,.08);padding:28px}
.badge{display:inline-block;background:#fff4d6;color:#7a4b00;border-radius:999px;padding:2px 12px;font-size:13px;font-weight:600}
h1{font-size:24px;margin:12px 0 4px}
p.note{margin:0 0 20px;color:#52606d}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0 0 20px}
dt{color:#52606d}dd{margin:0;font-weight:600;overflow-wrap:anywhere}
dd.uuid{font-weight:400;font-family:ui-monospace,monospace;font-size:13px}
table{width:100%;border-collapse:collapse;margin-bottom:24px}
th,td{text-align:left;padding:8px 4px;border-bottom:1px solid #e4e7eb;vertical-align:top}
.num{text-align:right;white-space:nowrap}
tfoot th{border-bottom:0;font-size:18px}
tr.withholding td{color:#52606d}
.actions{display:flex;gap:12px;flex-wrap:wrap}
button{flex:1 1 150px;white-space:nowrap;min-height:48px;border:0;border-radius:8px;font:600 16px system-ui,sans-serif;cursor:pointer;padding:10px 16px}
button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.approve{background:#15803d;color:#fff}.decline{background:#b91c1c;color:#fff}.pending{background:#e4e7eb;color:#1f2933}
@media (max-width:480px){main{margin:16px auto}.card{padding:20px}h1{font-size:21px}}
`;

/** The frame of every hosted page: no script of its own, so it works under the application's CSP. */
const hostedPage = (title: string, card: string, style = STYLE) => `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>${style}</style>
</head>
<body>
<main>
<div class="card">
${card}
</div>
</main>
</body>
</html>`;

/** The test gateways' three choices, posted to `action` with the given hidden fields. */
const decisionForm = (action: string, hidden: Record<string, string>) => `<form method="post" action="${action}">
${Object.entries(hidden)
  .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
  .join('')}
<div class="actions">
<button class="approve" type="submit" name="decision" value="APPROVE">Aprobar pago</button>
<button class="decline" type="submit" name="decision" value="DECLINE">Rechazar pago</button>
<button class="pending" type="submit" name="decision" value="PENDING">Dejar pendiente</button>
</div>
</form>`;

/**
 * The sandbox gateway's hosted checkout (the default, so payment works offline): the order and
 * three choices. The choice is posted back to this application, which confirms the payment to
 * itself as ePayco would (same fields, same signature) and sends the browser to the status page.
 * No script: the page works under the application's CSP.
 */
export function sandboxCheckoutPage(view: CheckoutView): string {
  return hostedPage(
    'Pasarela de pagos de prueba',
    `<span class="badge">Pasarela de pruebas</span>
<h1>Pago en línea</h1>
<p class="note">Ningún cobro es real: elige el resultado del pago.</p>
${orderSummary(view)}
${decisionForm(SANDBOX_DECISION_PATH, { paymentId: view.referenceUuid, signToken: view.signToken, docType: view.docType, docNumber: view.docNumber })}`,
  );
}

/** ePayco's hosts: its checkout script, the frames and forms it opens. */
const EPAYCO_HOSTS = 'https://checkout.epayco.co https://*.epayco.co https://*.epayco.com https://secure.payco.co';

/** The CSP of the ePayco page: the application's, plus ePayco's checkout script, frames and forms. */
export const EPAYCO_PAGE_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  `script-src 'self' ${EPAYCO_HOSTS}`,
  "style-src 'self' 'unsafe-inline' https:",
  "img-src 'self' data: https:",
  "font-src 'self' data: https:",
  `connect-src 'self' ${EPAYCO_HOSTS}`,
  'frame-src https:',
  "object-src 'none'",
  `form-action 'self' ${EPAYCO_HOSTS}`,
  "frame-ancestors 'self'",
].join('; ');

/**
 * ePayco's standard checkout: its button script with the order's data. ePayco posts the signed
 * confirmation to `confirmationUrl` (x_id_invoice = the referenceUuid) and sends the buyer to
 * `statusUrl`, which only reads the order's state (the return itself is never trusted).
 */
export function epaycoCheckoutPage(view: CheckoutView, publicKey: string, test: boolean): string {
  const data: Record<string, string> = {
    key: publicKey,
    amount: view.total,
    name: `Orden de compra ${view.fullReference}`,
    description: view.lines.map((l) => `${l.packageName} x${l.quantity}`).join(', '),
    currency: 'cop',
    country: 'co',
    lang: 'es',
    test: String(test),
    external: 'true',
    invoice: view.referenceUuid,
    response: view.statusUrl,
    confirmation: view.confirmationUrl,
    'type-doc-billing': view.docType,
    'number-doc-billing': view.docNumber,
  };
  const attributes = Object.entries(data)
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `data-epayco-${name}="${escapeHtml(value)}"`)
    .join(' ');
  return hostedPage(
    'Pago en línea',
    `<h1>Pago en línea</h1>
<p class="note">Paga con ePayco: el resultado se confirma directamente con la tienda.</p>
${orderSummary(view)}
<form><script src="https://checkout.epayco.co/checkout.js" class="epayco-button" ${attributes}></script></form>`,
  );
}

/** Where the PagueATiempo emulator's page posts the buyer's choice (and is opened at). */
export const PAGUEATIEMPO_EMULATOR_PAGE_PATH = '/api/v1/payments/sandbox/pagueatiempo/checkout';

/** The form PagueATiempo's emulator received, as its page shows it. */
export interface EmulatorPageView {
  fullReference: string;
  service: string;
  total: string;
  products: { reference: string; quantity: number; unitPrice: string }[];
  /** The signed form, echoed in the choice. */
  session: string;
}

/**
 * The page of the built-in PagueATiempo emulator (outside production): the sandbox's look, the
 * form's reference, products and total, and the same three choices. No script.
 */
export function pagueatiempoEmulatorPage(view: EmulatorPageView): string {
  const rows = view.products
    .map((p) => `<tr><td>${escapeHtml(p.reference)}</td><td class="num">${p.quantity}</td><td class="num">${escapeHtml(formatMoney(p.unitPrice))}</td></tr>`)
    .join('');
  return hostedPage(
    'PagueATiempo de prueba',
    `<span class="badge">Emulador de PagueATiempo</span>
<h1>Pago en línea</h1>
<p class="note">Ningún cobro es real: elige el resultado del pago.</p>
<dl>
  <dt>Referencia de pago</dt><dd data-testid="full-reference">${escapeHtml(view.fullReference)}</dd>
  <dt>Servicio</dt><dd>${escapeHtml(view.service)}</dd>
</dl>
<table>
  <thead><tr><th>Producto</th><th class="num">Cantidad</th><th class="num">Valor unitario</th></tr></thead>
  <tbody>${rows}</tbody>
  <tfoot><tr><th colspan="2">Total a pagar</th><th class="num" data-testid="total">${escapeHtml(formatMoney(view.total))}</th></tr></tfoot>
</table>
${decisionForm(PAGUEATIEMPO_EMULATOR_PAGE_PATH, { session: view.session })}`,
  );
}

/**
 * What the buyer sees when PagueATiempo could not give a payment page (502, 503): the order is
 * still registered, so trying again (the same link) or reading its status loses nothing.
 */
export function providerFailurePage(message: string, retryUrl: string, statusUrl: string): string {
  return hostedPage(
    'Pago en línea',
    `<h1>Pago en línea</h1>
<p class="note" role="alert">${escapeHtml(message)}</p>
<div class="actions">
<a class="button approve" href="${escapeHtml(retryUrl)}">Intentar de nuevo</a>
<a class="button pending" href="${escapeHtml(statusUrl)}">Ver el estado de la orden</a>
</div>`,
    `${STYLE}
a.button{display:inline-flex;align-items:center;justify-content:center;flex:1 1 150px;white-space:nowrap;text-align:center;min-height:48px;border-radius:8px;font:600 16px system-ui,sans-serif;text-decoration:none;padding:10px 16px}
a.button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
`,
  );
}
