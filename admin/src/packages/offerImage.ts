import { checkUpload, UPLOAD_TYPE_MESSAGE, uploadNameOrSizeProblem } from '@licencias/common/rules';

// Reading the offer image of the package dialog; the rules are the server's (@licencias/common).

/** A file chosen and checked, ready to send (`image` of the package payload). */
export interface OfferImage {
  fileName: string;
  contentType: string;
  /** Plain base64, without a data: prefix. */
  contentBase64: string;
  /** A data: URL for the preview. */
  previewUrl: string;
  size: number;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

/**
 * Reads a chosen file with progress (0 to 100) and checks it like the server: jpg, jpeg, png,
 * gif or pdf by name and by content (they must agree), 2 MB at most. Rejects with the Spanish
 * message of the rule it breaks.
 */
export function readOfferImage(file: File, onProgress: (percent: number) => void): Promise<OfferImage> {
  const problem = uploadNameOrSizeProblem(file.name, file.size);
  if (problem) return Promise.reject(new Error(problem));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    reader.onerror = () => reject(new Error(UPLOAD_TYPE_MESSAGE));
    reader.onload = () => {
      const bytes = new Uint8Array(reader.result as ArrayBuffer);
      const checked = checkUpload(file.name, bytes);
      if ('problem' in checked) {
        reject(new Error(checked.problem));
        return;
      }
      const contentBase64 = toBase64(bytes);
      onProgress(100);
      resolve({
        fileName: file.name,
        contentType: checked.contentType,
        contentBase64,
        previewUrl: `data:${checked.contentType};base64,${contentBase64}`,
        size: file.size,
      });
    };
    reader.readAsArrayBuffer(file);
  });
}
