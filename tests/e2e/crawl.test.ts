/**
 * Site-wide crawl of the production build on loopback: every URL of the sitemap and every 8.9 page
 * answers 200 without a redirect; in Chromium every page of a deterministic sample (all sections,
 * both versions, the upgrade instance) loads with no console error, no failed request and no
 * request off the host.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDir, pool, siteUnderTest } from './lib';
import {
  builtPages,
  CRAWL_SAMPLE_SIZE,
  KEY_PAGES,
  samplePages,
  sectionOf,
  sitemapPaths,
  versionOf,
} from '../../scripts/lib/bench-pages';
import { waitForSettled } from '../../scripts/lib/bench-js';

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

describe('pages load cleanly in Chromium', () => {
  const sample = samplePages(allPages, CRAWL_SAMPLE_SIZE, KEY_PAGES);

  test('the sample spans every section, both versions and the upgrade instance', () => {
    const sections = new Set(allPages.map(sectionOf));
    const covered = new Set(sample.map(sectionOf));
    assert.deepEqual(Array.from(covered).sort(), Array.from(sections).sort());
    assert.ok(sample.length >= Math.min(60, allPages.length), `sample of ${sample.length} pages`);
  });

  test(`${sample.length} pages: no console error, no failed request, nothing off the host`, async () => {
    const problems: string[] = [];
    await pool(sample, 2, async (path) => {
      const opened = await site.open();
      try {
        const response = await opened.page.goto(site.server.url + path, { waitUntil: 'domcontentloaded' });
        if (response?.status() !== 200) problems.push(`${path}: status ${response?.status()}`);
        if (new URL(opened.page.url()).pathname !== path) problems.push(`${path}: landed on ${opened.page.url()}`);
        await waitForSettled(opened.page);
        for (const text of opened.consoleErrors) problems.push(`${path}: console error ${text}`);
        for (const text of opened.failedRequests) problems.push(`${path}: failed request ${text}`);
        for (const url of opened.offHost) problems.push(`${path}: off-host request ${url}`);
      } finally {
        await opened.page.context().close();
      }
    });
    assert.deepEqual(problems, []);
  });
});
