/**
 * Headers of files the API answers (offer images and PDFs, brand SVGs). `sandbox` makes a file
 * opened on its own address a document of a unique origin with no scripts, forms or plugins, so
 * an SVG or PDF cannot act with the application's origin; `nosniff` comes from Helmet.
 */
export const FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * A Content-Disposition naming `fileName`: an ASCII fallback (`"` `\` and what is not printable
 * ASCII become `_`) and the exact name per RFC 5987, so no name can break the header.
 */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
