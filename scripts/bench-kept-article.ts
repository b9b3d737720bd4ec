/**
 * The kept article (src/lib/article/README.md) against the build without it (`DOCS_PRIVATE_OFF=kept-article`),
 * in hydration: two built sites, each doc page opened cold at 4× CPU slowdown and given the reader's
 * first input. Usage:
 *
 *   DOCS_PRIVATE_OFF=kept-article npm run build -- --out-dir /tmp/off   # and `npm run build -- --out-dir /tmp/on`
 *   tsx scripts/bench-kept-article.ts --a /tmp/on --b /tmp/off [--runs 5] [--no-weights] [/docs/page/ …]
 *
 * Per run: the longest main-thread task (PerformanceObserver `longtask`) from the input until the page
 * is interactive (`<html data-has-hydrated="true">` without `data-hydrating`), and the time from the
 * input to interactive. Per page and build, once: the gzip JavaScript run after the first input
 * (`measurePageScripts`: the page's own, the search worker aside, and with it). Runs alternate A, B,
 * B, A, … so that the machine's load falls on both builds alike. Medians and ranges. Not a test.
 */
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { KB, measurePageScripts } from './lib/bench-js';
import { CPU_SLOWDOWN, openSlowPage } from './lib/bench-first-click';
import { flag, helpOnRequest, launchChromium, option, spread, table } from './lib/bench-report';
import { serveStatic } from './lib/static-server';

const DEFAULT_PAGES = ['/docs/guide/signals/', '/docs/reference/agent-plugins/tail/', '/docs/guide/data-collect/monq-agent/'];

interface Run {
  longestMs: number;
  interactiveMs: number;
}

/** One cold visit: the longest task from the first input until interactive, and the time it took. */
async function measureHydration(browser: Browser, origin: string, path: string): Promise<Run> {
  const { context, tab } = await openSlowPage(browser, origin + path, { locale: 'ru-RU' });
  try {
    await tab.waitForTimeout(500);
    await tab.evaluate(() => {
      const marks: { input?: number; interactive?: number; tasks: { start: number; duration: number }[] } = { tasks: [] };
      Object.assign(window, { __keptBench: marks });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) marks.tasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask' });
      window.addEventListener('keydown', (event) => (marks.input ??= event.timeStamp), { capture: true, once: true });
      const root = document.documentElement;
      new MutationObserver((_, observer) => {
        if (root.dataset.hasHydrated === 'true' && !root.hasAttribute('data-hydrating')) {
          marks.interactive ??= performance.now();
          observer.disconnect();
        }
      }).observe(root, { attributes: true, attributeFilter: ['data-has-hydrated', 'data-hydrating'] });
    });
    await tab.keyboard.press('Shift');
    await tab.locator('html[data-has-hydrated="true"]:not([data-hydrating])').waitFor({ state: 'attached', timeout: 60_000 });
    // the long task that ends in the interactive mark is reported after it
    await tab.waitForTimeout(300);
    const marks = await tab.evaluate(
      () => (window as unknown as { __keptBench: { input: number; interactive: number; tasks: { start: number; duration: number }[] } }).__keptBench,
    );
    const during = marks.tasks.filter(({ start, duration }) => start + duration > marks.input && start < marks.interactive);
    return {
      longestMs: Math.round(Math.max(0, ...during.map(({ duration }) => duration))),
      interactiveMs: Math.round(marks.interactive - marks.input),
    };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  helpOnRequest(fileURLToPath(import.meta.url));
  const dirs = { A: option('a'), B: option('b') };
  const runs = Number(option('runs', '5'));
  const weights = !flag('no-weights');
  const valued = new Set(['--a', '--b', '--runs']);
  const pages = process.argv.slice(2).filter((arg, index, all) => !arg.startsWith('--') && !valued.has(all[index - 1] ?? ''));
  const list = pages.length ? pages : DEFAULT_PAGES;
  const servers = { A: await serveStatic(dirs.A), B: await serveStatic(dirs.B) };
  const browser = await launchChromium();
  try {
    const results = new Map<string, Run[]>();
    for (let round = 0; round < runs; round++) {
      for (const page of list) {
        const order = round % 2 ? (['B', 'A'] as const) : (['A', 'B'] as const);
        for (const build of order) {
          const run = await measureHydration(browser, servers[build].url, page);
          const key = `${page} ${build}`;
          results.set(key, [...(results.get(key) ?? []), run]);
          console.error(`round ${round + 1} ${build} ${page}: longest ${run.longestMs} ms, interactive ${run.interactiveMs} ms`);
        }
      }
    }
    console.log(`A = ${dirs.A}, B = ${dirs.B}; ${runs} runs each at ${CPU_SLOWDOWN}× CPU; median (min–max)`);
    const body: string[][] = [];
    for (const page of list) {
      for (const build of ['A', 'B'] as const) {
        const values = results.get(`${page} ${build}`) ?? [];
        let js = '—';
        if (weights) {
          // a page runs no script before the first input (tests/budget): every script is run after it
          const scripts = await measurePageScripts(browser, servers[build].url, dirs[build], page);
          const before = scripts.beforeInput.gzip / KB;
          js = `${(scripts.ownGzip / KB).toFixed(1)} / ${(scripts.gzip / KB).toFixed(1)}${before ? ` (${before.toFixed(1)} before the input)` : ''}`;
        }
        body.push([page, build, spread(values.map((run) => run.longestMs)), spread(values.map((run) => run.interactiveMs)), js]);
      }
    }
    console.log(table(['page', 'build', 'longest task, ms', 'first input → interactive, ms', 'JS after input, KB gzip (worker aside / with it)'], body));
  } finally {
    await browser.close();
    await Promise.all([servers.A.close(), servers.B.close()]);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
