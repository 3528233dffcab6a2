/**
 * The package summary's rich text: exactly what the back office's summary editor produces
 * (tiptap's StarterKit without links, code blocks, quotes and rules; see the admin's
 * `SummaryInput`): paragraphs, the six heading levels of its level menu, bold, italic,
 * underline, strike and inline code, both lists and hard breaks. The server's sanitizer
 * (sanitize-html) and the storefront's (DOMPurify) keep this list and nothing else.
 */
export const SUMMARY_TAGS = ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'em', 'u', 's', 'code', 'ul', 'ol', 'li', 'br'] as const;

/**
 * The only attributes, with the values they may hold: an ordered list's `start` (typing "3. "
 * starts a list at 3) and its numbering `type` (kept from pasted lists).
 */
export const SUMMARY_ATTRIBUTES: Readonly<Record<string, Readonly<Record<string, RegExp>>>> = {
  ol: { start: /^\d{1,6}$/, type: /^[1aAiI]$/ },
};

/** Older clients' synonyms, renamed the way the editor itself reads them. */
export const SUMMARY_TAG_SYNONYMS: Readonly<Record<string, (typeof SUMMARY_TAGS)[number]>> = { b: 'strong', i: 'em', strike: 's', del: 's' };

/** Characters of text (not markup) a summary may have. */
export const SUMMARY_MAX_TEXT = 250;

/** Whether `value` may stay as attribute `name` of `tag` in a summary. */
export function summaryAttributeAllowed(tag: string, name: string, value: string): boolean {
  const rule = Object.hasOwn(SUMMARY_ATTRIBUTES, tag) ? SUMMARY_ATTRIBUTES[tag] : undefined;
  const pattern = rule && Object.hasOwn(rule, name) ? rule[name] : undefined;
  return pattern !== undefined && pattern.test(value);
}
