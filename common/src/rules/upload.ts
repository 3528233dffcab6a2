/** Rules of uploaded files (offer images, payment proofs, RUT), shared by the server and the screens. */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
export const MAX_UPLOAD_NAME_LENGTH = 200;
export const UPLOAD_SIZE_MESSAGE = 'El tamaño del archivo supera el máximo permitido (2MB).';
export const UPLOAD_TYPE_MESSAGE = 'Debe cargar un archivo válido (.jpg, .jpeg, .png, .pdf).';
export const UPLOAD_NAME_MESSAGE = 'El nombre del archivo seleccionado no es válido.';
export const UPLOAD_ACCEPT = '.jpg,.jpeg,.png,.gif,.pdf,image/jpeg,image/png,image/gif,application/pdf';

const TYPE_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

/**
 * What a stored file name may not hold: control characters (C0, DEL, C1), bidirectional
 * controls (U+061C, U+200E/F, U+202A-202E, U+2066-2069: they make "oferta\u202Egpj.exe" read as
 * "ofertaexe.jpg") and markup characters (< > " ' ` &).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069<>"'`&]/g;

/** A file name as stored: its last path segment, without unsafe characters, trimmed. */
export function cleanFileName(fileName: string): string {
  return (fileName.split(/[\\/]/).pop() ?? '').replace(UNSAFE_NAME_CHARACTERS, '').trim();
}

/** The content type a file name claims (by its extension), if it is an accepted one. */
export function declaredContentType(fileName: string): string | undefined {
  return TYPE_BY_EXTENSION[/\.([A-Za-z0-9]+)$/.exec(fileName.trim())?.[1]?.toLowerCase() ?? ''];
}

/** The type the bytes really are (their signature), whatever the name says. */
export function sniffContentType(bytes: Uint8Array): string | undefined {
  const starts = (...signature: number[]) => signature.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  return undefined;
}

/** The checks that need no reading: name and size. The Spanish message of the broken rule, or undefined. */
export function uploadNameOrSizeProblem(fileName: string, size: number): string | undefined {
  if (!fileName.trim() || fileName.length > MAX_UPLOAD_NAME_LENGTH) return UPLOAD_NAME_MESSAGE;
  if (!declaredContentType(fileName)) return UPLOAD_TYPE_MESSAGE;
  if (size > MAX_UPLOAD_BYTES) return UPLOAD_SIZE_MESSAGE;
  return undefined;
}

/**
 * Checks a whole file: jpg, jpeg, png, gif or pdf by name and by content (the two must agree),
 * 2 MB at most, a name of 200 characters at most. Returns the content type or the message.
 */
export function checkUpload(fileName: string, bytes: Uint8Array): { contentType: string } | { problem: string } {
  const problem = uploadNameOrSizeProblem(fileName, bytes.length);
  if (problem) return { problem };
  const declared = declaredContentType(fileName)!;
  return sniffContentType(bytes) === declared ? { contentType: declared } : { problem: UPLOAD_TYPE_MESSAGE };
}
