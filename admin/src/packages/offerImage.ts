/** The offer image rules of the package dialog, the same as the server's (backend offer-image.ts). */
export const MAX_OFFER_IMAGE_BYTES = 2 * 1024 * 1024;
export const OFFER_IMAGE_SIZE_MESSAGE = 'El tamaño del archivo supera el máximo permitido (2MB).';
export const OFFER_IMAGE_TYPE_MESSAGE = 'Debe cargar un archivo valido (.jpg, .jpeg, png, pdf).';
export const OFFER_IMAGE_ACCEPT = '.jpg,.jpeg,.png,.gif,.pdf,image/jpeg,image/png,image/gif,application/pdf';

const TYPE_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

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

/** The type the bytes really are (their signature), whatever the name says. */
function sniff(bytes: Uint8Array): string | undefined {
  const starts = (...signature: number[]) => signature.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  return undefined;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

/** The checks that need no reading: the name's extension and the size. A message, or undefined. */
export function offerImageProblem(file: File): string | undefined {
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!TYPE_BY_EXTENSION[extension]) return OFFER_IMAGE_TYPE_MESSAGE;
  if (file.size > MAX_OFFER_IMAGE_BYTES) return OFFER_IMAGE_SIZE_MESSAGE;
  return undefined;
}

/**
 * Reads a chosen file with progress (0 to 100) and checks it like the server: jpg, jpeg, png,
 * gif or pdf by name and by content (they must agree), 2 MB at most. Rejects with the Spanish
 * message of the rule it breaks.
 */
export function readOfferImage(file: File, onProgress: (percent: number) => void): Promise<OfferImage> {
  const problem = offerImageProblem(file);
  if (problem) return Promise.reject(new Error(problem));
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const declared = TYPE_BY_EXTENSION[extension];
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    reader.onerror = () => reject(new Error(OFFER_IMAGE_TYPE_MESSAGE));
    reader.onload = () => {
      const bytes = new Uint8Array(reader.result as ArrayBuffer);
      if (sniff(bytes) !== declared) {
        reject(new Error(OFFER_IMAGE_TYPE_MESSAGE));
        return;
      }
      const contentBase64 = toBase64(bytes);
      onProgress(100);
      resolve({ fileName: file.name, contentType: declared, contentBase64, previewUrl: `data:${declared};base64,${contentBase64}`, size: file.size });
    };
    reader.readAsArrayBuffer(file);
  });
}
