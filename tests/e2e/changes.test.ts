/**
 * «Что изменилось с 8.9» (plugins/changes) in the built site, in Chromium on loopback:
 * - a changed 9.0 page shows a closed <details> under its title, which opens with scripts turned off;
 *   an unchanged page shows nothing, a new page the mark «Новое в 9.0»;
 * - a comparison page on a 360 px phone: nothing wider than the screen, additions and removals
 *   marked by signs and underlining / striking through, not by colour alone; axe in light, dark and
 *   phone; `noindex`, out of the sitemap;
 * - the overview lists every changed, new and removed page and is linked from the upgrade notes and
 *   the 9.0 start page.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { axeViolations, buildDir, hydrated, siteUnderTest, visit } from './lib';
import { sitemapPaths } from '../../scripts/lib/bench-pages';

const site = siteUnderTest();

/** A page with one section removed in 9.0; a page whose only difference is the quoting of its front matter; a page new in 9.0. */
const CHANGED = '/docs/guide/reports/';
const UNCHANGED = '/docs/automation/glossary/';
const NEW = '/docs/guide/main-menu/';
/** Parameters moved to the agent plugins page under new names, a writer's note, a sample whose only change is a date. */
const TAIL = '/docs/reference/agent-plugins/tail/';
/** A comparison with parameter rows, code and prose changes. */
const COMPARISON = '/docs/changes/reference/agent-plugins/tcp/';
const OVERVIEW = '/docs/changes/';

/** Every comparison page of the build. */
function comparisonPages(dir = join(buildDir, 'docs/changes'), prefix = '/docs/changes/'): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const path = `${prefix}${entry.name}/`;
    if (existsSync(join(dir, entry.name, 'index.html'))) found.push(path);
    found.push(...comparisonPages(join(dir, entry.name), path));
  }
  return found;
}

async function axeEverywhere(page: Page, path: string): Promise<string[]> {
  const problems: string[] = [];
  // the theme follows the system once the page's scripts run
  if ((await page.getAttribute('html', 'data-has-hydrated')) !== 'true') await hydrated(page);
  const report = (screen: string, found: Awaited<ReturnType<typeof axeViolations>>) => {
    for (const v of found) problems.push(`${path} [${screen}] ${v.id} (${v.impact}) ${v.help}: ${v.targets.join(' | ')}`);
  };
  for (const mode of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: mode });
    await page.waitForFunction((expected) => document.documentElement.dataset.theme === expected, mode);
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    // the block and the comparison are read open: every element is checked
    await page.evaluate(() => document.querySelectorAll('details.monq-changes').forEach((details) => details.setAttribute('open', '')));
    report(mode, await axeViolations(page));
  }
  return problems;
}

describe('the block on 9.0 pages', () => {
  test('a changed page: closed <details> under the title with the summary line; it opens, lists the sections and links to the comparison, with scripts turned off', async () => {
    // no script at all: the browser opens <details> by itself
    const { page } = await site.open({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
    await page.goto(site.server.url + CHANGED);
    const block = page.locator('article details.monq-changes');
    assert.equal(await block.count(), 1);
    // right under the title
    assert.equal(await page.locator('article header:has(h1) + details.monq-changes').count(), 1);
    assert.equal(await block.getAttribute('open'), null, 'collapsed by default');
    const compare = block.getByRole('link', { name: 'Сравнить с 8.9' });
    assert.equal(await compare.isVisible(), false);
    assert.equal((await block.locator('summary').innerText()).trim(), 'Что изменилось с 8.9: 1 раздел удалён');
    await block.locator('summary').click();
    await compare.waitFor({ state: 'visible' });
    assert.deepEqual(await block.locator('li').allInnerTexts(), ['Откуда берутся проблемы — раздел удалён']);
    assert.equal(await block.locator('li a').getAttribute('href'), '/docs/changes/guide/reports/#problems-source');
    await compare.click();
    await page.waitForURL('**/docs/changes/guide/reports/');
    assert.match(await page.locator('h1').innerText(), /«Отчёты»: сравнение 9\.0 с 8\.9/);
    assert.equal(await page.locator('#problems-source').count(), 1);
    await page.context().close();
  });

  test('moved parameters: the tail block shows the writer\'s note first, names «streamKey → …» and does not call the date in a sample a change', async () => {
    const { page } = await site.open({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
    await page.goto(site.server.url + TAIL);
    const block = page.locator('article details.monq-changes');
    const summary = (await block.locator('summary').innerText()).trim();
    assert.match(summary, /4 параметра перенесены/);
    assert.doesNotMatch(summary, /5 параметров удалено/);
    await block.locator('summary').click();
    const note = block.locator('.monq-changes__note');
    await note.waitFor({ state: 'visible' });
    assert.match(await note.innerText(), /^При обновлении: Буфер и ключ потока перенесите/);
    // the note comes before the list of sections
    assert.equal(await block.locator('.monq-changes__note ~ ul').count(), 1);
    const items = await block.locator('li').allInnerTexts();
    const parameters = items.find((item) => item.startsWith('Параметры —')) ?? '';
    for (const pair of ['«streamKey» → «artifacts[].send-to.monq.stream-key»', '«bufferInputName» → «buffer.input-name»', '«bufferType» → «buffer.type»', '«chunkSize» → «buffer.chunk-size»']) {
      assert.ok(parameters.includes(pair), `${pair} in ${parameters}`);
    }
    assert.match(parameters, /страница «Плагины агента»/);
    assert.doesNotMatch(parameters, /названия в интерфейсе/);
    // «Что отправляет плагин»: 10/Jun → 10/Oct in the sample is a value, not a change of the sample
    const output = items.find((item) => item.startsWith('Что отправляет плагин')) ?? '';
    assert.ok(output, items.join(' | '));
    assert.doesNotMatch(output, /пример кода/);
    assert.match(output, /изменён смысл текста/);
    await page.context().close();
  });

  test('an unchanged page shows nothing; a new page shows «Новое в 9.0»', async () => {
    const { page } = await site.open();
    await page.goto(site.server.url + UNCHANGED);
    assert.equal(await page.locator('.monq-changes').count(), 0);
    await page.goto(site.server.url + NEW);
    const mark = page.locator('article .monq-changes--new');
    assert.match(await mark.innerText(), /^Новое в 9\.0\. Этой страницы в документации 8\.9 не было\./);
    assert.equal(await page.locator('article details.monq-changes').count(), 0);
    await page.context().close();
  });

  test('the opened block passes axe in light and dark mode, on desktop and on a 360 px phone', async () => {
    const opened = await site.open({ viewport: { width: 1280, height: 900 } });
    const { page } = opened;
    await visit(page, site.server.url + CHANGED);
    assert.deepEqual(await axeEverywhere(page, CHANGED), []);
    await page.setViewportSize({ width: 360, height: 740 });
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(opened.consoleErrors, []);
    await page.context().close();
  });
});

describe('a comparison page', () => {
  test('on a 360 px phone: nothing wider than the screen, marks that do not rely on colour, axe clean in light and dark mode', async () => {
    const opened = await site.open({ viewport: { width: 360, height: 740 } });
    const { page } = opened;
    const response = await visit(page, site.server.url + COMPARISON);
    assert.equal(response?.status(), 200);
    assert.equal(await page.getAttribute('meta[name="robots"]', 'content'), 'noindex, follow');
    const overflow = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      wide: Array.from(document.querySelectorAll<HTMLElement>('main *'))
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
        .map((element) => element.tagName.toLowerCase() + (element.className ? `.${String(element.className)}` : ''))
        .slice(0, 5),
    }));
    assert.deepEqual(overflow, { page: 360, wide: [] });
    // additions are underlined, removals struck through, each block has a sign and a label for screen readers
    const marks = await page.evaluate(() => ({
      ins: document.querySelectorAll('main ins').length,
      del: document.querySelectorAll('main del').length,
      underline: getComputedStyle(document.querySelector('main ins')!).textDecorationLine,
      strike: getComputedStyle(document.querySelector('main del')!).textDecorationLine,
      labels: Array.from(new Set(Array.from(document.querySelectorAll('main [class*="hidden"]')).map((element) => element.textContent))).sort(),
    }));
    assert.ok(marks.ins > 0 && marks.del > 0, JSON.stringify(marks));
    assert.equal(marks.underline, 'underline');
    assert.equal(marks.strike, 'line-through');
    assert.deepEqual(marks.labels, ['Добавлено в 9.0: ', 'Изменено: ', 'Удалено в 9.0: ']);
    const sections = await page.locator('main section h2').count();
    assert.ok(sections > 3, `sections: ${sections}`);
    assert.deepEqual(await axeEverywhere(page, COMPARISON), []);
    await page.setViewportSize({ width: 1280, height: 900 });
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(opened.consoleErrors, []);
    await page.context().close();
  });

  test('comparison pages are out of the sitemap; the overview is in it', () => {
    const sitemap = sitemapPaths(readFileSync(join(buildDir, 'sitemap.xml'), 'utf8'));
    assert.ok(comparisonPages().length > 10);
    assert.deepEqual(sitemap.filter((path) => path.startsWith('/docs/changes/') && path !== OVERVIEW), []);
    assert.ok(sitemap.includes(OVERVIEW));
  });
});

describe('the overview', () => {
  test('lists every changed page with its summary, the new pages and the removed ones with their 8.9 address; linked from the upgrade notes and the start page', async () => {
    const opened = await site.open({ viewport: { width: 1280, height: 900 } });
    const { page } = opened;
    // the page as served, before any script runs
    await page.goto(site.server.url + OVERVIEW);
    assert.equal(await page.locator('h1').innerText(), 'Что изменилось в документации 9.0');
    const compareLinks = await page.locator('main a', { hasText: 'Сравнение' }).evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    assert.deepEqual([...compareLinks].sort(), comparisonPages().sort());
    const removed = await page.locator('main h3[id$="-removed"] + ul a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    assert.ok(removed.includes('/docs/8.9/guide/administration/userlogs/'), removed.join(' '));
    assert.ok(removed.every((href) => href?.startsWith('/docs/8.9/')));
    const added = await page.locator('main h3[id$="-new"] + ul a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    assert.ok(added.includes(NEW), added.join(' '));
    assert.match(await page.locator('main').innerText(), /Отчёты — 1 раздел удалён\./);
    assert.deepEqual(await axeEverywhere(page, OVERVIEW), []);
    await page.setViewportSize({ width: 360, height: 740 });
    assert.deepEqual(await axeViolations(page), []);
    for (const from of ['/upgrade/v9/', '/docs/get-started/']) {
      await page.goto(site.server.url + from);
      // in the text, not in the block of the page
      const links = await page.locator(`article a[href="${OVERVIEW}"]`).evaluateAll((found) => found.filter((link) => !link.closest('.monq-changes')).length);
      assert.equal(links, 1, `${from} links to the overview`);
    }
    await page.context().close();
  });
});
