import { createHash } from 'node:crypto';
import { checkUpload, cleanFileName, UPLOAD_TYPE_MESSAGE, uploadNameOrSizeProblem } from '@licencias/common/rules';

/** A checked upload, ready to store. */
export interface UploadedFile {
  fileName: string;
  contentType: string;
  content: Buffer;
  sha256: string;
}

/**
 * Reads a file sent as base64 (a `data:` URL prefix is accepted) and checks it with the rules
 * shared with the screens (@licencias/common/rules/upload): jpg, jpeg, png, gif or pdf by name
 * and by content (its signature; the two must agree), 2 MB at most, a name of 200 characters at
 * most. The name is kept cleaned (`cleanFileName`). Answers the file or the Spanish message.
 */
export function readUploadedFile(fileName: string, contentBase64: string): { file: UploadedFile } | { problem: string } {
  // Stored without control, bidirectional and markup characters (it names the download).
  const name = cleanFileName(fileName);
  const base64 = contentBase64.replace(/^data:[^;,]*;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return { problem: UPLOAD_TYPE_MESSAGE };
  // Refuse by the encoded length first, so an oversized upload is never decoded.
  const size = Math.floor((base64.length * 3) / 4) - (base64.match(/=+$/)?.[0].length ?? 0);
  const early = uploadNameOrSizeProblem(name, size);
  if (early) return { problem: early };
  const content = Buffer.from(base64, 'base64');
  const checked = checkUpload(name, content);
  if ('problem' in checked) return checked;
  return { file: { fileName: name, contentType: checked.contentType, content, sha256: createHash('sha256').update(content).digest('hex') } };
}
