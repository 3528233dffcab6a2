import { sanitizeSummaryHtml, summaryTextLength } from './summary-html.js';

describe('package summary sanitizer', () => {
  it('keeps everything the package dialog editor produces as it is', () => {
    const editor =
      '<h1>T1</h1><h2>T2</h2><h3>T3</h3><h4>T4</h4><h5>T5</h5><h6>T6</h6>' +
      '<p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code><br />fin</p>' +
      '<ul><li><p>uno</p></li></ul><ol start="3"><li><p>tres</p></li></ol>';
    expect(sanitizeSummaryHtml(editor)).toBe(editor);
  });

  it.each<[string, string, string]>([
    ['event handlers', '<p onclick="alert(1)" onmouseover=alert(1)>hola</p>', '<p>hola</p>'],
    ['an event handler after a slash', '<p/onclick=alert(1)>x', '<p>x</p>'],
    ['an image with onerror', '<img src=x onerror=alert(1)>', ''],
    ['an autofocused input', '<input onfocus=alert(1) autofocus>', ''],
    ['a javascript: link', '<a href="javascript:alert(1)">ver</a>', 'ver'],
    ['a mixed-case javascript: link', '<a href="JaVaScRiPt:alert(1)">ver</a>', 'ver'],
    ['an entity-encoded javascript: link', '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">ver</a>', 'ver'],
    ['a javascript: link split by a tab entity', '<a href="jav&#x09;ascript:alert(1)">ver</a>', 'ver'],
    ['a data: link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">ver</a>', 'ver'],
    ['a form posting to javascript:', '<form action="javascript:alert(1)"><button>x</button></form>', 'x'],
    ['a script inside SVG', '<svg><script>alert(1)</script></svg>', ''],
    ['SVG onload', '<svg onload=alert(1)>', ''],
    ['MathML namespace confusion', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
    ['a script split around another', '<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
    ['doubled brackets', '<<script>script>alert(1)<</script>/script>', '&lt;/script&gt;'],
    ['a style URL', '<p style="background:url(javascript:alert(1))">x</p>', '<p>x</p>'],
    ['a CSS expression', '<p style="width: expression(alert(1))">x</p>', '<p>x</p>'],
    ['a style element', '<style>p{background:url(javascript:alert(1))}</style>texto', 'texto'],
    ['an iframe', '<iframe src="javascript:alert(1)"></iframe>', ''],
    ['an object with a data: URL', '<object data="data:text/html,<script>alert(1)</script>"></object>', ''],
    ['a template', '<template><img src=x onerror=alert(1)></template>', ''],
    ['a noscript attribute breakout', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>', ''],
    ['a markup comment', '<!--<img src=x onerror=alert(1)>-->fin', 'fin'],
    ['a CDATA section', '<![CDATA[<img src=x onerror=alert(1)>]]>', ''],
    ['unclosed tags (closed)', '<strong><em>sin cerrar', '<strong><em>sin cerrar</em></strong>'],
    ['implied list item ends', '<ul><li>uno<li>dos</ul>', '<ul><li>uno</li><li>dos</li></ul>'],
    ['stray end tags', '<p>a</b></i></p></p>', '<p>a</p><p></p>'],
    ['attributes outside the list', '<p class="x" id="y" data-x="z" dir="rtl">Hola</p>', '<p>Hola</p>'],
    ['tags outside the list (text kept)', '<div><span style="color:red">rojo</span></div>', 'rojo'],
    ['list attributes with values outside the list', '<ol start="javascript:x" type="disc" onclick="x()"><li>tres</li></ol>', '<ol><li>tres</li></ol>'],
    ['stray angle brackets and ampersands', '1 < 2 > 0 & "comillas"', '1 &lt; 2 &gt; 0 &amp; "comillas"'],
  ])('cleans %s', (_case, input, expected) => {
    expect(sanitizeSummaryHtml(input)).toBe(expected);
  });

  it("reads older clients' b, i and strike as the editor's strong, em and s", () => {
    expect(sanitizeSummaryHtml('<b>negrita</b> <I>cursiva</I> <strike>tachado</strike>')).toBe('<strong>negrita</strong> <em>cursiva</em> <s>tachado</s>');
  });

  it('keeps the numbering of an ordered list', () => {
    expect(sanitizeSummaryHtml('<ol start="3" type="a"><li>tres</li></ol>')).toBe('<ol start="3" type="a"><li>tres</li></ol>');
  });

  it('counts what a reader sees', () => {
    expect(summaryTextLength(sanitizeSummaryHtml('<p>Hola&nbsp;<b>mundo</b> &amp; 1 &lt; 2</p>'))).toBe(18);
  });
});
