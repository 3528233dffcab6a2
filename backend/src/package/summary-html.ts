/** Formatting the package summary may keep; everything else (scripts, links, styles) is dropped. */
const ALLOWED_TAGS = new Set(['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'span', 'div', 'h1', 'h2', 'h3', 'h4', 'sub', 'sup']);
const TAG = /<\/?([A-Za-z][A-Za-z0-9]*)\b[^>]*>|<!--[\s\S]*?-->/g;

export const SUMMARY_MAX_TEXT = 250;

const escapeText = (text: string) => text.replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Keeps only attribute-less basic formatting tags of the rich summary, so the storefront can
 * render it as HTML safely; stray angle brackets become entities.
 */
export function sanitizeSummaryHtml(html: string): string {
  let out = '';
  let last = 0;
  for (const match of html.matchAll(TAG)) {
    out += escapeText(html.slice(last, match.index));
    last = match.index + match[0].length;
    const name = match[1]?.toLowerCase();
    if (!name || !ALLOWED_TAGS.has(name)) continue;
    const closing = match[0].startsWith('</');
    out += name === 'br' ? '<br>' : `<${closing ? '/' : ''}${name}>`;
  }
  return out + escapeText(html.slice(last));
}

/** The characters a reader sees: tags removed and the common entities counted as one. */
export function summaryTextLength(html: string): number {
  return html
    .replace(TAG, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, '_')
    .trim().length;
}
