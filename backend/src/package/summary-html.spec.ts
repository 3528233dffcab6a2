import { sanitizeSummaryHtml, summaryTextLength } from './summary-html.js';

describe('package summary', () => {
  it('keeps basic formatting without attributes', () => {
    expect(sanitizeSummaryHtml('<p class="x" onclick="y()">Hola <strong style="color:red">mundo</strong><br/></p>')).toBe(
      '<p>Hola <strong>mundo</strong><br></p>',
    );
  });

  it('drops scripts, links, images and comments, leaving harmless text', () => {
    const clean = sanitizeSummaryHtml('<script>alert(1)</script><a href="javascript:x">ver</a><img src=x onerror=alert(1)><!-- c -->fin');
    expect(clean).toBe('alert(1)verfin');
  });

  it('escapes stray angle brackets', () => {
    expect(sanitizeSummaryHtml('1 < 2 > 0 <scr<script>ipt>')).toBe('1 &lt; 2 &gt; 0 ipt&gt;');
  });

  it('counts what a reader sees', () => {
    expect(summaryTextLength('<p>Hola&nbsp;<b>mundo</b></p>')).toBe(10);
  });
});
