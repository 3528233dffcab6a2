import { createHash } from 'node:crypto';
import type { RuleViolations } from '../errors/rule-violations.js';

export const MAX_OFFER_IMAGE_BYTES = 2 * 1024 * 1024;
export const OFFER_IMAGE_SIZE_MESSAGE = 'El tamaño del archivo supera el máximo permitido (2MB).';
export const OFFER_IMAGE_TYPE_MESSAGE = 'Debe cargar un archivo valido (.jpg, .jpeg, png, pdf).';

const TYPE_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

/** A checked upload, ready to store. */
export interface OfferImageFile {
  fileName: string;
  contentType: string;
  content: Buffer;
  sha256: string;
}

/** The type the bytes really are (their signature), whatever the name says. */
export function sniffContentType(content: Buffer): string | undefined {
  const starts = (...bytes: number[]) => bytes.every((b, i) => content[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (content.subarray(0, 6).toString('latin1') === 'GIF87a' || content.subarray(0, 6).toString('latin1') === 'GIF89a') return 'image/gif';
  if (content.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return undefined;
}

/**
 * Checks an offer image upload: jpg, jpeg, png, gif or pdf by name and by content (the two must
 * agree), 2 MB at most. A refused file is added to `violations` under `field`.
 */
export function readOfferImage(upload: { fileName: string; contentBase64: string }, violations: RuleViolations, field = 'image'): OfferImageFile | undefined {
  const refuse = (message: string) => {
    violations.add(field, message);
    return undefined;
  };
  const fileName = upload.fileName.trim().split(/[\\/]/).pop() ?? '';
  const declared = TYPE_BY_EXTENSION[/\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? ''];
  if (!declared) return refuse(OFFER_IMAGE_TYPE_MESSAGE);
  const base64 = upload.contentBase64.replace(/^data:[^;,]*;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return refuse(OFFER_IMAGE_TYPE_MESSAGE);
  // Refuse by the encoded length first, so an oversized upload is never decoded.
  if (Math.floor((base64.length * 3) / 4) - (base64.match(/=+$/)?.[0].length ?? 0) > MAX_OFFER_IMAGE_BYTES) return refuse(OFFER_IMAGE_SIZE_MESSAGE);
  const content = Buffer.from(base64, 'base64');
  if (sniffContentType(content) !== declared) return refuse(OFFER_IMAGE_TYPE_MESSAGE);
  return { fileName, contentType: declared, content, sha256: createHash('sha256').update(content).digest('hex') };
}
