import { render } from '@testing-library/react';
import { SUMMARY_ATTACKS } from '@licencias/common/testing/summary-html.cases';
import { describe, expect, it } from 'vitest';
import { SummaryHtml } from './SummaryHtml';
import { sanitizeSummary } from './summary-html';

describe('package summary in the storefront', () => {
  it('keeps the markup of the package dialog editor', () => {
    const editor = '<h2>Plan</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code><br>fin</p><ol start="3" type="a"><li><p>tres</p></li></ol>';
    expect(sanitizeSummary(editor)).toBe(editor);
  });

  it.each(Object.entries(SUMMARY_ATTACKS))('cleans %s', (_attack, { html, clean, storefront = clean }) => {
    expect(sanitizeSummary(html)).toBe(storefront);
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
