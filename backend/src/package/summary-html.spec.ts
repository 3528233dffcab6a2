import { SUMMARY_ATTACKS } from '@licencias/common/testing/summary-html.cases';
import { sanitizeSummaryHtml, summaryTextLength } from './summary-html.js';

describe('package summary sanitizer', () => {
  it('keeps everything the package dialog editor produces as it is', async () => {
    const editor =
      '<h1>T1</h1><h2>T2</h2><h3>T3</h3><h4>T4</h4><h5>T5</h5><h6>T6</h6>' +
      '<p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code><br />fin</p>' +
      '<ul><li><p>uno</p></li></ul><ol start="3"><li><p>tres</p></li></ol>';
    expect(await sanitizeSummaryHtml(editor)).toBe(editor);
  });

  it.each(Object.entries(SUMMARY_ATTACKS))('cleans %s', async (_attack, { html, clean }) => {
    expect(await sanitizeSummaryHtml(html)).toBe(clean);
  });

  it("reads older clients' b, i and strike as the editor's strong, em and s", async () => {
    expect(await sanitizeSummaryHtml('<b>negrita</b> <I>cursiva</I> <strike>tachado</strike>')).toBe(
      '<strong>negrita</strong> <em>cursiva</em> <s>tachado</s>',
    );
  });

  it('keeps the numbering of an ordered list', async () => {
    expect(await sanitizeSummaryHtml('<ol start="3" type="a"><li>tres</li></ol>')).toBe('<ol start="3" type="a"><li>tres</li></ol>');
  });

  it('counts what a reader sees', async () => {
    expect(summaryTextLength(await sanitizeSummaryHtml('<p>Hola&nbsp;<b>mundo</b> &amp; 1 &lt; 2</p>'))).toBe(18);
  });
});
