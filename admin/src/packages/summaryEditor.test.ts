import { SUMMARY_ATTRIBUTES, SUMMARY_TAGS } from '@licencias/common/rich-text';
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { SUMMARY_EDITOR_OPTIONS } from './summaryEditor';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

/** What the summary editor makes of `content` (as when pasted or loaded). */
function edit(content: string): string {
  editor = new Editor({ ...SUMMARY_EDITOR_OPTIONS, element: document.createElement('div'), content });
  return editor.getHTML();
}

function markup(html: string) {
  const tags = new Set<string>();
  const attributes = new Set<string>();
  for (const element of new DOMParser().parseFromString(html, 'text/html').body.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    tags.add(tag);
    for (const attribute of element.attributes) attributes.add(`${tag}.${attribute.name}`);
  }
  return { tags: [...tags].sort(), attributes: [...attributes].sort() };
}

describe('summary editor', () => {
  it('produces every tag and attribute of the shared allow-list', () => {
    const html = edit(
      '<h1>1</h1><h2>2</h2><h3>3</h3><h4>4</h4><h5>5</h5><h6>6</h6>' +
        '<p><strong>b</strong><em>i</em><u>u</u><s>s</s><code>c</code><br>x</p>' +
        '<ul><li>a</li></ul><ol start="3" type="a"><li>b</li></ol>',
    );
    expect(markup(html).tags).toEqual([...SUMMARY_TAGS].sort());
    expect(markup(html).attributes).toEqual(
      Object.entries(SUMMARY_ATTRIBUTES)
        .flatMap(([tag, names]) => Object.keys(names).map((name) => `${tag}.${name}`))
        .sort(),
    );
  });

  it('makes nothing outside the allow-list of whatever is pasted', () => {
    const html = edit(
      '<p style="text-align:center" class="x">centrado <a href="https://example.com">enlace</a> https://example.com ' +
        '<img src="data:image/png;base64,AAAA"> <span style="color:red">rojo</span> <mark>resaltado</mark> <sub>i</sub></p>' +
        '<blockquote>cita</blockquote><pre><code>bloque</code></pre><hr><div>div</div><table><tr><td>celda</td></tr></table>',
    );
    const { tags, attributes } = markup(html);
    expect(tags.filter((tag) => !(SUMMARY_TAGS as readonly string[]).includes(tag))).toEqual([]);
    expect(attributes).toEqual([]);
  });
});
