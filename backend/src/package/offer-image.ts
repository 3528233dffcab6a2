import type { RuleViolations } from '../errors/rule-violations.js';
import { readUploadedFile, type UploadedFile } from '../web/uploaded-file.js';

/** A checked upload, ready to store. */
export type OfferImageFile = UploadedFile;

/**
 * Checks an offer image upload with the shared upload rules (`readUploadedFile`). A refused file
 * is added to `violations` under `field`.
 */
export function readOfferImage(upload: { fileName: string; contentBase64: string }, violations: RuleViolations, field = 'image'): OfferImageFile | undefined {
  const read = readUploadedFile(upload.fileName, upload.contentBase64);
  if ('problem' in read) {
    violations.add(field, read.problem);
    return undefined;
  }
  return read.file;
}
