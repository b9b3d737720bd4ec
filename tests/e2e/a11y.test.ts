/**
 * Accessibility and language of the interface, on a deterministic sample of the production build
 * (every section, both versions, the upgrade instance, the standalone pages):
 * - axe-core, injected by the test, finds no serious or critical violation, colour contrast
 *   included, in light mode and in dark mode;
 * - no English string in the page furniture: navbar, sidebars, footer, table of contents, pagination,
 *   breadcrumbs, banners, buttons, and every `aria-label`, `title` and `placeholder`.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { buildDir, pool, siteUnderTest, type OpenedPage } from './lib';
import { A11Y_SAMPLE_SIZE, KEY_PAGES, builtPages, samplePages, sectionOf, sitemapPaths } from '../../scripts/lib/bench-pages';
import { englishWords } from '../../scripts/lib/bench-uitext';
import { waitForSettled } from '../../scripts/lib/bench-js';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const site = siteUnderTest();

const sitemap = sitemapPaths(readFileSync(join(buildDir, 'sitemap.xml'), 'utf8'));
const allPages = Array.from(new Set([...sitemap, ...builtPages(buildDir, 'docs/8.9'), ...KEY_PAGES])).sort();
const sample = samplePages(allPages, A11Y_SAMPLE_SIZE, KEY_PAGES);



interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

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

/** Inject axe-core and return its serious and critical violations on the current page. */
async function axeViolations(page: Page): Promise<AxeFinding[]> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, { resultTypes: ['violations'] })) as {
      violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
    };
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.slice(0, 4).map((node) => String(node.target.join(' '))),
      }));
  });
}

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
    for (const container of Array.from(document.querySelectorAll(containers.join(',')))) {
      const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim();
        if (text) strings.add(text);
      }
    }
    for (const element of Array.from(document.querySelectorAll('[aria-label], [title], [placeholder]'))) {
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

async function load(path: string, colorScheme: 'light' | 'dark'): Promise<OpenedPage> {
  const opened = await site.open({ colorScheme, viewport: { width: 1280, height: 900 } });
  await opened.page.goto(site.server.url + path, { waitUntil: 'domcontentloaded' });
  await waitForSettled(opened.page);
  return opened;
}

describe('the gates can fail', () => {
  test('axe reports a low-contrast text as a serious violation', async () => {
    const { page } = await site.open();
    await page.setContent('<html lang="ru"><title>t</title><main><p style="color:#aaa;background:#fff">Текст</p></main></html>');
    const found = await axeViolations(page);
    assert.ok(found.some((violation) => violation.id === 'color-contrast'), JSON.stringify(found));
    await page.context().close();
  });

  test('the furniture check reads aria-labels, titles and button texts', async () => {
    const { page } = await site.open();
    await page.setContent(
      '<nav class="navbar"><a title="Edit this page">Правка</a></nav><button aria-label="Close">×</button><footer>Monq Docs</footer>',
    );
    const found = englishFindings('fixture', await furnitureStrings(page));
    assert.equal(found.length, 2, found.join('\n'));
    await page.context().close();
  });
});

describe(`accessibility of ${sample.length} pages`, () => {
  test('the sample spans every section', () => {
    assert.deepEqual(Array.from(new Set(sample.map(sectionOf))).sort(), Array.from(new Set(allPages.map(sectionOf))).sort());
    assert.ok(sample.length >= Math.min(60, allPages.length));
  });

  for (const mode of ['light', 'dark'] as const) {
    const title =
      mode === 'light'
        ? 'light mode: axe finds no serious or critical violation, and the furniture has no English string'
        : 'dark mode: axe finds no serious or critical violation';
    test(title, async () => {
      const problems: string[] = [];
      const english: string[] = [];
      await pool(sample, 2, async (path) => {
        const opened = await load(path, mode);
        try {
          const theme = await opened.page.getAttribute('html', 'data-theme');
          if (theme !== mode) problems.push(`${path}: data-theme is ${theme}, expected ${mode}`);
          for (const v of await axeViolations(opened.page)) {
            problems.push(`${path} [${mode}] ${v.id} (${v.impact}) ${v.help}: ${v.targets.join(' | ')}`);
          }
          for (const url of opened.offHost) problems.push(`${path}: off-host request ${url}`);
          if (mode === 'light') english.push(...englishFindings(path, await furnitureStrings(opened.page)));
        } finally {
          await opened.page.context().close();
        }
      });
      // one assertion, so that a run reports every kind of problem at once
      assert.deepEqual([...problems, ...Array.from(new Set(english)).map((text) => `English string: ${text}`)], []);
    });
  }
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
