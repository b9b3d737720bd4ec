/** `npm run check:sitemap`: published addresses keep answering. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { checkSitemap, checkUrl, sitemapLocations, SNAPSHOT_PATH } from '../../scripts/check-sitemap';
import type { Lookup } from '../../scripts/lib/static-routing';
import { SITE_URL } from '../../config/site';

const pages = new Set(['index.html', 'docs/get-started/index.html', 'upgrade/v9/index.html']);
const lookup: Lookup = (rel) => (pages.has(rel) ? 'file' : null);
const redirects = [
  { from: '/upgrade', to: '/upgrade/v9/' },
  { from: '/docs/old', to: '/docs/gone/' },
];

describe('sitemap addresses', () => {
  test('locations are read and their entities decoded', () => {
    const xml = '<urlset><url><loc>https://docs.monq.ru/a/?x=1&amp;y=2</loc></url><url><loc> https://docs.monq.ru/ </loc></url></urlset>';
    assert.deepEqual(sitemapLocations(xml), ['https://docs.monq.ru/a/?x=1&y=2', 'https://docs.monq.ru/']);
  });

  test('a page that still exists answers', () => {
    assert.equal(checkUrl('https://docs.monq.ru/docs/get-started/', lookup, redirects, SITE_URL).ok, true);
  });

  test('a moved page answers through its redirect', () => {
    const result = checkUrl('https://docs.monq.ru/upgrade/', lookup, redirects, SITE_URL);
    assert.equal(result.ok, true);
    assert.deepEqual(result.via, ['/upgrade/v9/']);
  });

  test('a removed page without a redirect fails, and so does a redirect to nowhere', () => {
    const removed = checkUrl('https://docs.monq.ru/docs/removed/', lookup, redirects, SITE_URL);
    assert.equal(removed.ok, false);
    assert.match(removed.ok ? '' : removed.reason, /404/);
    const dangling = checkUrl('https://docs.monq.ru/docs/old/', lookup, redirects, SITE_URL);
    assert.equal(dangling.ok, false);
  });

  test('an address of another host is reported, not silently accepted', () => {
    assert.equal(checkUrl('https://example.com/docs/get-started/', lookup, redirects, SITE_URL).ok, false);
  });
});

describe('the published snapshot', () => {
  const snapshot = readFileSync(SNAPSHOT_PATH, 'utf8');

  test('is a sitemap of this site with its main pages', () => {
    const urls = sitemapLocations(snapshot);
    assert.ok(urls.length > 50, `${urls.length} addresses`);
    assert.ok(urls.every((url) => url.startsWith(`${SITE_URL}/`)));
    for (const path of ['/docs/get-started/', '/docs/8.9/get-started/', '/upgrade/v9/', '/glossary/']) {
      assert.ok(urls.includes(SITE_URL + path), path);
    }
  });

  test('a build that lost a published page fails the check and names the page', () => {
    const dir = mkdtempSync(join(tmpdir(), 'monq-sitemap-unit-'));
    try {
      const urls = sitemapLocations(snapshot);
      for (const url of urls) {
        const file = join(dir, new URL(url).pathname, 'index.html');
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, '<!doctype html>');
      }
      assert.deepEqual(checkSitemap(snapshot, dir).failures, []);
      rmSync(join(dir, 'glossary'), { recursive: true });
      const { total, failures } = checkSitemap(snapshot, dir);
      assert.equal(total, urls.length);
      assert.deepEqual(failures.map((failure) => failure.url), [`${SITE_URL}/glossary/`]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
