/**
 * Every switch the README offers still gives a working site: for each variant build of
 * scripts/build-variant.ts (SWITCH_VARIANTS; hosted search has tests/e2e/search.test.ts), a doc page
 * renders with its title and sidebar, local search answers «пороги», and an image zooms, with no
 * console error and no request leaving loopback. Each variant also shows that its switch took
 * effect, so that a build which ignored the switch cannot pass for it.
 *
 * The variants are built by scripts/test.sh (`npx tsx scripts/build-variant.ts <name>`). A missing
 * variant fails the run in CI (CI=true); elsewhere its tests are skipped with the command to build it.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { hydrated, launchBrowser, openPage, startServer, titleOf, type OpenedPage } from './lib';
import type { RunningServer } from '../../scripts/lib/static-server';
import { DUMMY_METRICA_ID, SWITCH_VARIANTS, VARIANTS } from '../../scripts/build-variant';

/** A 9.0 doc page with a diagram in its text (a zoomable content image). */
const DOC = '/docs/guide/signals/';
const DOC_TITLE = /^Сигналы \| Monq Docs$/;

type SwitchVariant = (typeof SWITCH_VARIANTS)[number];

function variantDir(name: SwitchVariant): string {
  return resolve(VARIANTS[name]!.outDir);
}

/** Whether the browser bundle runs on react-dom: React marks the root container it hydrates, Preact does not. */
async function onReactDom(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const root = document.getElementById('__docusaurus');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer$'));
  });
}

/** Whether the build's JavaScript was bundled by Rspack (its runtime names itself) rather than webpack. */
function bundledByRspack(dir: string): boolean {
  const js = join(dir, 'assets/js');
  return readdirSync(js).some((name) => name.endsWith('.js') && readFileSync(join(js, name), 'utf8').includes('bundler=rspack@'));
}

/** What each variant's switch changes, seen from the built site. */
const SWITCH_TOOK_EFFECT: Record<SwitchVariant, (page: Page, server: RunningServer, dir: string) => Promise<void>> = {
  async 'next-load'(page, server) {
    // DOCS_HYDRATION=load is checked as the page opens (the scripts ran before any input).
    // DOCS_PREVIEW_NEXT=true: the next version is built, under /docs/next/, with the unreleased banner.
    const next = await page.request.get(`${server.url}/docs/next${DOC.slice('/docs'.length)}`);
    assert.equal(next.status(), 200, 'the page of the next version is built');
    assert.match(await next.text(), /theme-doc-version-banner[^>]*>\s*<div>Это документация для будущей версии/, 'with the unreleased banner');
  },
  async webpack(_page, _server, dir) {
    assert.equal(bundledByRspack(dir), false, 'DOCS_FASTER=false bundles with webpack');
  },
  async stock(page, _server, dir) {
    assert.equal(await onReactDom(page), true, 'DOCS_PREACT=false hydrates with react-dom');
    // kept-article: no article data block; the compiled article renders, with the theme's code buttons.
    assert.equal(await page.locator('#monq-article-data').count(), 0, 'no article data block');
    await page.locator('article .theme-code-block button').first().waitFor({ state: 'attached' });
    assert.equal(await page.locator('article .monq-copy-button').count(), 0, 'the theme\'s code buttons, not the kept article\'s');
    // DOCS_PRIVATE_OFF=all (config/private-paths.ts), as seen in the built files:
    const html = readFileSync(join(dir, DOC.slice(1), 'index.html'), 'utf8');
    assert.match(html, /<script data-prefetch(?:="")? data-scripts=/, 'chunk-origins: the boot prefetches no route chunk');
    const js = join(dir, 'assets/js');
    const main = readdirSync(js).find((name) => /^main\.\w+\.js$/.test(name)) ?? '';
    // The route → chunk table is keyed by route path and hash: with parts, 8.9's keys are in its own part.
    assert.match(readFileSync(join(js, main), 'utf8'), /"\/docs\/8\.9\/guide\/signals\/-[0-9a-f]+"/, 'route-parts: main.js holds the route table of every version');
    // theme-fallbacks and search-theme: the theme's components (the core's English crash page, the
    // theme's search bar with its preconnect hint; search answered above through the local client).
    assert.ok(readFileSync(join(js, main), 'utf8').includes('This page crashed'), 'theme-fallbacks: the core\'s crash page');
    assert.match(html, /<link[^>]+rel="?preconnect"?[^>]+href="?https:\/\/LOCAL-dsn\.algolia\.net/, 'search-theme: the theme\'s own search bar');
  },
  async 'pr-preview'(page) {
    assert.equal(await page.evaluate(() => typeof (window as unknown as { ym?: unknown }).ym), 'undefined', 'no counter');
    const html = await page.content();
    assert.ok(!html.includes(DUMMY_METRICA_ID), 'the counter id set for the build is not in the page');
  },
};

let browser: Browser | undefined;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

for (const name of SWITCH_VARIANTS) {
  const dir = variantDir(name);
  const built = existsSync(join(dir, 'index.html'));
  // In CI a missing variant is a failure (the test asserts its build is there); elsewhere a skip that
  // says how to build it.
  const skip = !built && !process.env.CI ? `no build in ${dir}: npx tsx scripts/build-variant.ts ${name}` : false;

  describe(`${name}: ${VARIANTS[name]!.description}`, { skip }, () => {
    test('a doc page renders, search answers «пороги», an image zooms; no console error, nothing leaves loopback', async () => {
      assert.ok(built, `no build in ${dir}: scripts/test.sh builds it (npx tsx scripts/build-variant.ts ${name})`);
      assert.ok(browser);
      const server = await startServer(dir);
      try {
        await checkVariant(name, dir, server, await openPage(browser, { viewport: { width: 1280, height: 900 } }));
      } finally {
        await server.close();
      }
    });
  });
}

async function checkVariant(name: SwitchVariant, dir: string, server: RunningServer, opened: OpenedPage): Promise<void> {
  const { page, offHost, consoleErrors, failedRequests } = opened;
  const response = await page.goto(server.url + DOC, { waitUntil: 'load' });
  assert.equal(response?.status(), 200);
  if (name === 'next-load') {
    // DOCS_HYDRATION=load: the page's scripts run with the page, before any input of the reader.
    await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached', timeout: 45_000 });
    assert.equal(await page.getAttribute('html', 'data-hydration'), null, 'no boot waits for a first input');
  }
  await hydrated(page);

  assert.match(await titleOf(page), DOC_TITLE);
  assert.equal((await page.locator('article h1').first().textContent())?.trim(), 'Сигналы');
  const sidebar = page.locator('.theme-doc-sidebar-container');
  assert.equal(await sidebar.isVisible(), true, 'the docs sidebar is shown');
  assert.equal(await sidebar.locator(`a.menu__link--active[href="${DOC}"]`).count(), 1, 'the sidebar marks the open page');

  await page.locator('.navbar .DocSearch-Button').first().click();
  await page.locator('.DocSearch-Modal').waitFor({ state: 'visible', timeout: 20_000 });
  await page.keyboard.type('пороги');
  // Hits follow the typing: wait for the answer to the whole word, the thresholds page.
  await page.locator('.DocSearch-Hit a[href^="/docs/guide/thresholds/"]').first().waitFor({ state: 'visible', timeout: 20_000 });
  await page.keyboard.press('Escape');
  await page.locator('.DocSearch-Modal').waitFor({ state: 'detached' });

  const image = page.locator('article .markdown img').first();
  await image.scrollIntoViewIfNeeded();
  await image.click();
  await page.locator('.medium-zoom-overlay').waitFor({ state: 'visible', timeout: 20_000 });
  await page.locator('.markdown img[aria-expanded="true"]').waitFor({ state: 'attached' });

  await SWITCH_TOOK_EFFECT[name](page, server, dir);
  if (name !== 'stock') assert.equal(await onReactDom(page), false, 'the browser bundle runs on Preact');

  assert.deepEqual(offHost, [], 'no request leaves loopback');
  assert.deepEqual(consoleErrors, [], 'no console error');
  assert.deepEqual(failedRequests, [], 'no failed request');
  await page.context().close();
}
