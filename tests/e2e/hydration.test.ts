/**
 * Hydration on intent (src/lib/hydration/boot.ts): a page runs none of the site's scripts until
 * the reader's first input; what the reader does before the page is interactive is not lost.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { axeViolations, firstInput, hydrated, siteUnderTest, startServer } from './lib';
import type { RunningServer } from '../../scripts/lib/static-server';
import { VARIANTS } from '../../scripts/build-variant';
import { METRICA_TAG_URL } from '../../src/shared/metrica';

const site = siteUnderTest();
/** The build with the analytics counter on (scripts/test.sh builds it; see reader.test.ts). */
const metricaBuildDir = resolve(process.env.MONQ_DOCS_METRICA_BUILD_DIR ?? VARIANTS.metrica!.outDir);

/** Scripts of the site the page has requested as scripts (a `<link rel=prefetch>` is not one). */
function watchScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

const interactive = 'html[data-has-hydrated="true"]:not([data-hydrating])';
const DOC = '/docs/guide/signals/';

describe('hydration on intent', () => {
  test('a doc page runs no script of the site until the first input, then becomes interactive', async () => {
    const { page, consoleErrors } = await site.open({ viewport: { width: 1280, height: 900 } });
    const scripts = watchScripts(page);
    await page.goto(site.server.url + DOC, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    assert.deepEqual(scripts, [], 'no script requested before an input');
    assert.equal(await page.getAttribute('html', 'data-hydration'), 'waiting');
    assert.equal(await page.getAttribute('html', 'data-has-hydrated'), 'false');
    const prefetched = await page.locator('link[rel="prefetch"][as="script"]').evaluateAll((links) =>
      links.map((link) => new URL((link as HTMLLinkElement).href).pathname),
    );
    assert.ok(prefetched.some((path) => /\/main\.\w+\.js$/.test(path)), 'main.js is prefetched for later');
    assert.ok(prefetched.some((path) => /\/runtime~main\.\w+\.js$/.test(path)), 'the runtime is prefetched for later');
    // The article is there without scripts.
    assert.ok((await page.locator('article .theme-doc-markdown > p').count()) > 3);

    await firstInput(page);
    await page.locator(interactive).waitFor({ state: 'attached', timeout: 20_000 });
    assert.ok(scripts.some((path) => /\/main\.\w+\.js$/.test(path)), 'main.js runs after the input');
    assert.equal(await page.getAttribute('html', 'data-hydration'), 'done');
    assert.deepEqual(consoleErrors, []);
  });

  test('a tap on the menu button before the page is interactive opens the menu once it is', async () => {
    const { page, consoleErrors } = await site.open({ viewport: { width: 420, height: 860 } });
    await page.goto(site.server.url + DOC, { waitUntil: 'load' });
    assert.equal(await page.getAttribute('html', 'data-hydration'), 'waiting');
    // The click is the first input: it starts the scripts and is held back until they have hydrated.
    await page.locator('button.navbar__toggle').click();
    await page.locator(interactive).waitFor({ state: 'attached', timeout: 20_000 });
    await page.locator('.navbar-sidebar').waitFor({ state: 'visible' });
    await page.waitForTimeout(300);
    assert.equal(await page.locator('nav.navbar-sidebar--show').count(), 1, 'the menu stays open: the click ran once');
    assert.deepEqual(consoleErrors, []);
  });

  test('a click on the colour-mode button, disabled until hydration, changes the mode once it is interactive', async () => {
    // What one click does on an interactive page.
    const reference = (await site.open({ colorScheme: 'light', viewport: { width: 1280, height: 900 } })).page;
    await reference.goto(site.server.url + DOC);
    await hydrated(reference);
    const before = await reference.getAttribute('html', 'data-theme-choice');
    await reference.locator('.navbar button[class*="toggleButton"]').first().click();
    await reference.waitForFunction((choice) => document.documentElement.dataset.themeChoice !== choice, before);
    const expected = await reference.getAttribute('html', 'data-theme-choice');

    const { page, consoleErrors } = await site.open({ colorScheme: 'light', viewport: { width: 1280, height: 900 } });
    await page.goto(site.server.url + DOC, { waitUntil: 'load' });
    const toggle = page.locator('.navbar button[class*="toggleButton"]').first();
    assert.equal(await toggle.isDisabled(), true, 'the server renders the button disabled');
    assert.equal(await page.getAttribute('html', 'data-theme-choice'), before);
    const box = await toggle.boundingBox();
    assert.ok(box);
    // The press is the first input; the browser sends the disabled button no click of its own.
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.locator(interactive).waitFor({ state: 'attached', timeout: 20_000 });
    await page.waitForFunction((choice) => document.documentElement.dataset.themeChoice === choice, expected, { timeout: 5000 });
    await page.waitForTimeout(300);
    assert.equal(await page.getAttribute('html', 'data-theme-choice'), expected, 'one step, not two');
    assert.deepEqual(consoleErrors, []);
  });

  test('a link followed before the page is interactive loads the next page as a plain link', async () => {
    const { page, consoleErrors } = await site.open({ viewport: { width: 1280, height: 900 } });
    await page.goto(site.server.url + DOC, { waitUntil: 'load' });
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
    });
    await page.locator('a.pagination-nav__link--next').click();
    await page.waitForURL(/\/docs\/guide\/metrics\/$/);
    await page.locator('article h1').filter({ hasText: 'Метрики' }).waitFor();
    assert.deepEqual(documents, ['/docs/guide/metrics/'], 'the browser loaded the next page itself');
    await hydrated(page);
    assert.deepEqual(consoleErrors, []);
  });

  test('Ctrl+K pressed before the page is interactive opens the search dialog', async () => {
    const { page, consoleErrors } = await site.open({ viewport: { width: 1280, height: 900 } });
    await page.goto(site.server.url + DOC, { waitUntil: 'load' });
    assert.equal(await page.getAttribute('html', 'data-hydration'), 'waiting');
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Modal').waitFor({ state: 'visible', timeout: 20_000 });
    await page.locator('.DocSearch-Input').fill('сигнал');
    await page.locator('.DocSearch-Hit').first().waitFor({ state: 'visible' });
    assert.deepEqual(consoleErrors, []);
  });

  test('the search page starts at once when its address has a query, and waits without one', async () => {
    const { page, consoleErrors } = await site.open({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${site.server.url}/demo-search/`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    assert.equal(await page.getAttribute('html', 'data-hydration'), 'waiting', 'no query: the page waits for an input');

    await page.goto(`${site.server.url}/demo-search/?q=${encodeURIComponent('сигнал')}`, { waitUntil: 'load' });
    // No input is given: the query alone starts the page.
    await page.locator(interactive).waitFor({ state: 'attached', timeout: 20_000 });
    await page.locator('.monq-search-page__hit a').first().waitFor({ state: 'visible' });
    assert.equal(await page.locator('input[name="q"]').inputValue(), 'сигнал');
    assert.deepEqual(consoleErrors, []);
  });

  test('text typed into the search page before it is interactive is kept and searched', async () => {
    const { page, consoleErrors } = await site.open({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${site.server.url}/demo-search/`, { waitUntil: 'load' });
    const input = page.locator('input[name="q"]');
    await input.click();
    await input.pressSequentially('метрики');
    await page.locator(interactive).waitFor({ state: 'attached', timeout: 20_000 });
    await page.waitForTimeout(300);
    assert.equal(await input.inputValue(), 'метрики', 'the typed text survives hydration');
    await input.press('Enter');
    await page.waitForURL(/[?&]q=/);
    await page.locator('.monq-search-page__hit a').first().waitFor({ state: 'visible' });
    assert.deepEqual(consoleErrors, []);
  });

  test('a first click on a content image zooms it', async () => {
    const { page, consoleErrors } = await site.open({ viewport: { width: 1280, height: 900 } });
    await page.goto(site.server.url + DOC, { waitUntil: 'load' });
    assert.equal(await page.getAttribute('html', 'data-hydration'), 'waiting');
    const image = page.locator('article .markdown img').first();
    await image.scrollIntoViewIfNeeded();
    // The click is the first input: it starts the scripts, and the image opens once they run.
    await image.click();
    await page.locator('.medium-zoom-overlay').waitFor({ state: 'visible', timeout: 20_000 });
    await page.locator('.markdown img[aria-expanded="true"]').waitFor({ state: 'attached' });
    assert.deepEqual(consoleErrors, []);
  });

  /** Serious and critical axe findings inside the search shell (rule id and the first element). */
  async function shellFindings(page: Page): Promise<string[]> {
    return (await axeViolations(page, undefined, '.monq-search-shell')).map((found) => `${found.id}: ${found.targets[0] ?? ''}`);
  }

  /**
   * Holds back `main.js` until `release()`: the page stays not interactive for as long as a test needs
   * (its prefetch waits too, so no cached copy can start the page early).
   */
  async function holdMainScript(page: Page): Promise<() => void> {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((open) => (release = open));
    await page.route(/\/assets\/js\/main\.\w+\.js$/, async (route) => {
      await gate;
      await route.fallback();
    });
    return release;
  }

  test('a first click on search opens a dialog with a focused input before the page is interactive; the typed text carries over', async () => {
    const { page, consoleErrors } = await site.open({ viewport: { width: 1280, height: 900 } });
    const release = await holdMainScript(page);
    await page.goto(site.server.url + DOC, { waitUntil: 'load' });
    await page.locator('.navbar .DocSearch-Button').first().click();
    const shell = page.locator('.monq-search-shell[role="dialog"][aria-modal="true"]');
    await shell.waitFor({ state: 'visible', timeout: 2_000 });
    assert.equal(await page.evaluate(() => document.activeElement?.matches('.monq-search-shell input[type="search"]')), true, 'its input has focus');
    assert.equal(await shell.locator('input').getAttribute('placeholder'), 'Поиск по документации');
    await shell.getByRole('status').waitFor({ state: 'visible' });
    assert.deepEqual(await shellFindings(page), [], 'axe, light mode, desktop (status line shown)');
    await page.keyboard.type('сигн');
    assert.equal(await page.getAttribute('html', 'data-has-hydrated'), 'false', 'typed before the page is interactive');
    release();
    await page.locator('.DocSearch-Modal').waitFor({ state: 'visible', timeout: 20_000 });
    await page.keyboard.type('ал');
    assert.equal(await page.locator('.DocSearch-Input').inputValue(), 'сигнал', 'nothing typed is lost in the takeover');
    assert.equal(await page.locator('.monq-search-shell').count(), 0, 'the shell is gone');
    await page.locator('.DocSearch-Hit').first().waitFor({ state: 'visible' });
    assert.deepEqual(consoleErrors, []);
  });

  test('the shell answers the first query itself, before the page is interactive; a hit from it opens its page', async () => {
    const { page, consoleErrors } = await site.open({ viewport: { width: 1280, height: 900 } });
    // The page's script never arrives in this test: whatever the shell shows, it shows by itself.
    await holdMainScript(page);
    await page.goto(site.server.url + DOC, { waitUntil: 'load' });
    await page.locator('.navbar .DocSearch-Button').first().click();
    await page.locator('.monq-search-shell input').waitFor({ state: 'visible', timeout: 2_000 });
    await page.keyboard.type('пороги');
    const hits = page.locator('.monq-search-shell a.monq-search-shell__hit');
    await hits.first().waitFor({ state: 'visible', timeout: 20_000 });
    assert.equal(await page.getAttribute('html', 'data-has-hydrated'), 'false', 'answered before the page is interactive');
    const hrefs = await hits.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    assert.ok(hrefs[0]!.startsWith('/docs/guide/thresholds/'), hrefs.join(' '));
    assert.ok(hrefs.every((href) => !href.startsWith('/docs/8.9/')), 'the page’s version only (9.0): ' + hrefs.join(' '));
    assert.match((await hits.first().textContent()) ?? '', /Пороги/);
    // Arrow keys move from the input to the hits; Enter on a hit opens it as a plain link.
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('href')), hrefs[0]);
    await Promise.all([page.waitForURL((url) => hrefs[0]!.startsWith(url.pathname)), page.keyboard.press('Enter')]);
    assert.equal(new URL(page.url()).pathname + new URL(page.url()).hash, hrefs[0]);
    assert.equal((await page.locator('h1').first().textContent())?.trim(), 'Пороги');
    assert.deepEqual(consoleErrors, []);
  });

  test('on an 8.9 page the shell searches 8.9 (and the standalone pages and release notes), shows hostile text as text, and says so when nothing matches', async () => {
    const { page, consoleErrors } = await site.open({ viewport: { width: 1280, height: 900 } });
    await holdMainScript(page);
    await page.goto(site.server.url + '/docs/8.9/guide/signals/', { waitUntil: 'load' });
    await page.locator('.navbar .DocSearch-Button').first().click();
    await page.locator('.monq-search-shell input').waitFor({ state: 'visible', timeout: 2_000 });
    await page.keyboard.type('пороги');
    const hits = page.locator('.monq-search-shell a.monq-search-shell__hit');
    await hits.first().waitFor({ state: 'visible', timeout: 20_000 });
    const hrefs = await hits.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    assert.ok(hrefs.some((href) => href.startsWith('/docs/8.9/')), hrefs.join(' '));
    assert.ok(
      hrefs.every((href) => !href.startsWith('/docs/') || href.startsWith('/docs/8.9/')),
      'no 9.0 page: ' + hrefs.join(' '),
    );
    // Hostile text is only text: a query with markup, bidi marks and 1,000 characters.
    const hostile = '<img src=x onerror="window.pwned=1"><script>window.pwned=1</script>\u202eпороги ' + 'х'.repeat(1000);
    await page.locator('.monq-search-shell input').fill(hostile);
    await page.waitForTimeout(1000);
    assert.equal(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned), undefined);
    assert.equal(await page.locator('.monq-search-shell img, .monq-search-shell script').count(), 0);
    await page.locator('.monq-search-shell input').fill('ъъъъъъъъъ');
    await page.locator('.monq-search-shell').getByRole('status').filter({ hasText: 'Нет результатов по запросу «ъъъъъъъъъ»' }).waitFor({ timeout: 20_000 });
    assert.equal(await hits.count(), 0);
    assert.deepEqual(consoleErrors, []);
  });

  test('the shell finds a Latin name typed whole in the Russian layout, with one letter too many', async () => {
    const { page, consoleErrors } = await site.open({ viewport: { width: 1280, height: 900 } });
    await holdMainScript(page);
    await page.goto(site.server.url + DOC, { waitUntil: 'load' });
    await page.locator('.navbar .DocSearch-Button').first().click();
    await page.locator('.monq-search-shell input').waitFor({ state: 'visible', timeout: 2_000 });
    // «ыныдщпп» is «syslogg» typed in the Russian layout: the layout switch first, then one typo.
    await page.keyboard.type('ыныдщпп');
    const hits = page.locator('.monq-search-shell a.monq-search-shell__hit');
    await hits.first().waitFor({ state: 'visible', timeout: 20_000 });
    const hrefs = await hits.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    assert.ok(hrefs.slice(0, 2).some((href) => /syslog/.test(href)), hrefs.join(' '));
    assert.equal(await page.getAttribute('html', 'data-has-hydrated'), 'false');
    assert.deepEqual(consoleErrors, []);
  });

  test('outside the docs, the shell searches the docs version the reader chose, as the dialog does', async () => {
    const { page, consoleErrors } = await site.open({ viewport: { width: 1280, height: 900 } });
    await page.goto(site.server.url + '/glossary/', { waitUntil: 'load' });
    // The theme keeps the chosen version under a key with the site's storage namespace.
    const [type, namespace] = ((await page.getAttribute('meta[name="monq:site-storage"]', 'content')) ?? '').split(' ');
    assert.equal(type, 'localStorage');
    await page.evaluate((key) => localStorage.setItem(key, '8.9'), `docs-preferred-version-default${namespace ?? ''}`);
    const release = await holdMainScript(page);
    await page.reload({ waitUntil: 'load' });
    await page.locator('.navbar .DocSearch-Button').first().click();
    await page.locator('.monq-search-shell input').waitFor({ state: 'visible', timeout: 2_000 });
    await page.keyboard.type('пороги');
    const hits = page.locator('.monq-search-shell a.monq-search-shell__hit');
    await hits.first().waitFor({ state: 'visible', timeout: 20_000 });
    const shellDocs = (await hits.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))).filter((href) =>
      href.startsWith('/docs/'),
    );
    assert.ok(shellDocs.length > 0 && shellDocs.every((href) => href.startsWith('/docs/8.9/')), 'the shell: ' + shellDocs.join(' '));
    // The dialog, once the page is interactive, reads the same key through the theme.
    release();
    await page.locator('.DocSearch-Modal').waitFor({ state: 'visible', timeout: 20_000 });
    await page.locator('.DocSearch-Hit a[href^="/docs/"]').first().waitFor({ state: 'visible', timeout: 20_000 });
    const dialogDocs = await page.$$eval('.DocSearch-Hit a[href^="/docs/"]', (links) => links.map((a) => a.getAttribute('href') ?? ''));
    assert.ok(dialogDocs.every((href) => href.startsWith('/docs/8.9/')), 'the dialog: ' + dialogDocs.join(' '));
    assert.deepEqual(consoleErrors, []);
  });

  test('on a phone in dark mode the shell passes axe; Escape or «Отменить» closes it, and the dialog does not open later', async () => {
    const { page, consoleErrors } = await site.open({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    const release = await holdMainScript(page);
    await page.goto(site.server.url + DOC, { waitUntil: 'load' });
    await page.locator('.navbar .DocSearch-Button').first().click();
    await page.locator('.monq-search-shell').waitFor({ state: 'visible', timeout: 2_000 });
    await page.locator('.monq-search-shell').getByRole('status').waitFor({ state: 'visible' });
    assert.deepEqual(await shellFindings(page), [], 'axe, dark mode, phone');
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('.monq-search-shell').count(), 0);
    assert.equal(
      await page.evaluate(() => document.activeElement?.matches('.DocSearch-Button')),
      true,
      'focus goes back to the search button',
    );
    // «Отменить» closes it too (on a phone there is no Escape key).
    await page.keyboard.press('Control+k');
    await page.locator('.monq-search-shell').waitFor({ state: 'visible', timeout: 2_000 });
    await page.locator('.monq-search-shell').getByRole('button', { name: 'Отменить' }).click();
    assert.equal(await page.locator('.monq-search-shell').count(), 0);
    release();
    await page.locator(interactive).waitFor({ state: 'attached', timeout: 20_000 });
    await page.waitForTimeout(500);
    assert.equal(await page.locator('.DocSearch-Modal').count(), 0, 'a dismissed search is not replayed');
    assert.deepEqual(consoleErrors, []);
  });

  /** A cold page whose first input is a click on the navbar's search button: the dialog opens, ready to type. */
  async function firstClickOpensSearch(page: Page): Promise<void> {
    assert.equal(await page.getAttribute('html', 'data-hydration'), 'waiting');
    await page.locator('.navbar .DocSearch-Button').first().click();
    assert.equal(
      await page.evaluate(() => document.activeElement?.matches('.monq-search-shell input, .DocSearch-Input')),
      true,
      'an input takes typing as soon as the click is handled',
    );
    await page.locator('.DocSearch-Modal').waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForFunction(() => document.activeElement?.matches('.DocSearch-Input') === true, undefined, { timeout: 60_000 });
    await page.keyboard.type('сигнал');
    await page.locator('.DocSearch-Hit').first().waitFor({ state: 'visible' });
  }

  test('a first click on the search button opens the dialog with its input focused', async () => {
    const { page, consoleErrors } = await site.open({ viewport: { width: 1280, height: 900 } });
    await page.goto(site.server.url + DOC, { waitUntil: 'load' });
    await firstClickOpensSearch(page);
    assert.deepEqual(consoleErrors, []);
  });

  describe('with the analytics counter (variant build)', () => {
    let variant: RunningServer;
    before(async () => {
      variant = await startServer(metricaBuildDir);
    });
    after(async () => {
      await variant?.close();
    });

    test('the page waits for the first input as without a counter; the first click on search opens the dialog', async () => {
      const { page, consoleErrors } = await site.open({
        viewport: { width: 1280, height: 900 },
        allowOffHost: (url) => url === METRICA_TAG_URL,
      });
      await page.route(METRICA_TAG_URL, (route: Route) => route.fulfill({ status: 200, contentType: 'application/javascript', body: '' }));
      const scripts = watchScripts(page);
      // The inline counter requests the tag in the first idle time after the page has loaded.
      const tag = page.waitForRequest(METRICA_TAG_URL, { timeout: 10_000 });
      await page.goto(variant.url + DOC, { waitUntil: 'load' });
      await tag;
      await page.waitForLoadState('networkidle');
      assert.deepEqual(scripts.filter((path) => path.startsWith('/assets/')), [], 'no script of the site before an input');
      assert.deepEqual(scripts, ['/metrika/tag.js'], 'the counter\'s tag is loaded by the inline counter');
      // The inline counter has queued the first view's hit already.
      const queued = await page.evaluate(() => ((window as unknown as { ym?: { a?: ArrayLike<unknown>[] } }).ym?.a ?? []).map((call) => Array.from(call)[1]));
      assert.deepEqual(queued, ['init', 'hit']);
      await firstClickOpensSearch(page);
      assert.deepEqual(consoleErrors, []);
    });
  });
});
