/**
 * The GitHub Pages artifact: the build packed as .github/workflows/deploy.yml uploads it
 * (scripts/lib/pages-artifact.ts) and served at the root of a plain static host with none of our
 * server rules (scripts/lib/static-server.ts, `plain`): every page of its sitemap answers, and the
 * not-found page sends old addresses on by itself (src/shared/moved.ts), before the page's scripts start.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { buildDir, hydrated, launchBrowser, openPage } from './lib';
import { serveStatic, type RunningServer } from '../../scripts/lib/static-server';
import { checkPagesArtifact, customDomain, packLikePages } from '../../scripts/lib/pages-artifact';

const ARCHIVES = /^https:\/\/v[78]\.docs\.monq\.ru\//;

describe('the GitHub Pages artifact on a plain static host', () => {
  let artifact: ReturnType<typeof packLikePages>;
  let server: RunningServer;
  let browser: Browser;

  before(async () => {
    artifact = packLikePages(buildDir);
    server = await serveStatic(artifact.dir, 0, '127.0.0.1', { plain: true });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    artifact?.remove();
  });

  test('carries CNAME with the site domain, and every address of its sitemap answers 200 at the root', async () => {
    assert.equal(customDomain(artifact.dir), 'docs.monq.ru');
    const { checked, problems } = await checkPagesArtifact(artifact.dir);
    assert.deepEqual(problems, []);
    const pages = readFileSync(join(buildDir, 'sitemap.xml'), 'utf8').match(/<loc>/g)?.length ?? 0;
    assert.equal(checked, pages);
    assert.ok(checked > 300, `${checked} pages`);
  });

  test('the check sees a broken artifact: a page of the sitemap that is missing', async () => {
    const broken = packLikePages(buildDir);
    try {
      const { rmSync } = await import('node:fs');
      rmSync(join(broken.dir, 'docs/get-started/setup/license'), { recursive: true });
      rmSync(join(broken.dir, 'CNAME'));
      const { problems } = await checkPagesArtifact(broken.dir);
      assert.equal(problems.length, 2, problems.join('\n'));
      assert.match(problems.join('\n'), /CNAME/);
      assert.match(problems.join('\n'), /https:\/\/docs\.monq\.ru\/docs\/get-started\/setup\/license\/: 404/);
    } finally {
      broken.remove();
    }
  });

  /** Opens `path` and waits until the browser has left it for `target` (a page of the site). */
  async function followed(page: Page, path: string, target: string, status: number): Promise<void> {
    const first = await page.goto(server.url + path, { waitUntil: 'commit' });
    assert.equal(first?.status(), status, `${path}: what Pages answers first`);
    await page.waitForURL(server.url + target);
    await page.waitForLoadState('load');
  }

  for (const [path, target, heading, status] of [
    ['/docs/9.0/guide/?from=old#top', '/docs/guide/?from=old#top', 'Руководство', 404],
    ['/current/ru/guide/', '/docs/guide/', 'Руководство', 404],
    // an exact redirect: the redirect page written by the client-redirects plugin, not the not-found page
    ['/docs/9.0/get-started/', '/docs/get-started/', '', 200],
  ] as const) {
    test(`${path} leads to ${target} in Chromium`, async () => {
      const { page, offHost, consoleErrors } = await openPage(browser);
      try {
        await followed(page, path, target, status);
        if (heading) assert.match((await page.locator('article h1').first().textContent()) ?? '', new RegExp(heading));
        assert.equal(existsSync(join(artifact.dir, target.split(/[?#]/)[0]!.slice(1), 'index.html')), true);
        assert.deepEqual(offHost, []);
        assert.deepEqual(consoleErrors.filter((text) => !/404 \(Not Found\)/.test(text)), []);
      } finally {
        await page.context().close();
      }
    });
  }

  interface NoticeSeen {
    text: string;
    href: string | null;
    /**
     * `display` of «Страница не найдена»: null when it was never parsed (Chromium stops parsing the
     * page once it leaves), `none` when the notice replaced it.
     */
    notFound: string | null;
    hydration: string | null;
  }

  for (const [path, target] of [
    ['/docs/8.3/install/agent/?tab=linux', 'https://v8.docs.monq.ru/docs/8.3/install/agent/?tab=linux'],
    ['/docs/7.x/guide/', 'https://v7.docs.monq.ru/docs/7.x/guide/'],
    ['/docs/7.9/guide/thresholds', 'https://v7.docs.monq.ru/docs/7.9/guide/thresholds'],
  ] as const) {
    test(`${path} shows «Страница переехала» with the link, before any script of the page, and goes to the archive`, async () => {
      const { page, offHost } = await openPage(browser, { allowOffHost: (url) => ARCHIVES.test(url) });
      // What the reader sees while the archive answers, reported from the page as it changes.
      const seen: NoticeSeen[] = [];
      let shown = (): void => undefined;
      const noticeShown = new Promise<void>((done) => (shown = done));
      await page.exposeFunction('__monqNoticeSeen', (state: NoticeSeen) => {
        seen.push(state);
        shown();
      });
      await page.addInitScript(() => {
        const report = (window as unknown as { __monqNoticeSeen: (state: object) => void }).__monqNoticeSeen;
        new MutationObserver(() => {
          const box = document.getElementById('monq-moved');
          if (!box || box.hidden) return;
          const main = document.querySelector('.monq-not-found');
          report({
            text: box.innerText,
            href: box.querySelector('a')?.getAttribute('href') ?? null,
            notFound: main ? getComputedStyle(main).display : null,
            hydration: document.documentElement.getAttribute('data-hydration'),
          });
        }).observe(document, { subtree: true, childList: true, attributes: true });
      });
      const asked: string[] = [];
      await page.context().route(ARCHIVES, async (route) => {
        asked.push(route.request().url());
        await noticeShown; // the archive answers once the not-found page has shown the notice
        await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>Архив</title><h1>Архив</h1>' });
      });
      try {
        const first = await page.goto(server.url + path, { waitUntil: 'commit' });
        assert.equal(first?.status(), 404);
        await page.waitForURL(target);
        assert.equal(await page.title(), 'Архив');
        assert.deepEqual(asked, [target]);
        assert.ok(seen.length > 0, 'the notice was shown');
        for (const state of seen) {
          assert.deepEqual({ ...state, notFound: state.notFound ?? 'none' }, { text: `Страница переехала: ${target}`, href: target, notFound: 'none', hydration: 'waiting' });
        }
        assert.deepEqual(offHost, []);
      } finally {
        shown();
        await page.context().close();
      }
    });
  }

  test('an unknown address stays on the Russian not-found page', async () => {
    const { page, consoleErrors } = await openPage(browser);
    try {
      const response = await page.goto(`${server.url}/docs/no-such-page/?x=1`);
      assert.equal(response?.status(), 404);
      await page.waitForLoadState('load');
      assert.equal(page.url(), `${server.url}/docs/no-such-page/?x=1`);
      assert.equal(await page.locator('.monq-not-found h1').innerText(), 'Страница не найдена');
      assert.equal(await page.locator('#monq-moved').isHidden(), true);
      assert.equal(await page.getAttribute('html', 'data-monq-moved'), null);
      // the page then hydrates over the notice, the inline script and the noscript hint without complaint
      await hydrated(page);
      assert.equal(await page.locator('.monq-not-found h1').innerText(), 'Страница не найдена');
      assert.equal(await page.locator('#monq-moved').isHidden(), true);
      assert.deepEqual(consoleErrors.filter((text) => !/404 \(Not Found\)/.test(text)), []);
    } finally {
      await page.context().close();
    }
  });

  test('without scripts, the not-found page names where old addresses live now', async () => {
    const { page } = await openPage(browser, { javaScriptEnabled: false });
    try {
      const response = await page.goto(`${server.url}/docs/8.3/install/`);
      assert.equal(response?.status(), 404);
      assert.equal(page.url(), `${server.url}/docs/8.3/install/`);
      const hint = page.locator('.alert', { hasText: 'Если вы пришли по старому адресу' });
      await hint.waitFor({ state: 'visible' });
      const hrefs = await hint.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      assert.deepEqual(hrefs, ['/docs/', 'https://v8.docs.monq.ru', 'https://v7.docs.monq.ru']);
    } finally {
      await page.context().close();
    }
  });
});
