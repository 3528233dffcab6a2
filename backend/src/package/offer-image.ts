import { createHash } from 'node:crypto';
import { checkUpload, cleanFileName, UPLOAD_TYPE_MESSAGE, uploadNameOrSizeProblem } from '@licencias/common/rules';
import type { RuleViolations } from '../errors/rule-violations.js';

/** A checked upload, ready to store. */
export interface OfferImageFile {
  fileName: string;
  contentType: string;
  content: Buffer;
  sha256: string;
}

/**
 * Checks an offer image upload: jpg, jpeg, png, gif or pdf by name and by content (the two must
 * agree), 2 MB at most (rules shared with the screens in @licencias/common). A refused file is added to `violations` under `field`.
 * The name is kept cleaned (`cleanFileName`).
 */
export function readOfferImage(upload: { fileName: string; contentBase64: string }, violations: RuleViolations, field = 'image'): OfferImageFile | undefined {
  const refuse = (message: string) => {
    violations.add(field, message);
    return undefined;
  };
  // Stored without control, bidirectional and markup characters (it names the PDF download).
  const fileName = cleanFileName(upload.fileName);
  const base64 = upload.contentBase64.replace(/^data:[^;,]*;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return refuse(UPLOAD_TYPE_MESSAGE);
  // Refuse by the encoded length first, so an oversized upload is never decoded.
  const size = Math.floor((base64.length * 3) / 4) - (base64.match(/=+$/)?.[0].length ?? 0);
  const early = uploadNameOrSizeProblem(fileName, size);
  if (early) return refuse(early);
  const content = Buffer.from(base64, 'base64');
  const checked = checkUpload(fileName, content);
  if ('problem' in checked) return refuse(checked.problem);
  const declared = checked.contentType;
  return { fileName, contentType: declared, content, sha256: createHash('sha256').update(content).digest('hex') };
}
