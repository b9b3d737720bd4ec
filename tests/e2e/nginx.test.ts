/**
 * The built site on a real nginx (Debian package) with the repository's configuration
 * (deploy/nginx, only `listen` and `root` adapted), on a free loopback port, stopped afterwards:
 * routing, redirects, not-found, cache and security headers, compression, then Chromium.
 *
 * Needs: apt-get install -y nginx libnginx-mod-http-brotli-static (skipped only without nginx).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { buildDir, launchBrowser, openPage, visit } from './lib';
import { nginxBinary, startNginx, type RunningNginx } from '../../scripts/lib/nginx-server';
import { MOVED, REDIRECTS, nginxRedirectRules } from '../../config/redirects';
import { indexFiles, type Manifest } from '../../src/shared/search/engine';
import { movedTarget } from '../../src/shared/moved';
import { sitemapLocations } from '../../scripts/check-sitemap';
import { get, type Reply } from '../fixtures/http';

const NGINX_MISSING = nginxBinary() === null;
const SKIP = NGINX_MISSING ? 'nginx is not installed: apt-get install -y nginx libnginx-mod-http-brotli-static' : false;

/** Records, from the first script of every document of the page, each Content-Security-Policy violation. */
async function recordCspViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const store: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = store;
    document.addEventListener('securitypolicyviolation', (event) => {
      store.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
}

/** The violations recorded so far on the current document. */
function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

function header(reply: Reply, name: string): string {
  const value = reply.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

function file(rel: string): Buffer {
  return readFileSync(join(buildDir, rel));
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('the site on nginx', { skip: SKIP }, () => {
  let nginx: RunningNginx;
  let policy: string;
  let mainScript: string;
  let stylesheet: string;
  let searchIndex: string;
  let searchWorker: string;

  before(async () => {
    for (const generated of ['index.html', '.nginx/csp.conf', '.nginx/redirects.conf', 'search/manifest.json']) {
      if (!existsSync(join(buildDir, generated))) {
        throw new Error(`${join(buildDir, generated)} is missing: build the site (npm run build) with plugins/deploy.`);
      }
    }
    policy = readFileSync(join(buildDir, '.nginx/csp.txt'), 'utf8').trim();
    const home = file('index.html').toString('utf8');
    // Named by `<script src>`, or by the inline boot that loads it (src/lib/hydration/boot.ts).
    mainScript = /(\/assets\/js\/main\.\w+\.js)/.exec(home)?.[1] ?? '';
    stylesheet = /<link[^>]+href="?(\/assets\/css\/[^"\s>]+\.css)/.exec(home)?.[1] ?? '';
    const manifest = JSON.parse(file('search/manifest.json').toString('utf8')) as Manifest;
    const first = Object.values(manifest.indexes)[0];
    searchIndex = first ? `/${indexFiles(first)[0]}` : '';
    searchWorker = `/${manifest.worker ?? ''}`;
    assert.ok(mainScript && stylesheet && searchIndex.length > 1 && searchWorker.length > 1, 'the build has a main script, a stylesheet, a search index and its worker');
    nginx = await startNginx({ siteRoot: buildDir });
  });

  after(async () => {
    const log = nginx?.errorLog() ?? '';
    await nginx?.stop();
    assert.doesNotMatch(log, /\[(?:emerg|alert|crit)\]/, log);
  });

  describe('addresses', () => {
    const pages = ['/', '/docs/get-started/', '/docs/8.9/get-started/', '/upgrade/v9/', '/upgrade/upgrade-policies/', '/glossary/', '/current/ru/', '/demo-search/'];

    for (const page of pages) {
      test(`${page} answers with its page; without the slash, as index.html or as .html it redirects there`, async () => {
        const expected = file(`${page.slice(1)}index.html`);
        const slash = await get(nginx.url, page);
        assert.equal(slash.status, 200);
        assert.match(header(slash, 'content-type'), /^text\/html/);
        assert.deepEqual(slash.body, expected);
        const index = await get(nginx.url, `${page}index.html?from=old`);
        assert.equal(index.status, 301);
        assert.equal(header(index, 'location'), `${page}?from=old`);
        if (page === '/') return;
        const html = await get(nginx.url, `${page.slice(0, -1)}.html`);
        assert.equal(html.status, 301);
        assert.equal(header(html, 'location'), page);
        const bare = await get(nginx.url, `${page.slice(0, -1)}?from=old`);
        assert.equal(bare.status, 301);
        assert.equal(header(bare, 'location'), `${page}?from=old`);
      });
    }

    test('Markdown twins are text/markdown in UTF-8, revalidated, brotli from the build; llms.txt is plain text', async () => {
      const twin = await get(nginx.url, '/docs/guide/thresholds.md');
      assert.equal(twin.status, 200);
      assert.equal(header(twin, 'content-type'), 'text/markdown; charset=utf-8');
      assert.equal(header(twin, 'cache-control'), 'no-cache');
      assert.equal(header(twin, 'content-security-policy'), policy);
      assert.deepEqual(twin.body, file('docs/guide/thresholds.md'));
      const br = await get(nginx.url, '/docs/guide/thresholds.md', { 'Accept-Encoding': 'br' });
      assert.equal(header(br, 'content-encoding'), 'br');
      assert.deepEqual(br.body, file('docs/guide/thresholds.md.br'));
      assert.equal((await get(nginx.url, '/docs/guide/no-such-page.md')).status, 404);
      for (const path of ['/llms.txt', '/llms-full.txt', '/docs/8.9/llms-full.txt', '/upgrade/llms-full.txt']) {
        const reply = await get(nginx.url, path);
        assert.equal(reply.status, 200, path);
        assert.equal(header(reply, 'content-type'), 'text/plain; charset=utf-8', path);
      }
    });

    test('unknown addresses show the not-found page with status 404', async () => {
      const notFound = file('404.html');
      for (const path of ['/no-such-page/', '/no-such-page', '/docs/no-such-page.html', '/docs/get-started/nope/', '/assets/', '/search/', '/assets/js/nope.js']) {
        const reply = await get(nginx.url, path);
        assert.equal(reply.status, 404, path);
        assert.deepEqual(reply.body, notFound, path);
        assert.equal(header(reply, 'content-security-policy'), policy, path);
        assert.equal(header(reply, 'cache-control'), 'no-cache', path);
      }
      assert.match(notFound.toString('utf8'), /Страница не найдена/);
    });

    test('/upgrade is a permanent redirect to /upgrade/v9/ made by the server', async () => {
      for (const path of ['/upgrade', '/upgrade/']) {
        const reply = await get(nginx.url, path);
        assert.equal(reply.status, 301, path);
        assert.equal(header(reply, 'location'), '/upgrade/v9/', path);
        assert.equal(header(reply, 'x-frame-options'), 'DENY', path);
      }
    });

    test('every redirect of config/redirects.ts answers 301 on the server and lands on a page', async () => {
      assert.equal(file('.nginx/redirects.conf').toString('utf8').includes(nginxRedirectRules()), true, 'the build carries the current rules');
      for (const { from, to } of REDIRECTS) {
        for (const path of [from, `${from}/`]) {
          const reply = await get(nginx.url, path);
          assert.equal(reply.status, 301, path);
          assert.equal(header(reply, 'location'), to, path);
        }
        assert.equal((await get(nginx.url, to)).status, 200, to);
      }
    });

    test('old address families answer 301 on the server: 9.0 and /current/ru/ into /docs/, 8.0-8.8 and 7.0-7.15, 7.x to the archives', async () => {
      const cases: [string, string][] = [
        ['/docs/9.0/guide/?tab=1', '/docs/guide/?tab=1'],
        ['/docs/9.0/get-started/', '/docs/get-started/'],
        ['/current/ru/guide/', '/docs/guide/'],
        ['/docs/8.3/install/agent/', 'https://v8.docs.monq.ru/docs/8.3/install/agent/'],
        ['/docs/8.0', 'https://v8.docs.monq.ru/docs/8.0/'],
        ['/docs/7.x/guide/?q=cmdb', 'https://v7.docs.monq.ru/docs/7.x/guide/?q=cmdb'],
        ['/docs/7.9/guide/thresholds', 'https://v7.docs.monq.ru/docs/7.9/guide/thresholds'],
        ['/docs/7.15/', 'https://v7.docs.monq.ru/docs/7.15/'],
        ['/docs/7.0', 'https://v7.docs.monq.ru/docs/7.0/'],
      ];
      for (const [path, location] of cases) {
        const reply = await get(nginx.url, path);
        assert.equal(reply.status, 301, path);
        assert.equal(header(reply, 'location'), location, path);
        assert.equal(movedTarget(path.split('?')[0]!, MOVED) ?? REDIRECTS.find(({ from }) => path.startsWith(from))?.to, location.split('?')[0], `${path}: the not-found page's script agrees`);
        assert.equal(header(reply, 'x-frame-options'), 'DENY', path);
        if (location.startsWith('/')) assert.equal((await get(nginx.url, location)).status, 200, location);
      }
      const page = await get(nginx.url, '/current/ru/');
      assert.equal(page.status, 200, '/current/ru/ stays a page of its own');
      assert.deepEqual(page.body, file('current/ru/index.html'));
      assert.equal(header(await get(nginx.url, '/current/ru/index.html'), 'location'), '/current/ru/');
      for (const path of ['/docs/8.9/no-such-page/', '/docs/8.30/', '/docs/7.xy/', '/current/en/guide/']) {
        const reply = await get(nginx.url, path);
        assert.equal(reply.status, 404, path);
        assert.deepEqual(reply.body, file('404.html'), path);
      }
    });

    test('the generated server files are not served', async () => {
      for (const path of ['/.nginx/csp.conf', '/.nginx/redirects.conf', '/.nginx/']) {
        assert.equal((await get(nginx.url, path)).status, 404, path);
      }
    });

    test('every address of the published sitemap answers (a page, or a redirect to one)', async () => {
      const urls = sitemapLocations(readFileSync('deploy/sitemap/published-sitemap.xml', 'utf8'));
      const failed: string[] = [];
      for (const url of urls) {
        const path = new URL(url).pathname;
        let reply = await get(nginx.url, path, {}, 'HEAD');
        if (reply.status === 301) reply = await get(nginx.url, header(reply, 'location'), {}, 'HEAD');
        if (reply.status !== 200) failed.push(`${path} ${reply.status}`);
      }
      assert.deepEqual(failed, []);
    });
  });

  describe('caching', () => {
    test('content-hashed bundles, styles, search indexes and the search worker: a year, immutable', async () => {
      for (const path of [mainScript, stylesheet, searchIndex, searchWorker]) {
        const reply = await get(nginx.url, path, {}, 'HEAD');
        assert.equal(reply.status, 200, path);
        assert.equal(header(reply, 'cache-control'), IMMUTABLE, path);
      }
    });

    test('pages, the sitemap, the search manifest and service files are revalidated on every visit', async () => {
      const paths = ['/', '/docs/get-started/', '/sitemap.xml', '/search/manifest.json', '/opensearch.xml', '/img/favicon.svg'];
      for (const path of paths) {
        const reply = await get(nginx.url, path);
        assert.equal(reply.status, 200, path);
        assert.equal(header(reply, 'cache-control'), 'no-cache', path);
        assert.ok(header(reply, 'etag') || header(reply, 'last-modified'), `${path} can be revalidated`);
      }
      const page = await get(nginx.url, '/docs/get-started/');
      const again = await get(nginx.url, '/docs/get-started/', { 'If-None-Match': header(page, 'etag') });
      assert.equal(again.status, 304);
    });
  });

  describe('security headers', () => {
    test('the policy allows the site itself and the hashed inline scripts only', () => {
      const scriptSrc = policy.split('; ').find((part) => part.startsWith('script-src ')) ?? '';
      assert.doesNotMatch(scriptSrc, /unsafe-inline|unsafe-eval|\*|https?:/);
      assert.doesNotMatch(policy, /https?:\/\//, 'a local build allows no outside host');
      assert.match(policy, /(?:^|; )default-src 'self'(?:;|$)/);
      assert.match(policy, /frame-ancestors 'none'/);
      for (const name of ['index.html', '404.html']) {
        const html = file(name).toString('utf8');
        const inline = Array.from(html.matchAll(/<script>([\s\S]*?)<\/script>/g), (m) => m[1] ?? '');
        assert.ok(inline.length > 0, `${name} has inline scripts`);
        for (const text of inline) {
          const hash = `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
          assert.ok(scriptSrc.includes(hash), `${name}: inline script ${text.slice(0, 40)}… is allowed by hash`);
        }
      }
      const notFoundScripts = Array.from(file('404.html').toString('utf8').matchAll(/<script>([\s\S]*?)<\/script>/g), (m) => m[1] ?? '');
      assert.ok(notFoundScripts.some((text) => text.includes('Страница переехала')), 'the not-found page carries the script of old addresses');
    });

    test('every kind of response carries them', async () => {
      for (const path of ['/', '/docs/8.9/get-started/', mainScript, searchIndex, '/search/manifest.json', '/sitemap.xml', '/no-such-page/', '/upgrade']) {
        const reply = await get(nginx.url, path);
        assert.equal(header(reply, 'content-security-policy'), policy, path);
        assert.equal(header(reply, 'x-content-type-options'), 'nosniff', path);
        assert.equal(header(reply, 'referrer-policy'), 'strict-origin-when-cross-origin', path);
        assert.match(header(reply, 'permissions-policy'), /camera=\(\).*geolocation=\(\).*microphone=\(\)/, path);
        assert.equal(header(reply, 'x-frame-options'), 'DENY', path);
        assert.equal(header(reply, 'server'), 'nginx', `${path}: no version in the Server header`);
      }
    });
  });

  describe('compression', () => {
    for (const kind of ['page', 'script', 'search index'] as const) {
      test(`a ${kind} is sent as brotli or gzip as the browser asks, from the files written at build time`, async () => {
        const path = kind === 'page' ? '/docs/get-started/' : kind === 'script' ? mainScript : searchIndex;
        const rel = kind === 'page' ? 'docs/get-started/index.html' : path.slice(1);
        const original = file(rel);
        const br = await get(nginx.url, path, { 'Accept-Encoding': 'gzip, deflate, br' });
        assert.equal(header(br, 'content-encoding'), 'br');
        assert.deepEqual(br.body, file(`${rel}.br`), 'the pre-compressed file itself');
        assert.deepEqual(brotliDecompressSync(br.body), original);
        assert.match(header(br, 'vary'), /Accept-Encoding/i);
        const gz = await get(nginx.url, path, { 'Accept-Encoding': 'gzip' });
        assert.equal(header(gz, 'content-encoding'), 'gzip');
        assert.deepEqual(gz.body, file(`${rel}.gz`));
        assert.deepEqual(gunzipSync(gz.body), original);
        const plain = await get(nginx.url, path);
        assert.equal(header(plain, 'content-encoding'), '');
        assert.deepEqual(plain.body, original);
      });
    }

    test('a text file without a pre-compressed copy is gzipped on the fly', async () => {
      const root = mkdtempSync(join(tmpdir(), 'monq-nginx-site-'));
      let other: RunningNginx | null = null;
      try {
        mkdirSync(join(root, '.nginx'));
        writeFileSync(join(root, '.nginx', 'csp.conf'), 'add_header Content-Security-Policy "default-src \'self\'" always;\n');
        writeFileSync(join(root, '.nginx', 'redirects.conf'), '\n');
        const text = 'Журнал событий Monq. '.repeat(200);
        writeFileSync(join(root, 'notes.txt'), text);
        other = await startNginx({ siteRoot: root });
        const reply = await get(other.url, '/notes.txt', { 'Accept-Encoding': 'gzip' });
        assert.equal(reply.status, 200);
        assert.equal(header(reply, 'content-encoding'), 'gzip');
        assert.equal(gunzipSync(reply.body).toString('utf8'), text);
      } finally {
        await other?.stop();
        rmSync(root, { recursive: true, force: true });
      }
    });
  });

  describe('in Chromium', () => {
    let browser: Browser;
    before(async () => {
      browser = await launchBrowser();
    });
    after(async () => {
      await browser?.close();
    });

    const pages: [string, RegExp][] = [
      ['/', /Monq Docs$/],
      ['/docs/get-started/', /\| Monq Docs$/],
      ['/docs/8.9/get-started/', /Monq 8\.9 \| Monq Docs$/],
      ['/upgrade/v9/', /\| Monq Docs$/],
    ];
    for (const [path, title] of pages) {
      test(`${path}: no policy violation, no console error, the scripts run`, async () => {
        const { page, offHost, consoleErrors, failedRequests } = await openPage(browser);
        await recordCspViolations(page);
        const response = await visit(page, nginx.url + path);
        assert.equal(response?.status(), 200);
        assert.equal(response?.headers()['content-security-policy'], policy);
        // the title is the page's once the bundles have run (Helmet rewrites it while hydrating)
        await page.waitForFunction((source) => new RegExp(source).test(document.title), title.source);
        assert.match(await page.title(), title);
        // the theme's inline script sets the colour mode; the bundles hydrate the page
        assert.equal(await page.getAttribute('html', 'data-theme'), 'light');
        await page.waitForLoadState('networkidle');
        const violations = await cspViolations(page);
        assert.deepEqual(violations, []);
        assert.deepEqual(consoleErrors, []);
        assert.deepEqual(failedRequests, []);
        assert.deepEqual(offHost, []);
        await page.context().close();
      });
    }

    test('the not-found page runs its inline script under the policy and stays on an unknown address', async () => {
      const { page, offHost, consoleErrors } = await openPage(browser);
      await recordCspViolations(page);
      const response = await page.goto(`${nginx.url}/docs/no-such-page/`);
      assert.equal(response?.status(), 404);
      await page.locator('h1', { hasText: 'Страница не найдена' }).waitFor({ state: 'visible' });
      assert.equal(await page.locator('#monq-moved').isHidden(), true);
      assert.equal(new URL(page.url()).pathname, '/docs/no-such-page/');
      assert.deepEqual(await cspViolations(page), []);
      assert.deepEqual(consoleErrors.filter((text) => !/404 \(Not Found\)/.test(text)), []);
      assert.deepEqual(offHost, []);
      await page.context().close();
    });

    test('/demo-search/?q=... finds pages under the policy', async () => {
      const { page, offHost, consoleErrors } = await openPage(browser);
      await recordCspViolations(page);
      await visit(page, `${nginx.url}/demo-search/?q=${encodeURIComponent('метрики')}`);
      await page.waitForSelector('.monq-search-page__hit a', { timeout: 15000 });
      const hrefs = await page.$$eval('.monq-search-page__hit a', (links) => links.map((a) => a.getAttribute('href') ?? ''));
      assert.ok(hrefs.length > 0);
      const target = new URL(hrefs[0]!, nginx.url);
      assert.equal(target.origin, nginx.url);
      assert.equal((await get(nginx.url, target.pathname)).status, 200, 'the first hit opens a page');
      const violations = await cspViolations(page);
      assert.deepEqual(violations, []);
      assert.deepEqual(consoleErrors, []);
      assert.deepEqual(offHost, []);
      await page.context().close();
    });

    test('the search modal answers from the local index under the policy', async () => {
      const { page, offHost, consoleErrors } = await openPage(browser);
      await visit(page, `${nginx.url}/docs/get-started/`);
      await page.click('.DocSearch-Button');
      await page.fill('.DocSearch-Input', 'метрики');
      await page.waitForSelector('.DocSearch-Hit a', { timeout: 15000 });
      assert.ok((await page.$$('.DocSearch-Hit')).length > 0);
      assert.deepEqual(consoleErrors, []);
      assert.deepEqual(offHost, []);
      await page.context().close();
    });
  });
});
