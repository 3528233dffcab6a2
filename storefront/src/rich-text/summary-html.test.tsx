import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SummaryHtml } from './SummaryHtml';
import { sanitizeSummary } from './summary-html';

describe('package summary in the storefront', () => {
  it('keeps the markup of the package dialog editor', () => {
    const editor = '<h2>Plan</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code><br>fin</p><ol start="3" type="a"><li><p>tres</p></li></ol>';
    expect(sanitizeSummary(editor)).toBe(editor);
  });

  it.each<[string, string, string]>([
    ['event handlers', '<p onclick="alert(1)" onmouseover=alert(1)>hola</p>', '<p>hola</p>'],
    ['an image with onerror', '<img src=x onerror=alert(1)>', ''],
    ['a javascript: link', '<a href="javascript:alert(1)">ver</a>', 'ver'],
    ['a mixed-case, entity-encoded javascript: link', '<a href="&#74;aVa&#x53;cRiPt:alert(1)">ver</a>', 'ver'],
    ['a data: link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">ver</a>', 'ver'],
    ['a script inside SVG', '<svg><script>alert(1)</script></svg>', ''],
    ['SVG onload', '<svg onload=alert(1)>', ''],
    ['MathML namespace confusion', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
    ['a CSS expression', '<p style="width: expression(alert(1))">x</p>', '<p>x</p>'],
    ['a style element', '<style>p{background:url(javascript:alert(1))}</style>texto', 'texto'],
    ['an iframe', '<iframe src="javascript:alert(1)"></iframe>', ''],
    ['a noscript attribute breakout', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>', '<p></p>'],
    ['unclosed tags (closed)', '<strong><em>sin cerrar', '<strong><em>sin cerrar</em></strong>'],
    ['attributes outside the list', '<p class="x" data-x="z" aria-label="y" dir="rtl">Hola</p>', '<p>Hola</p>'],
    ['allowed attributes on another tag', '<p start="2" type="a">Hola</p>', '<p>Hola</p>'],
    ['list attributes with values outside the list', '<ol start="javascript:x" type="disc"><li>tres</li></ol>', '<ol><li>tres</li></ol>'],
  ])('cleans %s', (_case, input, expected) => {
    expect(sanitizeSummary(input)).toBe(expected);
  });

  it('renders a summary only through the sanitizer', () => {
    const { container } = render(<SummaryHtml html={'<p onclick="alert(1)">Hola <img src=x onerror=alert(1)><strong>mundo</strong></p>'} />);
    expect(container.innerHTML).toBe('<div class="MuiBox-root css-0"><p>Hola <strong>mundo</strong></p></div>');
  });

  it('renders nothing for an empty summary', () => {
    const { container } = render(<SummaryHtml html={null} />);
    expect(container.innerHTML).toBe('');
  });
});
