import type { components } from '@licencias/common/schema';
import { checkUpload, uploadNameOrSizeProblem } from '@licencias/common/rules';
import { publicApi } from '../../api/client';
import { ApiError, call, toApiError } from '../../api/errors';

export type SummaryOrder = components['schemas']['SummaryOrder'];
export type SupportType = components['schemas']['SupportType'];
export type UploadedSupport = components['schemas']['UploadedPaymentSupport'];
type UploadRequest = components['schemas']['UploadPaymentSupportRequest'];

const UPLOAD_PATH = '/license/api/purchaseorderlicense/uploadPaymentSupport';

/** The page's texts (store §2 purchase summary, §8 proof attached / failed). */
export const SUMMARY_TEXTS = {
  title: 'Resumen de compra',
  missing: '¡Orden de compra vacía o no existe!',
  attachProof: 'Adjuntar Comprobante',
  attachRut: 'Adjuntar RUT',
  attachedTitle: '¡Se ha adjuntado el comprobante!',
  attachedText: 'Debes esperar a que sea validado y aprobado; se te notificará al correo electrónico.',
  failedTitle: '¡Lo sentimos!',
  failedText: 'No se ha podido cargar el comprobante de pago. Por favor intente nuevamente.',
  notAwaiting: 'Esta orden de compra no está esperando comprobantes de pago.',
} as const;

/** Where each kind's stored name is read in the summary. */
export const SUPPORT_KINDS: readonly { type: SupportType; label: string; name: (s: SummaryOrder) => string | null; title: string }[] = [
  { type: 'PAYMENT_SUPPORT', label: SUMMARY_TEXTS.attachProof, name: (s) => s.fileNamePaymentSupport, title: 'Comprobante de pago' },
  { type: 'RUT', label: SUMMARY_TEXTS.attachRut, name: (s) => s.fileNamePaymentRUT, title: 'RUT' },
];

/** What the page calls: replaced in tests. */
export interface SummaryServices {
  /** The summary, or undefined when the order does not exist (404). */
  load(referenceUuid: string, appName: string): Promise<SummaryOrder | undefined>;
  upload(body: UploadRequest, onProgress: (percent: number) => void): Promise<UploadedSupport>;
}

/** getsummaryorder (store §7): a 404 is the '¡Orden de compra vacía o no existe!' view, other errors throw. */
async function load(referenceUuid: string, appName: string): Promise<SummaryOrder | undefined> {
  try {
    const answer = await call(
      publicApi.GET('/license/api/purchaseorderlicense/getsummaryorder', { params: { header: { pReferenceUuid: referenceUuid, pAppName: appName } } }),
    );
    return answer.result.summaryOrder;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return undefined;
    throw error;
  }
}

/**
 * uploadPaymentSupport with the upload's progress (fetch cannot report it, XMLHttpRequest can).
 * A refusal carries the server's message; anything else the spec's failure text.
 */
function upload(body: UploadRequest, onProgress: (percent: number) => void): Promise<UploadedSupport> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_PATH);
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let answer: unknown;
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {
        answer = undefined;
      }
      if (xhr.status === 200) {
        onProgress(100);
        resolve((answer as { result: UploadedSupport }).result);
      } else reject(toApiError(xhr.status, answer, SUMMARY_TEXTS.failedText));
    };
    xhr.onerror = () => reject(toApiError(0, undefined));
    xhr.send(JSON.stringify(body));
  });
}

export const summaryServices: SummaryServices = { load, upload };

/** A chosen file ready to send, or the rule it breaks (store §5 upload: name, size, and the bytes against the extension). */
export async function readChosenFile(file: File): Promise<{ fileName: string; base64: string } | { problem: string }> {
  // Name and size first, so a file too large is never read.
  const early = uploadNameOrSizeProblem(file.name, file.size);
  if (early) return { problem: early };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const checked = checkUpload(file.name, bytes);
  if ('problem' in checked) return checked;
  return { fileName: file.name, base64: toBase64(bytes) };
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** '< Volver' (store §2): the landing page for colnomina, firmaya and {product} (a configurable brand), otherwise the store. */
export function backTarget(brand: { appName: string; configurable: boolean }, landingUrl: string | undefined): string {
  const landing = brand.configurable || ['colnomina', 'firmaya'].includes(brand.appName.toLowerCase());
  return landing && landingUrl?.trim() ? landingUrl.trim() : '/';
}
