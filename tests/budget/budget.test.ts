/**
 * JavaScript budget: the gzip bytes of the scripts a page executes on load (entry scripts and the
 * chunks of its route, not the prefetched chunks of other routes) stay at or under 150 KB on the
 * bench pages: home, a 9.0 page, an 8.9 page, an upgrade page and the search page.
 * `npm run bench` prints the same figures against the 120 KB target.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildDir, siteUnderTest } from '../e2e/lib';
import { BENCH_PAGES } from '../../scripts/lib/bench-pages';
import { JS_BUDGET_FAIL_KB, KB, measurePageScripts } from '../../scripts/lib/bench-js';

const site = siteUnderTest();


describe(`JavaScript run on load stays within ${JS_BUDGET_FAIL_KB} KB gzip`, () => {
  for (const page of BENCH_PAGES) {
    test(page, async () => {
      const weight = await measurePageScripts(site.browser, site.server.url, buildDir, page);
      assert.ok(
        weight.scripts.some((script) => /\/main\.[\w]+\.js$/.test(script.path)),
        'the entry script is among the measured scripts',
      );
      const detail = weight.scripts.map((script) => `${script.path} ${(script.gzip / KB).toFixed(1)} KB`).join('\n');
      assert.ok(
        weight.gzip <= JS_BUDGET_FAIL_KB * KB,
        `${page}: ${(weight.gzip / KB).toFixed(1)} KB gzip of JavaScript on load\n${detail}`,
      );
    });
  }
});
