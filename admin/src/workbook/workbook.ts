import { usePermissions } from 'react-admin';
import { OPERATION_PRIVILEGES, type OperationId } from '@licencias/common/privileges';
import { authFetch } from '../api';
import { networkError, toHttpError } from '../httpErrors';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file name the server gives (Content-Disposition), or a plain one. */
export function fileNameOf(disposition: string | null, fallback = 'detalle-de-consumo.xlsx'): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * An .xlsx the server streams without a length (`url` of the session's API), so progress is the
 * bytes received so far. Failures are HttpErrors with the server's Spanish message.
 */
export async function fetchWorkbook(
  url: string,
  onProgress: (bytes: number) => void,
  signal?: AbortSignal,
  fallbackName?: string,
): Promise<{ blob: Blob; fileName: string }> {
  let response: Response;
  try {
    response = await authFetch(url, { headers: { Accept: `${XLSX_TYPE}, application/json` }, signal });
  } catch (error) {
    throw networkError(error);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw toHttpError(response.status, body);
  }
  const chunks: BlobPart[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress(received);
    }
  } else {
    chunks.push(await response.blob());
  }
  return { blob: new Blob(chunks, { type: XLSX_TYPE }), fileName: fileNameOf(response.headers.get('Content-Disposition'), fallbackName) };
}

/** Hands a file to the browser's downloads. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** May the user call this export (the contract's x-privileges: LICENSE_FULL_ACCESS or DASHBOARD_EXPORTEXCEL, §6)? */
export function useMayExport(operation: OperationId): boolean {
  const { permissions } = usePermissions<string[]>();
  const required: readonly string[] = OPERATION_PRIVILEGES[operation];
  return (permissions ?? []).some((p) => required.includes(p));
}
