/**
 * The kept article (src/lib/article/README.md): the page the reader opened keeps the article the
 * server rendered when it becomes interactive, and loads no compiled Markdown; its links, code
 * blocks (copy, word wrap) and images still do what the reader expects.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { buildDir, firstInput, siteUnderTest } from './lib';

const site = siteUnderTest();
const interactive = 'html[data-has-hydrated="true"]:not([data-hydrating])';
const ARTICLE = 'article .theme-doc-markdown';

/** The site's script files the page requested. */
function watchScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

async function openInteractive(path: string) {
  const opened = await site.open({ viewport: { width: 1280, height: 900 } });
  await opened.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const scripts = watchScripts(opened.page);
  await opened.page.goto(site.server.url + path, { waitUntil: 'load' });
  // a mark on the server's article node: it survives only if hydration keeps that very node
  await opened.page.locator(`${ARTICLE} > p`).first().evaluate((node) => Object.assign(node, { monqProbe: 'server' }));
  await firstInput(opened.page);
  await opened.page.locator(interactive).waitFor({ state: 'attached', timeout: 20_000 });
  return { ...opened, scripts };
}

describe('the article of the opened page', () => {
  test('is the server\'s own DOM after hydration, and no compiled Markdown of the page is loaded', async () => {
    const { page, scripts, consoleErrors } = await openInteractive('/docs/guide/signals/');
    assert.equal(
      await page.locator(`${ARTICLE} > p`).first().evaluate((node) => (node as unknown as { monqProbe?: string }).monqProbe),
      'server',
      'the first paragraph is the node the server sent',
    );
    assert.ok(scripts.length > 3, `scripts ran after the input: ${scripts.length}`);
    const compiled = scripts.filter((path) =>
      readFileSync(join(buildDir, path), 'utf8').includes('"permalink":"/docs/guide/signals"'),
    );
    assert.deepEqual(compiled, [], 'no script with the page\'s compiled Markdown ran');
    // the data the page needs besides the article came with the HTML
    const data = JSON.parse((await page.locator('#monq-article-data').first().textContent()) ?? '{}') as { metadata?: { title?: string }; toc?: unknown[] };
    assert.equal(data.metadata?.title, 'Сигналы');
    assert.ok((data.toc?.length ?? 0) > 3, 'the table of contents is in the data block');
    assert.ok((await page.locator('.table-of-contents a').count()) > 3, 'the table of contents is drawn');
    assert.deepEqual(consoleErrors, []);
  });

  test('code blocks get a copy button that copies the code as written', async () => {
    const { page, consoleErrors } = await openInteractive('/docs/reference/data-pipeline/');
    const block = page.locator(`${ARTICLE} .theme-code-block`).first();
    const button = block.locator('button.monq-copy-button');
    await button.waitFor({ state: 'attached' });
    assert.equal(await button.getAttribute('aria-label'), 'Скопировать в буфер обмена');
    await block.hover();
    await button.click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(copied, /^\{\n {2}"[\w@]+": /, 'the copied text has its line breaks and indentation');
    assert.match(copied, /\n {4}"[\w@]+": /, 'nested keys keep their deeper indentation');
    assert.equal(await button.getAttribute('aria-label'), 'Скопировано');
    assert.deepEqual(consoleErrors, []);
  });

  test('a code block with a long line gets the theme\'s word-wrap button: a click wraps its lines, another unwraps them', async () => {
    // the theme's WordWrapButton and useCodeWordWrap (theme-classic, theme-common 3.10.2)
    const { page, consoleErrors } = await openInteractive('/docs/solutions/integrations/external/nagios-core/');
    const shown = 'button.monq-wrap-button:not([hidden])';
    const block = page.locator(`${ARTICLE} .theme-code-block`).filter({ has: page.locator(shown) }).first();
    await block.waitFor();
    const button = block.locator(shown);
    assert.equal(await button.getAttribute('aria-label'), 'Переключить перенос по строкам');
    assert.equal(await button.getAttribute('title'), 'Переключить перенос по строкам');
    assert.deepEqual(
      await block.locator('.monq-code-buttons button').evaluateAll((buttons) => buttons.map((node) => node.classList[1])),
      ['monq-wrap-button', 'monq-copy-button'],
      'word wrap, then copy: the theme\'s order',
    );
    const pre = block.locator('pre');
    const layout = () =>
      pre.evaluate((node) => ({
        scrolls: node.scrollWidth > node.clientWidth,
        height: node.clientHeight,
        whiteSpace: getComputedStyle(node.querySelector('code')!).whiteSpace,
      }));
    const before = await layout();
    assert.equal(before.scrolls, true, 'the long line scrolls sideways');
    await block.hover();
    await button.click();
    const wrapped = await layout();
    assert.equal(wrapped.scrolls, false, 'wrapped: nothing scrolls sideways');
    assert.equal(wrapped.whiteSpace, 'pre-wrap');
    assert.ok(wrapped.height > before.height, `the wrapped lines take more height: ${before.height} → ${wrapped.height}`);
    assert.match((await button.getAttribute('class')) ?? '', /monq-wrap-button--enabled/);
    await button.click();
    const unwrapped = await layout();
    assert.deepEqual(unwrapped, before, 'a second click gives the lines back as they were');
    assert.equal(await pre.locator('code').getAttribute('style'), null);
    // a block whose lines fit has no word-wrap button to show, as in the theme
    const fitting = page.locator(`${ARTICLE} .theme-code-block`).filter({ hasNot: page.locator(shown) });
    assert.ok((await fitting.count()) > 0);
    assert.equal(await fitting.first().locator('button.monq-wrap-button').isVisible(), false);
    assert.deepEqual(consoleErrors, []);
  });

  test('a link in it opens the next page inside the app; that page renders its own article, and Back shows the kept one', async () => {
    const { page, consoleErrors } = await openInteractive('/docs/guide/signals/');
    await page.evaluate(() => Object.assign(window, { monqSameDocument: true }));
    const link = page.locator(`${ARTICLE} > p a[href^="/docs/"]:not([href*="/changes/"])`).first();
    const href = (await link.getAttribute('href')) ?? '';
    await link.click();
    await page.waitForURL((url) => url.pathname === href);
    await page.locator(`${ARTICLE} > p`).first().waitFor();
    assert.equal(await page.evaluate(() => (window as unknown as { monqSameDocument?: boolean }).monqSameDocument), true, 'no page load');
    assert.notEqual(await page.locator('article h1').first().textContent(), 'Сигналы', 'the next page\'s article is drawn');

    // a page rendered in the browser has the theme's own code buttons
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/docs/guide/signals/');
    await page.locator('article h1', { hasText: 'Сигналы' }).waitFor();
    assert.ok((await page.locator(`${ARTICLE} > p`).count()) > 3, 'the kept article is back');
    assert.deepEqual(consoleErrors, []);
  });

  test('a card of an index page opens its page inside the app, with the theme\'s own code buttons', async () => {
    const { page, consoleErrors } = await openInteractive('/docs/reference/');
    await page.evaluate(() => Object.assign(window, { monqSameDocument: true }));
    await page.locator(`${ARTICLE} a[href="/docs/reference/data-pipeline/"]`).first().click();
    await page.waitForURL((url) => url.pathname === '/docs/reference/data-pipeline/');
    await page.locator('article h1', { hasText: 'Тракт обработки данных' }).waitFor();
    assert.equal(await page.evaluate(() => (window as unknown as { monqSameDocument?: boolean }).monqSameDocument), true, 'no page load');
    await page.locator(`${ARTICLE} .theme-code-block button`).first().waitFor({ state: 'attached' });
    assert.equal(await page.locator(`${ARTICLE} .monq-copy-button`).count(), 0, 'the theme\'s buttons, not the kept article\'s');
    assert.deepEqual(consoleErrors, []);
  });
});
