/**
 * Hostile markup in a package summary, by what it tries, and what it must become: both sanitizers
 * (the backend's on save, sanitize-html; the storefront's on display, DOMPurify) are run over every
 * case. `storefront` is where DOMPurify's result differs, still harmless.
 */
export const SUMMARY_ATTACKS: Readonly<Record<string, { html: string; clean: string; storefront?: string }>> = {
  'event handlers': { html: '<p onclick="alert(1)" onmouseover=alert(1)>hola</p>', clean: '<p>hola</p>' },
  'an event handler after a slash': { html: '<p/onclick=alert(1)>x', clean: '<p>x</p>' },
  'an image with onerror': { html: '<img src=x onerror=alert(1)>', clean: '' },
  'an autofocused input': { html: '<input onfocus=alert(1) autofocus>', clean: '' },
  'a javascript: link': { html: '<a href="javascript:alert(1)">ver</a>', clean: 'ver' },
  'a mixed-case javascript: link': { html: '<a href="JaVaScRiPt:alert(1)">ver</a>', clean: 'ver' },
  'an entity-encoded javascript: link': { html: '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">ver</a>', clean: 'ver' },
  'a javascript: link split by a tab entity': { html: '<a href="jav&#x09;ascript:alert(1)">ver</a>', clean: 'ver' },
  'a data: link': { html: '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">ver</a>', clean: 'ver' },
  'a form posting to javascript:': { html: '<form action="javascript:alert(1)"><button>x</button></form>', clean: 'x' },
  'a script inside SVG': { html: '<svg><script>alert(1)</script></svg>', clean: '' },
  'SVG onload': { html: '<svg onload=alert(1)>', clean: '' },
  'MathML namespace confusion': { html: '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', clean: '' },
  'a script split around another': { html: '<scr<script>ipt>alert(1)</script>', clean: 'ipt&gt;alert(1)' },
  'doubled brackets': { html: '<<script>script>alert(1)<</script>/script>', clean: '&lt;/script&gt;' },
  'a style URL': { html: '<p style="background:url(javascript:alert(1))">x</p>', clean: '<p>x</p>' },
  'a CSS expression': { html: '<p style="width: expression(alert(1))">x</p>', clean: '<p>x</p>' },
  'a style element': { html: '<style>p{background:url(javascript:alert(1))}</style>texto', clean: 'texto' },
  'an iframe': { html: '<iframe src="javascript:alert(1)"></iframe>', clean: '' },
  'an object with a data: URL': { html: '<object data="data:text/html,<script>alert(1)</script>"></object>', clean: '' },
  'a template': { html: '<template><img src=x onerror=alert(1)></template>', clean: '' },
  'a noscript attribute breakout': { html: '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>', clean: '', storefront: '<p></p>' },
  'a markup comment': { html: '<!--<img src=x onerror=alert(1)>-->fin', clean: 'fin' },
  'a CDATA section': { html: '<![CDATA[<img src=x onerror=alert(1)>]]>', clean: '', storefront: ']]&gt;' },
  'unclosed tags (closed)': { html: '<strong><em>sin cerrar', clean: '<strong><em>sin cerrar</em></strong>' },
  'implied list item ends': { html: '<ul><li>uno<li>dos</ul>', clean: '<ul><li>uno</li><li>dos</li></ul>' },
  'stray end tags': { html: '<p>a</b></i></p></p>', clean: '<p>a</p><p></p>' },
  'attributes outside the list': { html: '<p class="x" id="y" data-x="z" dir="rtl">Hola</p>', clean: '<p>Hola</p>' },
  'tags outside the list (text kept)': { html: '<div><span style="color:red">rojo</span></div>', clean: 'rojo' },
  'list attributes with values outside the list': {
    html: '<ol start="javascript:x" type="disc" onclick="x()"><li>tres</li></ol>',
    clean: '<ol><li>tres</li></ol>',
  },
  'stray angle brackets and ampersands': { html: '1 < 2 > 0 & "comillas"', clean: '1 &lt; 2 &gt; 0 &amp; "comillas"' },
  'a mixed-case, entity-encoded javascript: link': { html: '<a href="&#74;aVa&#x53;cRiPt:alert(1)">ver</a>', clean: 'ver' },
  'an aria attribute': { html: '<p class="x" data-x="z" aria-label="y" dir="rtl">Hola</p>', clean: '<p>Hola</p>' },
  'allowed attributes on another tag': { html: '<p start="2" type="a">Hola</p>', clean: '<p>Hola</p>' },
};
