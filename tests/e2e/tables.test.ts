/**
 * Markdown tables are scroll regions a keyboard can reach (plugins/content/rehype-table-regions.ts):
 * in the static HTML of every page, before any script, and on a 360 px phone in Chromium, where a
 * reader tabs to a wide table and scrolls it with the arrow keys.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDir, siteUnderTest } from './lib';
import { builtPages } from '../../scripts/lib/bench-pages';

const site = siteUnderTest();

const WRAPPER = /<div class=(?:"monq-table-scroll"|monq-table-scroll) role=region tabindex=0 aria-label=(?:"([^"]+)"|([^\s>]+))><table\b/g;

describe('tables', () => {
  test('every table of every built page sits in a focusable region with a name of its own on the page', () => {
    const problems: string[] = [];
    let tables = 0;
    for (const path of builtPages(buildDir)) {
      const html = readFileSync(join(buildDir, path.slice(1), 'index.html'), 'utf8');
      const all = html.match(/<table\b/g)?.length ?? 0;
      const labels = Array.from(html.matchAll(WRAPPER), (m) => m[1] ?? m[2] ?? '');
      tables += all;
      if (labels.length !== all) problems.push(`${path}: ${all} tables, ${labels.length} in a region`);
      const repeated = labels.filter((label, index) => labels.indexOf(label) !== index);
      if (repeated.length > 0) problems.push(`${path}: repeated names ${repeated.join(', ')}`);
      for (const label of labels) if (!/^(?:Таблица(?: \d+)?: \S|Прокручиваемая таблица$)/.test(label)) problems.push(`${path}: name "${label}"`);
    }
    assert.deepEqual(problems, []);
    assert.ok(tables > 100, `${tables} tables`);
  });

  test('on a 360 px phone, Tab reaches a wide table of the page as served and the arrow keys scroll it', async () => {
    const { page } = await site.open({ viewport: { width: 360, height: 740 } });
    try {
      await page.goto(`${site.server.url}/docs/8.9/automation/`, { waitUntil: 'load' });
      const regions = page.locator('main .monq-table-scroll');
      const wide = await regions.evaluateAll((elements) => elements.findIndex((element) => element.scrollWidth > element.clientWidth + 1));
      assert.ok(wide >= 0, 'a table of the page is wider than the phone screen');
      const region = regions.nth(wide);
      assert.equal(await page.getAttribute('html', 'data-hydration'), 'waiting');
      // focus the element before it in the tab order (a glossary card's own link is out of it), then Tab as a reader would
      await region.evaluate((element) => {
        const all = Array.from(document.querySelectorAll<HTMLElement>('a[href]:not([tabindex="-1"]), button:not([tabindex="-1"]), [tabindex="0"]'));
        all[all.indexOf(element as HTMLElement) - 1]?.focus();
      });
      await page.keyboard.press('Tab');
      assert.equal(await region.evaluate((element) => element === document.activeElement), true, 'the table has the focus');
      assert.match((await region.getAttribute('aria-label')) ?? '', /^Таблица/);
      for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
      await page.waitForFunction((index) => document.querySelectorAll('main .monq-table-scroll')[index]!.scrollLeft > 0, wide);
      const outline = await region.evaluate((element) => getComputedStyle(element).outlineStyle);
      assert.notEqual(outline, 'none', 'the focus is visible');
    } finally {
      await page.context().close();
    }
  });
});
