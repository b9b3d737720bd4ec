/**
 * JavaScript budget on the bench pages (home, a 9.0 page, an 8.9 page, an upgrade page and the search
 * page): before the reader's first input a page runs no script file of the site (hydration on intent,
 * plugins/perf/hydration-boot.cjs); after it, the gzip bytes of the scripts the page executes to
 * become interactive (entry scripts and the chunks of its route, not the prefetched chunks of other
 * routes) stay at or under 150 KB. `npm run bench` prints the same figures against the 120 KB target.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildDir, siteUnderTest } from '../e2e/lib';
import { BENCH_PAGES } from '../../scripts/lib/bench-pages';
import { JS_BUDGET_FAIL_KB, KB, measurePageScripts } from '../../scripts/lib/bench-js';

const site = siteUnderTest();


describe(`JavaScript: none before the first input, then within ${JS_BUDGET_FAIL_KB} KB gzip`, () => {
  for (const page of BENCH_PAGES) {
    test(page, async () => {
      const weight = await measurePageScripts(site.browser, site.server.url, buildDir, page);
      assert.deepEqual(
        weight.beforeInput.scripts.map((script) => script.path),
        [],
        `${page}: no script file runs before the first input`,
      );
      assert.ok(
        weight.scripts.some((script) => /\/main\.[\w]+\.js$/.test(script.path)),
        'the entry script is among the measured scripts',
      );
      const detail = weight.scripts.map((script) => `${script.path} ${(script.gzip / KB).toFixed(1)} KB`).join('\n');
      assert.ok(
        weight.gzip <= JS_BUDGET_FAIL_KB * KB,
        `${page}: ${(weight.gzip / KB).toFixed(1)} KB gzip of JavaScript after the first input\n${detail}`,
      );
    });
  }
});
