/**
 * Every page of a deterministic sample of the production build (every section, both versions, the
 * upgrade instance, the standalone pages) is visited once in Chromium:
 * - it loads with status 200 at its own address, with no console error, no failed request and no
 *   request off the host, before and after hydration;
 * - axe-core, injected by the test, finds no serious or critical violation, colour contrast
 *   included, in light mode and in dark mode at desktop width, and on a 360 px phone screen, where
 *   wide tables and code scroll sideways: every such region must be reachable by keyboard and named
 *   (one visit a page: the system turns dark, then the window narrows);
 * - no English string in the page furniture: navbar, sidebars, footer, table of contents, pagination,
 *   breadcrumbs, banners, buttons, and every `aria-label`, `title` and `placeholder`.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { axeViolations, buildDir, pool, siteUnderTest, type AxeFinding, type OpenedPage } from './lib';
import { BROWSER_SAMPLE_SIZE, KEY_PAGES, builtPages, samplePages, sectionOf, sitemapPaths } from '../../scripts/lib/bench-pages';
import { englishWords } from '../../scripts/lib/bench-uitext';
import { waitForSettled } from '../../scripts/lib/bench-js';

const site = siteUnderTest();

const sitemap = sitemapPaths(readFileSync(join(buildDir, 'sitemap.xml'), 'utf8'));
const allPages = Array.from(new Set([...sitemap, ...builtPages(buildDir, 'docs/8.9'), ...KEY_PAGES])).sort();
const sample = samplePages(allPages, BROWSER_SAMPLE_SIZE, KEY_PAGES);



/**
 * Findings caused by DocSearch 4.7's own modal markup: its `.DocSearch-Container` overlay is a
 * `role="button"` that wraps the whole dialog (the hits included). Fixing that means forking the modal;
 * it is reported upstream-side in the session note, and every other rule still applies to the dialog.
 */
function isUpstreamDocSearchFinding(finding: AxeFinding): boolean {
  return (
    ['nested-interactive', 'label-content-name-mismatch'].includes(finding.id) &&
    finding.targets.length > 0 &&
    finding.targets.every((target) => /^\.DocSearch-Container\b|\.DocSearch-Hit|^#docsearch-hits/.test(target))
  );
}

/** The axe rules that depend on colours alone: all that changes between light and dark mode. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** The strings a reader meets in the page furniture: visible text and the labelling attributes. */
async function furnitureStrings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const containers = [
      'nav.navbar',
      '.navbar-sidebar',
      '.theme-doc-sidebar-container',
      'footer',
      '.table-of-contents',
      '.theme-doc-toc-mobile',
      '.pagination-nav',
      '.theme-doc-breadcrumbs',
      '.theme-doc-version-banner',
      '.theme-doc-version-badge',
      '.theme-doc-footer',
      '.theme-last-updated',
      '[class*="announcementBar"]',
      '[class*="skipToContent"]',
      'button',
      '[role="button"]',
    ];
    const strings = new Set<string>();
    // Text written by the page's authors, not interface: the Markdown body (heading anchors are named
    // after their heading), the entries of the table of contents (the headings again: «Пример: POST
    // с телом»), the cards of a category page (their title is the page's description) and search hits
    // (they quote titles that may hold API paths or field names).
    const content = '.theme-doc-markdown, .table-of-contents__link, article .card, .DocSearch-Hit';
    for (const container of Array.from(document.querySelectorAll(containers.join(',')))) {
      const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim();
        if (text && !node.parentElement?.closest(content)) strings.add(text);
      }
    }
    for (const element of Array.from(document.querySelectorAll('[aria-label], [title], [placeholder]'))) {
      if (element.closest(content)) continue;
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const value = element.getAttribute(name)?.trim();
        if (value) strings.add(value);
      }
    }
    return Array.from(strings);
  });
}

function englishFindings(path: string, strings: string[]): string[] {
  return strings
    .filter((text) => englishWords(text).length > 0)
    .map((text) => `${path}: "${text}" (${englishWords(text).join(', ')})`);
}

/** The window a page opens in, and the phone screen it narrows to. */
const SCREENS = {
  desktop: { colorScheme: 'light', viewport: { width: 1280, height: 900 } },
  phone: { colorScheme: 'light', viewport: { width: 360, height: 740 } },
} as const;
/** The states a page is checked in, one after another in the same visit. */
type Screen = 'light' | 'dark' | 'phone';

/**
 * Every element of the article that scrolls sideways (its content is wider than its box and its
 * `overflow-x` lets it scroll), with what a keyboard and a screen reader get from it. Regions that
 * `tabindex` makes focusable and that carry a name are what readers need; a `<pre>` is named by its
 * own text.
 */
async function scrollRegions(page: Page): Promise<{ element: string; focusable: boolean; name: string }[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('main *'))
      .filter((element) => {
        const overflow = getComputedStyle(element).overflowX;
        return (overflow === 'auto' || overflow === 'scroll') && element.scrollWidth > element.clientWidth + 1;
      })
      .map((element) => ({
        element: `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ')[0]}` : ''}`,
        focusable: element.tabIndex >= 0,
        name: element.getAttribute('aria-label') ?? (element.tagName === 'PRE' ? 'code' : ''),
      })),
  );
}

/** Open a page and give it the reader's first input; what went wrong on the way is in `problems`. */
async function load(path: string, problems: string[]): Promise<OpenedPage> {
  const opened = await site.open(SCREENS.desktop);
  const response = await opened.page.goto(site.server.url + path, { waitUntil: 'domcontentloaded' });
  if (response?.status() !== 200) problems.push(`${path}: status ${response?.status()}`);
  if (new URL(opened.page.url()).pathname !== path) problems.push(`${path}: landed on ${opened.page.url()}`);
  await waitForSettled(opened.page);
  return opened;
}

describe('the gates can fail', () => {
  test('axe reports a low-contrast text as a serious violation', async () => {
    const { page } = await site.open();
    await page.setContent('<html lang="ru"><title>t</title><main><p style="color:#aaa;background:#fff">Текст</p></main></html>');
    const found = await axeViolations(page);
    assert.ok(found.some((violation) => violation.id === 'color-contrast'), JSON.stringify(found));
    // the colour rules alone, as dark mode runs them, find it too
    assert.deepEqual((await axeViolations(page, COLOUR_RULES)).map((violation) => violation.id), ['color-contrast']);
    await page.context().close();
  });

  test('on a phone, a wide table that scrolls without the focus is reported by axe and by the region check', async () => {
    const { page } = await site.open(SCREENS.phone);
    const cells = '<td>очень_длинное_значение_параметра_без_пробелов</td>'.repeat(6);
    await page.setContent(
      `<html lang="ru"><title>t</title><main><div style="overflow-x:auto"><table><tr>${cells}</tr></table></div>` +
        `<div class="monq-table-scroll" role="region" tabindex="0" aria-label="Таблица: Б" style="overflow-x:auto"><table><tr>${cells}</tr></table></div></main></html>`,
    );
    const found = await axeViolations(page);
    assert.deepEqual(found.map((violation) => [violation.id, violation.targets.length]), [['scrollable-region-focusable', 1]]);
    assert.deepEqual(await scrollRegions(page), [
      { element: 'div', focusable: false, name: '' },
      { element: 'div.monq-table-scroll', focusable: true, name: 'Таблица: Б' },
    ]);
    await page.context().close();
  });

  test('the furniture check reads aria-labels, titles and button texts', async () => {
    const { page } = await site.open();
    await page.setContent(
      '<nav class="navbar"><a title="Edit this page">Правка</a></nav><button aria-label="Close">×</button><footer>Monq Docs</footer>' +
        // the authors' text is not interface, even in an attribute
        '<article><div class="theme-doc-markdown"><a aria-label="Прямая ссылка на Switch request">#</a></div>' +
        '<a class="card" title="Функции Switch and ForEach">Функции</a></article>' +
        '<nav class="table-of-contents"><a class="table-of-contents__link">Пример: POST</a></nav>',
    );
    const found = englishFindings('fixture', await furnitureStrings(page));
    assert.equal(found.length, 2, found.join('\n'));
    await page.context().close();
  });
});

describe(`${sample.length} pages in Chromium`, () => {
  test('the sample spans every section, both versions and the upgrade instance', () => {
    assert.deepEqual(Array.from(new Set(sample.map(sectionOf))).sort(), Array.from(new Set(allPages.map(sectionOf))).sort());
    assert.ok(sample.length >= Math.min(60, allPages.length));
  });

  // One visit a page, three screens in turn: light desktop, the same page after the system turns dark
  // (the theme follows it), then a 360 px phone. Colours are all that dark mode changes, so axe checks
  // only its colour rules there; the phone gets every rule again, since the layout changes.
  test('each loads cleanly; in light and dark mode and on a 360 px phone axe finds no serious or critical violation, every region that scrolls sideways on the phone takes the focus and has a name, the furniture has no English string', async () => {
    const problems: string[] = [];
    const english: string[] = [];
    let regions = 0;
    await pool(sample, 2, async (path) => {
      const opened = await load(path, problems);
      const { page } = opened;
      const report = (screen: Screen, found: AxeFinding[]) => {
        for (const v of found) problems.push(`${path} [${screen}] ${v.id} (${v.impact}) ${v.help}: ${v.targets.join(' | ')}`);
      };
      const theme = async (mode: 'light' | 'dark') => {
        await page.emulateMedia({ colorScheme: mode });
        try {
          await page.waitForFunction((expected) => document.documentElement.dataset.theme === expected, mode, { timeout: 5_000 });
          // colours fade to the new theme (CSS transitions): measure the contrast once they have settled
          await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
        } catch {
          problems.push(`${path}: data-theme is ${await page.getAttribute('html', 'data-theme')}, expected ${mode}`);
        }
      };
      try {
        await theme('light');
        report('light', await axeViolations(page));
        english.push(...englishFindings(path, await furnitureStrings(page)));

        await theme('dark');
        report('dark', await axeViolations(page, COLOUR_RULES));

        await theme('light');
        await page.setViewportSize(SCREENS.phone.viewport);
        await page.waitForFunction(() => window.innerWidth === 360);
        report('phone', await axeViolations(page));
        for (const region of await scrollRegions(page)) {
          regions += 1;
          if (!region.focusable || !region.name) problems.push(`${path} [phone] ${region.element} scrolls sideways: focusable ${region.focusable}, name "${region.name}"`);
        }
        for (const text of opened.consoleErrors) problems.push(`${path}: console error ${text}`);
        for (const text of opened.failedRequests) problems.push(`${path}: failed request ${text}`);
        for (const url of opened.offHost) problems.push(`${path}: off-host request ${url}`);
      } finally {
        await page.context().close();
      }
    });
    // one assertion, so that a run reports every kind of problem at once
    assert.deepEqual([...problems, ...Array.from(new Set(english)).map((text) => `English string: ${text}`)], []);
    assert.ok(regions > 0, 'the sample has content that scrolls sideways on a phone');
  });
});

describe('no English interface string', () => {
  test('the phone menu, the mobile table of contents and the search dialog are Russian', async () => {
    const opened = await site.open({ viewport: { width: 420, height: 860 } });
    const { page } = opened;
    try {
      const path = '/docs/guide/signals/';
      await page.goto(site.server.url + path);
      await waitForSettled(page);
      const problems: string[] = [];
      const tocButton = page.locator('.theme-doc-toc-mobile button').first();
      if ((await tocButton.count()) > 0) await tocButton.click();
      await page.locator('button.navbar__toggle').click();
      await page.locator('.navbar-sidebar').waitFor({ state: 'visible' });
      problems.push(...englishFindings(`${path} (menu)`, await furnitureStrings(page)));
      await page.keyboard.press('Escape');
      await page.goto(site.server.url + path);
      await waitForSettled(page);
      await page.keyboard.press('Control+k');
      await page.locator('.DocSearch-Modal').waitFor({ state: 'visible' });
      await page.locator('.DocSearch-Input').fill('сигнал');
      await page.locator('.DocSearch-Hit').first().waitFor({ state: 'visible' });
      problems.push(...englishFindings(`${path} (search)`, await furnitureStrings(page)));
      for (const v of await axeViolations(page)) {
        if (isUpstreamDocSearchFinding(v)) continue;
        problems.push(`${path} [search dialog] ${v.id} (${v.impact}) ${v.help}: ${v.targets.join(' | ')}`);
      }
      assert.deepEqual(Array.from(new Set(problems)), []);
      assert.deepEqual(opened.offHost, []);
    } finally {
      await page.context().close();
    }
  });
});

describe('a glossary card open', () => {
  // The card beside a term's link (plugins/content/rehype-glossary-cards.ts) is hidden until hover or
  // keyboard focus, so the sample above never checks it open.
  test('axe finds no serious or critical violation with a card open, light and dark at desktop width and on a 360 px screen, where the card fits', async () => {
    const { page } = await site.open(SCREENS.desktop);
    try {
      const path = '/docs/guide/signals/';
      await page.goto(site.server.url + path);
      await waitForSettled(page);
      const wrapper = page.locator('.theme-doc-markdown .monq-term').first();
      const card = wrapper.locator('> .monq-term__card');
      const problems: string[] = [];
      const report = (screen: string, found: AxeFinding[]) => {
        for (const v of found) problems.push(`${path} [${screen}, card open] ${v.id} (${v.impact}) ${v.help}: ${v.targets.join(' | ')}`);
      };
      await wrapper.locator('> a').hover();
      assert.equal(await card.isVisible(), true);
      report('light', await axeViolations(page));
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
      await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
      report('dark', await axeViolations(page, COLOUR_RULES));
      await page.emulateMedia({ colorScheme: 'light' });
      await page.mouse.move(0, 0);
      await page.setViewportSize(SCREENS.phone.viewport);
      await page.waitForFunction(() => window.innerWidth === 360);
      // on the phone, the keyboard opens it: Tab until the term's link has the focus
      const link = wrapper.locator('> a');
      for (let i = 0; i < 300 && !(await link.evaluate((element) => element === document.activeElement)); i++) await page.keyboard.press('Tab');
      assert.equal(await card.isVisible(), true, 'focus opens the card on the phone');
      report('phone', await axeViolations(page));
      const box = (await card.boundingBox())!;
      assert.ok(box.x >= 0 && box.x + box.width <= 360, `the card fits the 360 px screen: ${JSON.stringify(box)}`);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 360, 'no sideways scroll');
      assert.deepEqual(problems, []);
    } finally {
      await page.context().close();
    }
  });
});
