import { expect, test, type Page } from '@playwright/test';
import { signInToAdmin } from './support';

/**
 * Every back-office list at 1366×900 and 390×844: a screenshot of each (attached to the report
 * and kept under test-results/), and a check of what the user can read. A list fails when a
 * header's or a cell's text is clipped without a tooltip carrying it (a `title` or an
 * `aria-label` that contains the text) or cut sideways without an ellipsis (a long word losing
 * its last letters), when any text is covered by something drawn over it
 * (the pinned actions column, a row's buttons), or when the page scrolls sideways.
 */

const WIDTHS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const LISTS = [
  { name: 'packages', path: '/admin/packages' },
  { name: 'services', path: '/admin/configurations?tab=services' },
  { name: 'feature-types', path: '/admin/configurations?tab=feature-types' },
  { name: 'service-features', path: '/admin/configurations?tab=service-features' },
  { name: 'promo-codes', path: '/admin/configurations?tab=promo-codes' },
  { name: 'users', path: '/admin/users' },
  { name: 'roles', path: '/admin/roles' },
  { name: 'licenses', path: '/admin/licenses' },
] as const;

/** What the user cannot read in the main area, each as one line naming the text and why. */
function unreadable(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const main = document.querySelector('#main-content') ?? document.body;
    const problems: string[] = [];
    const clips = (style: CSSStyleDeclaration) => style.overflowX !== 'visible';
    const hidden = (element: Element) => {
      const rect = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return rect.width === 0 || rect.height === 0 || style.visibility === 'hidden' || element.closest('[aria-hidden="true"]') !== null;
    };
    /** A title or aria-label on the element or an ancestor (up to the list) that says the whole text. */
    const tooltip = (element: Element, text: string) => {
      for (let node: Element | null = element; node && node !== main; node = node.parentElement) {
        const said = node.getAttribute('title') ?? node.getAttribute('aria-label');
        if (said && said.replace(/\s+/g, ' ').includes(text)) return true;
      }
      return false;
    };
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    const seen = new Set<Element>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      const element = node.parentElement;
      if (!text || !element || seen.has(element) || hidden(element)) continue;
      if (element.closest('[role="tooltip"], [role="presentation"].MuiPopover-root, .MuiDrawer-modal, script, style')) continue;
      seen.add(element);
      const whole = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
      // Clipped: the element or an ancestor that clips is narrower than the text.
      const range = document.createRange();
      range.selectNodeContents(element);
      const box = range.getBoundingClientRect();
      for (let clipper: Element | null = element; clipper && clipper !== main; clipper = clipper.parentElement) {
        const style = getComputedStyle(clipper);
        if (!clips(style)) continue;
        // A scrolling box shows its content by scrolling (and what clips it clips the box, not the text).
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') break;
        const limit = clipper.getBoundingClientRect();
        const cut = clipper === element ? element.scrollWidth > element.clientWidth + 1 : box.right > limit.right + 1 || box.left < limit.left - 1;
        if (cut && !tooltip(element, whole)) problems.push(`clipped without a tooltip: "${whole}"`);
        // Cut sideways with no ellipsis: a word loses its last letters and nothing shows it (a
        // tooltip that nobody is told to look for does not make up for it).
        if (cut && clipper === element && style.textOverflow !== 'ellipsis') problems.push(`a word cut without an ellipsis: "${whole}"`);
        if (cut) break;
      }
      // Spilt: text running out of its table cell, over the next one.
      const cell = element.closest('td, th');
      if (cell) {
        const limit = cell.getBoundingClientRect();
        if ((box.right > limit.right + 1 || box.left < limit.left - 1) && !tooltip(element, whole)) problems.push(`out of its cell: "${whole}"`);
      }
      // Covered: at the middle of each line of the text, the topmost element is not the text's
      // (lines cut off by a clipping ancestor, such as those after a line clamp, are not drawn).
      const shown = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
      for (let clipper: Element | null = element; clipper && clipper !== main; clipper = clipper.parentElement) {
        if (!clips(getComputedStyle(clipper))) continue;
        const limit = clipper.getBoundingClientRect();
        shown.left = Math.max(shown.left, limit.left);
        shown.top = Math.max(shown.top, limit.top);
        shown.right = Math.min(shown.right, limit.right);
        shown.bottom = Math.min(shown.bottom, limit.bottom);
      }
      for (const line of range.getClientRects()) {
        if (line.width < 2 || line.height < 2) continue;
        const x = line.left + line.width / 2;
        const y = line.top + line.height / 2;
        if (x < shown.left || y < shown.top || x >= shown.right || y >= shown.bottom) continue;
        const top = document.elementFromPoint(x, y);
        if (top && top !== element && !element.contains(top) && !top.contains(element)) {
          const by = top.closest('td, th, li, button, label') ?? top;
          problems.push(`covered: "${whole}" under ${by.tagName.toLowerCase()} "${(by.textContent ?? '').trim().slice(0, 40)}"`);
          break;
        }
      }
    }
    // The pinned column never lies over another cell of its row.
    for (const row of main.querySelectorAll('tr')) {
      const pinned = [...row.children].filter((cell) => getComputedStyle(cell).position === 'sticky');
      for (const pin of pinned) {
        const p = pin.getBoundingClientRect();
        for (const cell of row.children) {
          if (cell === pin || pinned.includes(cell)) continue;
          const c = cell.getBoundingClientRect();
          const overlap = Math.min(p.right, c.right) - Math.max(p.left, c.left);
          if (overlap > 1) problems.push(`pinned column covers "${(cell.textContent ?? '').trim().slice(0, 40)}"`);
        }
      }
    }
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth + 1) {
      problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${document.documentElement.clientWidth})`);
    }
    return [...new Set(problems)];
  });
}

test.describe('every back-office list fits', () => {
  for (const list of LISTS) {
    test(`${list.name} is readable at ${WIDTHS.map((size) => size.width).join(' and ')} px`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width: WIDTHS[0].width, height: WIDTHS[0].height });
      await signInToAdmin(page);
      for (const size of WIDTHS) {
        await test.step(`${size.width}×${size.height}`, async () => {
          await page.setViewportSize({ width: size.width, height: size.height });
          await page.goto(list.path);
          const content = page.locator('#main-content');
          // Rows loaded: a table row, an item of the compact list or a company's accordion.
          await expect(content.locator('tbody tr, .compact-list li, .MuiAccordion-root').first()).toBeVisible();
          await expect(content.locator('.MuiSkeleton-root, [role="progressbar"]')).toHaveCount(0);
          await page.waitForTimeout(300);
          const shot = await page.screenshot({ path: `test-results/screens/${list.name}-${size.width}.png` });
          await testInfo.attach(`${list.name}-${size.width}`, { body: shot, contentType: 'image/png' });
          // The same width, tall enough that every row is in view for the check of covered text.
          await page.setViewportSize({ width: size.width, height: 3000 });
          await page.waitForTimeout(200);
          expect.soft(await unreadable(page), `${list.name} at ${size.width} px`).toEqual([]);
        });
      }
    });
  }
});

test.describe('the licence app has one name', () => {
  test('the storefront and the back office call it Myselfcert on sign-in, in the tab and in the header', async ({ page }) => {
    const NAME = 'Myselfcert';
    await test.step('storefront sign-in on the licence host', async () => {
      await page.goto('/login');
      await expect(page.getByText(`Ingresa a tu cuenta de ${NAME}.`)).toBeVisible();
      await expect(page.locator('header img').first()).toHaveAttribute('alt', NAME);
      await expect(page).toHaveTitle(NAME);
    });
    await test.step('back-office sign-in', async () => {
      await page.goto('/admin/login');
      await expect(page.getByRole('img', { name: `Logo de ${NAME}` })).toBeVisible();
      await expect(page).toHaveTitle(NAME);
    });
    await test.step('back-office header after sign-in', async () => {
      await signInToAdmin(page);
      await expect(page.locator('header').getByRole('img', { name: `Logo de ${NAME}` })).toBeVisible();
      await expect(page).toHaveTitle(NAME);
    });
  });
});
