import type { EditorOptions } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';

/**
 * The summary editor produces exactly the markup the server keeps (`@licencias/common/rich-text`):
 * the toolbar's levels, formats and lists. ra-input-rich-text's default editor would also make
 * links (typed or pasted URLs), images, colours, highlights, alignment, quotes, code blocks and
 * rules, which the server drops: a pasted colour or image would vanish only after saving.
 */
export const SUMMARY_EDITOR_OPTIONS: Partial<EditorOptions> = {
  extensions: [StarterKit.configure({ link: false, blockquote: false, codeBlock: false, horizontalRule: false })],
};
