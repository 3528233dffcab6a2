import { SUMMARY_ATTRIBUTES, SUMMARY_MAX_TEXT, SUMMARY_TAG_SYNONYMS, SUMMARY_TAGS, summaryAttributeAllowed } from '@licencias/common/rich-text';
import type SanitizeHtml from 'sanitize-html';

export { SUMMARY_MAX_TEXT };

const optionsFor = (sanitizeHtml: typeof SanitizeHtml): SanitizeHtml.IOptions => {
  // Older clients' synonyms become the editor's tags, keeping only attributes the allow-list accepts.
  const renames = Object.fromEntries(Object.entries(SUMMARY_TAG_SYNONYMS).map(([from, to]) => [from, sanitizeHtml.simpleTransform(to, {}, false)]));
  return {
    allowedTags: [...SUMMARY_TAGS],
    allowedAttributes: Object.fromEntries(Object.entries(SUMMARY_ATTRIBUTES).map(([tag, attributes]) => [tag, Object.keys(attributes)])),
    // No URLs are allowed anywhere; an empty scheme list makes sure none could slip in.
    allowedSchemes: [],
    allowedSchemesAppliedToAttributes: [],
    allowProtocolRelative: false,
    allowVulnerableTags: false,
    // Tags outside the list vanish but keep their text, except script-like ones (their content too).
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'title', 'iframe', 'noembed', 'noframes', 'xmp', 'svg', 'math', 'object'],
    transformTags: {
      ...renames,
      ...Object.fromEntries(
        Object.keys(SUMMARY_ATTRIBUTES).map((tag) => [
          tag,
          (tagName: string, attribs: SanitizeHtml.Attributes) => ({
            tagName,
            attribs: Object.fromEntries(Object.entries(attribs).filter(([name, value]) => summaryAttributeAllowed(tag, name, value))),
          }),
        ]),
      ),
    },
    parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
  };
};

// sanitize-html brings htmlparser2, postcss and their tables (~0.6 MB of source): it is loaded
// with the first summary written, not at every start (idle memory, docs/benchmarks.md).
let sanitizer: Promise<(html: string) => string> | undefined;
const loadSanitizer = () =>
  (sanitizer ??= import('sanitize-html').then(({ default: sanitizeHtml }) => {
    const options = optionsFor(sanitizeHtml);
    return (html: string) => sanitizeHtml(html, options);
  }));

/**
 * Keeps only the markup the package dialog's editor produces (`@licencias/common/rich-text`),
 * through sanitize-html, so the storefront can render the summary as HTML.
 */
export async function sanitizeSummaryHtml(html: string): Promise<string> {
  return (await loadSanitizer())(html);
}

/**
 * The characters a reader sees in a summary already sanitized: what remains of markup is the
 * allow-list's tags (a `<` in text is escaped), and each entity is one character.
 */
export function summaryTextLength(clean: string): number {
  return clean
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, '_')
    .trim().length;
}
