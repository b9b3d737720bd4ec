/**
 * Site-wide crawl of the production build on loopback: every URL of the sitemap and every 8.9 page
 * answers 200 without a redirect. A deterministic sample of these pages is then loaded in Chromium
 * by tests/e2e/a11y.test.ts (no console error, no failed request, nothing off the host, axe).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDir, pool, siteUnderTest } from './lib';
import { builtPages, KEY_PAGES, sitemapPaths, versionOf } from '../../scripts/lib/bench-pages';

const site = siteUnderTest();

const sitemap = sitemapPaths(readFileSync(join(buildDir, 'sitemap.xml'), 'utf8'));
const pages89 = builtPages(buildDir, 'docs/8.9');
const allPages = Array.from(new Set([...sitemap, ...pages89, ...KEY_PAGES])).sort();

describe('every page answers', () => {
  test('the sitemap covers both versions, the upgrade notes and the standalone pages', () => {
    const versions = new Set(sitemap.map(versionOf));
    assert.deepEqual(Array.from(versions).sort(), ['8.9', '9.0', 'pages', 'upgrade']);
    // the search page stays out of the sitemap (a page of results, not content); the other key pages are in it
    for (const path of KEY_PAGES.filter((key) => key !== '/demo-search/')) {
      assert.ok(sitemap.includes(path), `${path} is in the sitemap`);
    }
    assert.ok(!sitemap.includes('/demo-search/'), 'the search page is not in the sitemap');
    assert.ok(pages89.length > 50, `8.9 pages found in the build: ${pages89.length}`);
    assert.equal(sitemap.length, new Set(sitemap).size, 'no URL is listed twice');
  });

  test('every URL of the sitemap and every 8.9 page answers 200 without a redirect', async () => {
    const bad: string[] = [];
    await pool(allPages, 8, async (path) => {
      const response = await fetch(site.server.url + path, { redirect: 'manual' });
      await response.arrayBuffer();
      if (response.status !== 200) bad.push(`${path} -> ${response.status} ${response.headers.get('location') ?? ''}`);
    });
    assert.deepEqual(bad, []);
  });
});
