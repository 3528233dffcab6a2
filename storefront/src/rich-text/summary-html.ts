import { SUMMARY_ATTRIBUTES, SUMMARY_TAGS, summaryAttributeAllowed } from '@licencias/common/rich-text';
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

const ATTRIBUTE_NAMES = [...new Set(Object.values(SUMMARY_ATTRIBUTES).flatMap((names) => Object.keys(names)))];
let purifier: Purifier | undefined;

/** Its own DOMPurify instance, so the per-tag attribute hook applies to summaries only. */
function summaryPurifier(): Purifier {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.setConfig({
    ALLOWED_TAGS: [...SUMMARY_TAGS],
    ALLOWED_ATTR: ATTRIBUTE_NAMES,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    // No attribute may hold a URL; the list's own attributes are checked value by value below.
    ALLOWED_URI_REGEXP: /^$/,
    ADD_URI_SAFE_ATTR: ATTRIBUTE_NAMES,
    KEEP_CONTENT: true,
  });
  purifier.addHook('uponSanitizeAttribute', (node, data) => {
    if (!summaryAttributeAllowed(node.nodeName.toLowerCase(), data.attrName, data.attrValue)) data.keepAttr = false;
  });
  return purifier;
}

/**
 * A package summary ready for `innerHTML`: the server already stores it cleaned, and the browser
 * cleans it again with the same allow-list (`@licencias/common/rich-text`), so a summary that
 * reached the database any other way still cannot run anything here.
 */
export function sanitizeSummary(html: string | null | undefined): string {
  return html ? summaryPurifier().sanitize(html) : '';
}
