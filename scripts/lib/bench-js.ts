/**
 * JavaScript a page executes: every script the browser fetches for it until the network is idle (the
 * entry scripts and the chunks the route loads; a `<link rel=prefetch>` is not executed and not
 * counted), weighed as the gzip size of the built file. Two figures: before the reader's first input
 * (a page waits for it to start its scripts: src/lib/hydration/boot.ts) and after it, which is
 * everything the page runs to become interactive. Work the site defers on purpose is counted too: the
 * image zoom starts `IMAGE_ZOOM_DELAY_MS` after the page renders and fetches medium-zoom on a page
 * with images, so the measure waits for it instead of racing it. The search worker is counted as well:
 * the search bar starts it in idle time a few seconds later, and the measure waits for it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { IMAGE_ZOOM_DELAY_MS } from '../../config/site';
import { SEARCH_PRELOAD_DELAY_MS } from '../../src/shared/search/options';

/** One kilobyte of the budgets: 1000 bytes. */
export const KB = 1000;
/**
 * The budgets readers feel (issue 47), gzip: the page's own JavaScript after the first input (the
 * search worker aside) at most 130 KB; the search worker on its own at most 15 KB; the inline boot
 * every page carries (src/lib/hydration/boot.ts, bytes of HTML) at most 4 KB.
 */
export const JS_BUDGET_FAIL_KB = 130;
export const SEARCH_WORKER_BUDGET_KB = 15;
export const BOOT_BUDGET_KB = 4;

/** A page's own JavaScript: everything it runs after the first input but the search worker. */
export function ownScripts(scripts: readonly ScriptWeight[]): ScriptWeight[] {
  return scripts.filter((script) => !SEARCH_WORKER.test(script.path));
}

/** The inline boot of a built page (its `<script data-prefetch>`), raw and gzip bytes; null when absent. */
export function inlineBoot(html: string): { raw: number; gzip: number } | null {
  const script = /<script data-prefetch\b[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (script === undefined) return null;
  const bytes = Buffer.from(script, 'utf8');
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

interface ScriptWeight {
  /** Path on the site, `/assets/js/main.123.js`. */
  path: string;
  raw: number;
  gzip: number;
}

interface PageWeight {
  page: string;
  scripts: ScriptWeight[];
  gzip: number;
  raw: number;
}

/** The scripts of a page after its first input, those it ran before (`beforeInput`), and its own gzip bytes. */
interface PageScripts extends PageWeight {
  beforeInput: PageWeight;
  ownGzip: number;
}

const gzipCache = new Map<string, ScriptWeight>();

/** Raw and gzip (level 9) size of a built file. */
export function fileWeight(buildDir: string, path: string): ScriptWeight {
  const key = `${buildDir}|${path}`;
  const cached = gzipCache.get(key);
  if (cached) return cached;
  const bytes = readFileSync(join(buildDir, decodeURIComponent(path)));
  const weight = { path, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  gzipCache.set(key, weight);
  return weight;
}

/** Sum a page's scripts (each counted once). */
function pageWeight(page: string, scripts: readonly ScriptWeight[]): PageWeight {
  const unique = new Map(scripts.map((script) => [script.path, script]));
  const list = Array.from(unique.values()).sort((a, b) => b.gzip - a.gzip);
  return {
    page,
    scripts: list,
    gzip: list.reduce((sum, script) => sum + script.gzip, 0),
    raw: list.reduce((sum, script) => sum + script.raw, 0),
  };
}

/** The search worker's script (plugins/search-index). */
export const SEARCH_WORKER = /\/search\/worker\.\w+\.js$/;
/** The search bar starts the worker SEARCH_PRELOAD_DELAY_MS after hydration, then in idle time. */
const SEARCH_WORKER_WAIT_MS = SEARCH_PRELOAD_DELAY_MS + 5000;

/** Load `origin + page` in a fresh context and weigh the scripts it executes. */
export async function measurePageScripts(
  browser: Browser,
  origin: string,
  buildDir: string,
  page: string,
): Promise<PageScripts> {
  const context = await browser.newContext({ locale: 'ru-RU', viewport: { width: 1280, height: 900 } });
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort('blockedbyclient'),
  );
  const tab = await context.newPage();
  const paths: string[] = [];
  let settled = false;
  tab.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== origin) return;
    // The search worker counts too, though the page starts it later, in idle time after the first input.
    if (SEARCH_WORKER.test(url.pathname) || (request.resourceType() === 'script' && !settled)) paths.push(url.pathname);
  });
  let before = 0;
  try {
    await tab.goto(origin + page);
    await tab.waitForLoadState('networkidle');
    before = paths.length;
    await waitForSettled(tab);
    // Past the delay of the image zoom, counted from hydration: by then it has asked for medium-zoom.
    await tab.waitForTimeout(IMAGE_ZOOM_DELAY_MS + 300);
    settled = true;
    await tab.waitForRequest((request) => SEARCH_WORKER.test(new URL(request.url()).pathname), { timeout: SEARCH_WORKER_WAIT_MS }).catch(() => {
      // A page without the local search has no worker: the budget test says whether one is expected.
    });
    await tab.waitForLoadState('networkidle');
  } finally {
    await context.close();
  }
  const weights = paths.map((path) => fileWeight(buildDir, path));
  return {
    ...pageWeight(page, weights),
    beforeInput: pageWeight(page, weights.slice(0, before)),
    ownGzip: pageWeight(page, ownScripts(weights)).gzip,
  };
}

/**
 * Give the page the reader's first input (a press of Shift, which starts the browser bundle: see
 * src/lib/hydration/boot.ts), then wait until it has hydrated (Docusaurus marks
 * `<html data-has-hydrated>`) and the network is idle.
 */
export async function waitForSettled(tab: Page): Promise<void> {
  await tab.keyboard.press('Shift');
  await tab.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true', undefined, { timeout: 60_000 });
  await tab.waitForLoadState('networkidle');
}
