/**
 * The portal as a reader meets it: titles, redirects, versions, not-found, colour mode,
 * announcement bar, the phone menu — on the production build, in Debian Chromium, on loopback only.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, startServer, titleOf, type OpenedPage } from './lib';
import type { RunningServer } from '../../scripts/lib/static-server';

let server: RunningServer;
let browser: Browser;
const opened: OpenedPage[] = [];

async function open(options?: Parameters<typeof openPage>[1]): Promise<OpenedPage> {
  const result = await openPage(browser, options);
  opened.push(result);
  return result;
}

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  for (const { offHost } of opened) {
    assert.deepEqual(offHost, [], 'no request may leave loopback');
  }
  await browser?.close();
  await server?.close();
});

describe('pages of the foundation', () => {
  const pages: [string, RegExp][] = [
    ['/', /^Документация Monq \| Monq Docs$/],
    ['/current/ru', /^Документация переехала \| Monq Docs$/],
    ['/glossary', /^Глоссарий \| Monq Docs$/],
    ['/docs/get-started', /\| Monq Docs$/],
    ['/docs/8.9/get-started', /Monq 8\.9 \| Monq Docs$/],
    ['/upgrade/upgrade-policies', /\| Monq Docs$/],
    ['/upgrade/v9/', /\| Monq Docs$/],
  ];
  for (const [path, title] of pages) {
    test(`${path} answers with its Russian title`, async () => {
      const { page, consoleErrors } = await open();
      const response = await page.goto(server.url + path);
      assert.equal(response?.status(), 200);
      assert.match(await titleOf(page), title);
      assert.equal(await page.getAttribute('html', 'lang'), 'ru');
      assert.ok((await page.locator('h1').first().innerText()).trim().length > 0);
      assert.deepEqual(consoleErrors, []);
    });
  }
});

describe('redirects', () => {
  test('/upgrade leads to /upgrade/v9/ (server rule)', async () => {
    const { page } = await open();
    await page.goto(`${server.url}/upgrade`);
    assert.equal(new URL(page.url()).pathname, '/upgrade/v9/');
  });

  test('/upgrade leads to /upgrade/v9/ on a bare static server too (client redirect page)', async () => {
    const plain = await startServer(undefined, { plain: true });
    try {
      const { page } = await open();
      await page.goto(`${plain.url}/upgrade`);
      await page.waitForURL(/\/upgrade\/v9\/$/);
      assert.match(await titleOf(page), /Monq 9/);
    } finally {
      await plain.close();
    }
  });

  test('/docs and /docs/8.9 lead to the get-started page of their version', async () => {
    const { page } = await open();
    await page.goto(`${server.url}/docs`);
    assert.equal(new URL(page.url()).pathname, '/docs/get-started/');
    await page.goto(`${server.url}/docs/8.9/`);
    assert.equal(new URL(page.url()).pathname, '/docs/8.9/get-started/');
  });

  test('a trailing .html or index.html resolves to the page', async () => {
    const { page, consoleErrors } = await open();
    for (const path of ['/docs/get-started.html', '/docs/get-started/index.html', '/docs/get-started']) {
      const response = await page.goto(server.url + path);
      assert.equal(response?.status(), 200);
      assert.equal(new URL(page.url()).pathname, '/docs/get-started/');
      assert.match(await titleOf(page), /^Начало работы \| Monq Docs$/);
    }
    assert.deepEqual(consoleErrors, []);
  });
});

describe('versions', () => {
  test('8.9 pages carry the unmaintained-version banner, 9.0 pages do not', async () => {
    const { page } = await open();
    await page.goto(`${server.url}/docs/8.9/get-started/`);
    const banner = page.locator('.theme-doc-version-banner');
    await banner.waitFor();
    assert.match(await banner.innerText(), /8\.9.*уже не поддерживается/s);
    assert.match(await banner.innerText(), /последней версии/);
    await page.goto(`${server.url}/docs/get-started/`);
    assert.equal(await page.locator('.theme-doc-version-banner').count(), 0);
    assert.match(await page.locator('.theme-doc-version-badge').innerText(), /9\.0/);
  });

  test('the version dropdown lists 9.0, 8.9 and the archive hosts', async () => {
    const { page } = await open();
    await page.goto(`${server.url}/docs/get-started/`);
    const dropdown = page.locator('.navbar__item.dropdown', { hasText: '9.0' }).first();
    await dropdown.hover();
    const links = dropdown.locator('.dropdown__menu a');
    const labels = (await links.allInnerTexts()).map((text) => text.trim());
    assert.deepEqual(labels.slice(0, 2), ['9.0', '8.9']);
    const hrefs = await links.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href')));
    assert.ok(hrefs.includes('https://v8.docs.monq.ru'));
    assert.ok(hrefs.includes('https://v7.docs.monq.ru'));
    assert.match(await dropdown.locator('.dropdown__menu').innerText(), /архив/i);
  });

  test('the version dropdown is absent on upgrade pages', async () => {
    const { page } = await open();
    await page.goto(`${server.url}/upgrade/v9/`);
    await page.locator('.theme-doc-sidebar-container').first().waitFor();
    assert.equal(await page.locator('.navbar__item.dropdown', { hasText: '8.9' }).count(), 0);
    assert.equal(await page.locator('.navbar a[href="https://v8.docs.monq.ru"]').count(), 0);
  });

  test('the version chosen in the dropdown is remembered for the docs plugin', async () => {
    const { page } = await open();
    await page.goto(`${server.url}/docs/get-started/`);
    const dropdown = page.locator('.navbar__item.dropdown', { hasText: '9.0' }).first();
    await dropdown.hover();
    await dropdown.locator('.dropdown__menu a', { hasText: '8.9' }).click();
    await page.waitForURL(/\/docs\/8\.9\//);
    const stored = await page.evaluate(() => JSON.stringify(Object.entries(localStorage)));
    assert.match(stored, /docs-preferred-version-default[^\]]*"8\.9"/);
    // Elsewhere on the site, «Документация» now leads into 8.9.
    await page.goto(`${server.url}/glossary/`);
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('.navbar__items a.navbar__link')).some(
        (link) => link.textContent === 'Документация' && link.getAttribute('href')?.startsWith('/docs/8.9/'),
      ),
    );
  });
});

describe('canonical URLs', () => {
  const canonicals = (page: OpenedPage['page']) =>
    page.evaluate(() => Array.from(document.querySelectorAll('link[rel="canonical"]'), (l) => l.getAttribute('href')));

  test('an 8.9 page whose subject exists in 9.0 names the 9.0 page as canonical', async () => {
    const html = await (await fetch(`${server.url}/docs/8.9/guide/signals/`)).text();
    assert.match(html, /<link[^>]*rel="?canonical"?[^>]*href="?https:\/\/docs\.monq\.ru\/docs\/guide\/signals\/"?/);
    const { page } = await open();
    await page.goto(`${server.url}/docs/8.9/guide/signals/`);
    assert.deepEqual(await canonicals(page), ['https://docs.monq.ru/docs/guide/signals/']);
  });

  test('8.9-only pages and 9.0 pages are canonical to themselves', async () => {
    const { page } = await open();
    await page.goto(`${server.url}/docs/8.9/reference/microservices/`);
    assert.deepEqual(await canonicals(page), ['https://docs.monq.ru/docs/8.9/reference/microservices/']);
    await page.goto(`${server.url}/docs/guide/signals/`);
    assert.deepEqual(await canonicals(page), ['https://docs.monq.ru/docs/guide/signals/']);
  });
});

describe('errors', () => {
  test('an unknown path shows the Russian not-found page with status 404', async () => {
    const { page } = await open();
    const response = await page.goto(`${server.url}/docs/no-such-page/`);
    assert.equal(response?.status(), 404);
    const text = await page.locator('main').innerText();
    assert.match(text, /Страница не найдена/);
    assert.match(text, /не смогли найти запрашиваемую/);
    assert.match(text, /владельцу сайта.*ссылка не работает/s);
  });
});

describe('colour mode and announcement bar', () => {
  const themeState = (page: OpenedPage['page']) =>
    page.evaluate(() => `${document.documentElement.dataset.theme}/${document.documentElement.dataset.themeChoice}`);

  test('the toggle cycles light, dark, system and the choice survives a reload', async () => {
    const { page } = await open({ colorScheme: 'dark' });
    await page.goto(`${server.url}/docs/get-started/`);
    // Nothing chosen yet: the OS preference (dark here) is respected.
    assert.equal(await themeState(page), 'dark/system');
    const toggle = page.locator('.navbar button[class*="toggleButton"]').first();
    const seen: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      await toggle.click();
      seen.push(await themeState(page));
    }
    assert.deepEqual(seen, ['light/light', 'dark/dark', 'dark/system']);
    assert.match((await toggle.getAttribute('aria-label')) ?? '', /Системный режим/);
    await toggle.click(); // light, chosen explicitly
    await page.reload();
    assert.equal(await themeState(page), 'light/light');
  });

  test('in system mode the page follows a change of the OS preference', async () => {
    const { page } = await open({ colorScheme: 'dark' });
    await page.goto(`${server.url}/`);
    assert.equal(await themeState(page), 'dark/system');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    assert.equal(await themeState(page), 'light/system');
  });

  test('a dismissed announcement bar stays closed after a reload', async () => {
    const { page } = await open();
    await page.goto(`${server.url}/`);
    const bar = page.locator('div[class*="announcementBar_"]').first();
    await bar.waitFor();
    assert.match(await bar.innerText(), /Monq 9\.0/);
    await bar.locator('button[class*="announcementBarClose"]').click();
    await page.waitForFunction(() => !document.querySelector('div[class*="announcementBar_"]'));
    await page.reload();
    await page.locator('main').waitFor();
    await page.waitForTimeout(300);
    assert.equal(await page.locator('div[class*="announcementBar_"]').count(), 0);
    // A new message gets a new id, so the bar would show again: the id follows the content.
    const stored = await page.evaluate(() => JSON.stringify(Object.entries(localStorage)));
    assert.match(stored, /announcement-[0-9a-z]+/);
  });
});

describe('phone layout', () => {
  test('the hamburger menu opens below 996 px and closes when the window grows', async () => {
    const { page } = await open({ viewport: { width: 800, height: 900 } });
    await page.goto(`${server.url}/docs/guide/signals/`);
    const toggle = page.locator('button.navbar__toggle');
    assert.equal(await toggle.isVisible(), true);
    await toggle.click();
    const sidebar = page.locator('.navbar-sidebar');
    await sidebar.waitFor({ state: 'visible' });
    assert.match(await page.locator('.navbar-sidebar').innerText(), /Документация/);
    await page.setViewportSize({ width: 1200, height: 900 });
    await page.waitForFunction(() => !document.querySelector('.navbar-sidebar--show'));
    assert.equal(await toggle.isVisible(), false);
  });
});
