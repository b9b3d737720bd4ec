/**
 * JavaScript budget on the bench pages (home, a 9.0 page, an 8.9 page, an upgrade page and the search
 * page): before the reader's first input a page runs no script file of the site (hydration on intent,
 * src/lib/hydration/boot.ts); after it, the gzip bytes of the scripts the page executes to
 * become interactive (entry scripts and the chunks of its route, not the prefetched chunks of other
 * routes) stay at or under 130 KB (JS_BUDGET_FAIL_KB), the search worker the page starts in idle time
 * at or under 15 KB on its own, and the inline boot every page carries at or under 4 KB (issue 47).
 * `npm run bench` prints the same figures.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildDir, siteUnderTest } from '../e2e/lib';
import { BENCH_PAGES } from '../../scripts/lib/bench-pages';
import {
  BOOT_BUDGET_KB,
  JS_BUDGET_FAIL_KB,
  KB,
  SEARCH_WORKER,
  SEARCH_WORKER_BUDGET_KB,
  fileWeight,
  inlineBoot,
  measurePageScripts,
  ownScripts,
} from '../../scripts/lib/bench-js';

const site = siteUnderTest();


describe(`JavaScript: none before the first input, then within ${JS_BUDGET_FAIL_KB} KB gzip, the worker within ${SEARCH_WORKER_BUDGET_KB} KB, the boot within ${BOOT_BUDGET_KB} KB`, () => {
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
      // The search worker counts: a reader who searches has run it too.
      const worker = weight.scripts.find((script) => SEARCH_WORKER.test(script.path));
      assert.ok(worker, 'the search worker is among the measured scripts');
      // The page's route chunks are prefetched by the boot (plugins/perf/route-chunk-origins.ts). A docs
      // page has some, and most of them run. The manifest keys chunks by import request across all the
      // places that import it, so a few may be ones this page never needs: at most 5 KB gzip of them.
      const html = readFileSync(join(buildDir, page.replace(/\/?$/, '/'), 'index.html'), 'utf8');
      const boot = /<script data-prefetch="([^"]*)"/.exec(html);
      assert.ok(boot, `${page}: the boot script lists the route chunks to prefetch`);
      const prefetch = (boot[1] ?? '').split(' ').filter(Boolean);
      const ran = new Set(weight.scripts.map((script) => script.path));
      const unused = prefetch.filter((file) => !ran.has(file)).map((file) => fileWeight(buildDir, file).gzip);
      assert.ok(unused.reduce((sum, bytes) => sum + bytes, 0) <= 5 * KB, `${page}: prefetched and not run: ${unused.join(', ')} bytes`);
      if (/^\/(docs|upgrade)\//.test(page)) {
        assert.ok(prefetch.length - unused.length >= 3, `${page}: route chunks prefetched and run: ${prefetch.length - unused.length}`);
      }
      const own = ownScripts(weight.scripts);
      const ownGzip = own.reduce((sum, script) => sum + script.gzip, 0);
      const detail = own.map((script) => `${script.path} ${(script.gzip / KB).toFixed(1)} KB`).join('\n');
      assert.ok(
        ownGzip <= JS_BUDGET_FAIL_KB * KB,
        `${page}: ${(ownGzip / KB).toFixed(1)} KB gzip of the page's own JavaScript after the first input\n${detail}`,
      );
      assert.ok(worker.gzip <= SEARCH_WORKER_BUDGET_KB * KB, `${page}: the search worker is ${(worker.gzip / KB).toFixed(1)} KB gzip`);
      const inline = inlineBoot(html);
      assert.ok(inline, `${page}: the page carries the inline boot`);
      assert.ok(inline.gzip <= BOOT_BUDGET_KB * KB, `${page}: the inline boot is ${(inline.gzip / KB).toFixed(2)} KB gzip`);
    });
  }
});

/**
 * Every SVG image the browser draws (an `<img>` of an `.svg`, or a `url(…svg…)` background or mask)
 * is an SVG document of its own, built on the main thread while the page loads: 40–90 ms each at 4×
 * CPU in traces. The page furniture draws none (plugins/perf/README.md); diagrams inside the article
 * are content and load as the reader reaches them.
 */
test('the page furniture draws no SVG image on a phone or a desktop (an SVG document each, on the main thread)', async () => {
  const drawn: string[] = [];
  for (const viewport of [{ width: 412, height: 823 }, { width: 1280, height: 900 }]) {
    for (const path of ['/', '/docs/guide/signals/']) {
      const { page } = await site.open({ viewport });
      await page.goto(site.server.url.replace(/\/$/, '') + path, { waitUntil: 'load' });
      const found = await page.evaluate(() => {
        const svg = /\.svg\b|image\/svg/i;
        const hits: string[] = [];
        for (const element of Array.from(document.querySelectorAll('body *'))) {
          if (element.closest('article .markdown')) continue;
          if (element instanceof HTMLImageElement && svg.test(element.currentSrc || element.src)) {
            hits.push(`<img src="${element.getAttribute('src')}">`);
          }
          for (const pseudo of [null, '::before', '::after']) {
            const style = getComputedStyle(element, pseudo);
            if (style.display === 'none') continue;
            for (const property of ['background-image', 'mask-image', 'list-style-image', 'border-image-source'] as const) {
              const value = style.getPropertyValue(property);
              if (svg.test(value)) hits.push(`${element.tagName.toLowerCase()}.${element.className}${pseudo ?? ''} ${property}`);
            }
          }
        }
        return hits;
      });
      drawn.push(...found.map((hit) => `${path} at ${viewport.width} px: ${hit}`));
      await page.context().close();
    }
  }
  assert.deepEqual(drawn, []);
});
