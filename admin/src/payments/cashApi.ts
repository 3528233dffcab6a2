import type { components } from '@licencias/common/schema';
import { authFetch } from '../api';
import { networkError, toHttpError } from '../httpErrors';

export type CashPayment = components['schemas']['CashPurchase'];
export type CashState = components['schemas']['CashPaymentState'];
export type SupportType = 'PAYMENT_SUPPORT' | 'RUT';
export interface RejectType {
  id: number;
  rejectTypeDescription: string;
}

/** Store §8: the approve or reject failure shows the server's message, else 'Error de servidor'. */
export const SERVER_ERROR = 'Error de servidor';

async function call(path: string, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    response = await authFetch(path, {
      ...init,
      headers: { Accept: 'application/json', ...(init.body ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
    });
  } catch (error) {
    throw networkError(error);
  }
  if (!response.ok) throw toHttpError(response.status, await response.json().catch(() => undefined));
  return response;
}

export async function approvePayment(id: number): Promise<CashPayment> {
  return (await call(`/api/v1/payments/${id}/approve`, { method: 'POST' })).json() as Promise<CashPayment>;
}

export async function rejectPayment(id: number, rejectTypeId: number): Promise<CashPayment> {
  return (await call(`/api/v1/payments/${id}/reject`, { method: 'POST', body: JSON.stringify({ rejectTypeId }) })).json() as Promise<CashPayment>;
}

export async function rejectTypes(): Promise<RejectType[]> {
  const body = (await (await call('/license/api/parameter/GetAllRejectTypes')).json()) as { result: { records: RejectType[] } };
  return body.result.records;
}

/** The proof or RUT of an order (getpaymentsupport), as a file the browser can open. */
export async function supportFile(referenceUuid: string, supportType: SupportType): Promise<{ blob: Blob; fileName: string }> {
  const response = await call('/license/api/purchaseorderlicense/getpaymentsupport', { headers: { ReferenceUuid: referenceUuid, SupportType: supportType } });
  const body = (await response.json()) as { result: { resultUploadSupport: { fileName: string; contentType: string; base64: string } } };
  const file = body.result.resultUploadSupport;
  const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
  return { blob: new Blob([bytes], { type: file.contentType }), fileName: file.fileName };
}

/** A tab as the server's .xlsx. */
export async function exportPayments(state: CashState, q: string | undefined): Promise<{ blob: Blob; fileName: string }> {
  const query = new URLSearchParams({ state, ...(q ? { q } : {}) });
  const response = await call(`/api/v1/payments/export?${query}`, {
    headers: { Accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, application/json' },
  });
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'pagos-en-efectivo.xlsx';
  return { blob: await response.blob(), fileName };
}
