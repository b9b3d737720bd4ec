/**
 * Shared helpers of the browser tests: the built site on a loopback server, Debian Chromium driven by
 * playwright-core, and a page on which every request that leaves loopback is aborted and recorded.
 */
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page, type Response } from 'playwright-core';
import { serveStatic, type RunningServer } from '../../scripts/lib/static-server';

export const buildDir = resolve(process.env.MONQ_DOCS_BUILD_DIR ?? 'build');
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function startServer(dir: string = buildDir, options: { plain?: boolean } = {}): Promise<RunningServer> {
  if (!existsSync(resolve(dir, 'index.html'))) {
    throw new Error(`No built site in ${dir}: run npm run build first.`);
  }
  return serveStatic(dir, 0, '127.0.0.1', options);
}

/**
 * The reader's first input, which starts the browser bundle (src/lib/hydration/boot.ts): a
 * press of Shift, which no page handles and which changes nothing on the page.
 */
export async function firstInput(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
}

/**
 * Gives the page its first input and waits until the browser bundle has taken over the
 * server-rendered page, its hydration slices included. Every test that interacts with a page waits
 * for this, so that it tests the page's scripts and not the replay of held-back clicks.
 */
export async function hydrated(page: Page): Promise<void> {
  await firstInput(page);
  // `data-hydrating` stays while hydration slices wait (src/lib/hydration/slices.ts). The ceiling is
  // for a CI machine under load (every script of some tests goes through an intercepting route).
  await page.locator('html[data-has-hydrated="true"]:not([data-hydrating])').waitFor({ state: 'attached', timeout: 45_000 });
}

/** Opens an address and waits until the page is interactive; returns the main response. */
export async function visit(page: Page, url: string): Promise<Response | null> {
  const response = await page.goto(url);
  await hydrated(page);
  return response;
}

/** Reloads the page and waits until it is interactive again. */
export async function reload(page: Page): Promise<void> {
  await page.reload();
  await hydrated(page);
}

/** Wait until the document title carries the site suffix (the page title has been applied). */
export async function titleOf(page: Page): Promise<string> {
  // React briefly resets the title while it takes over the server-rendered page: wait for that first,
  // unless the page's scripts wait for a first input (src/lib/hydration/boot.ts).
  await page
    .locator('html[data-has-hydrated="true"], html[data-hydration="waiting"]')
    .first()
    .waitFor({ state: 'attached', timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForFunction(() => / \| Monq Docs$/.test(document.title), null, { timeout: 10_000 }).catch(() => undefined);
  return page.title();
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export function isLoopback(url: string): boolean {
  if (url.startsWith('data:') || url.startsWith('blob:') || url.startsWith('about:')) return true;
  try {
    const { hostname } = new URL(url);
    return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
  } catch {
    return false;
  }
}

export interface OpenedPage {
  page: Page;
  /** Requests that tried to leave loopback (all aborted). */
  offHost: string[];
  /** Console errors and uncaught page errors. */
  consoleErrors: string[];
  /** Requests that failed for another reason than our own abort. */
  failedRequests: string[];
}

export interface OpenPageOptions extends BrowserContextOptions {
  /** Off-host URLs that a test intercepts itself (route handlers added by the test); not counted. */
  allowOffHost?: (url: string) => boolean;
}

export async function openPage(browser: Browser, options: OpenPageOptions = {}): Promise<OpenedPage> {
  const { allowOffHost, ...contextOptions } = options;
  const context = await browser.newContext({ locale: 'ru-RU', ...contextOptions });
  const offHost: string[] = [];
  const consoleErrors: string[] = [];
  const failedRequests: string[] = [];
  await context.route(
    (url) => !isLoopback(url.toString()),
    async (route) => {
      const url = route.request().url();
      if (allowOffHost?.(url)) {
        await route.fallback();
        return;
      }
      offHost.push(url);
      await route.abort('blockedbyclient');
    },
  );
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(String(error)));
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    if (isLoopback(request.url()) && !failure.includes('ERR_ABORTED') && !failure.includes('BLOCKED')) {
      failedRequests.push(`${request.url()} ${failure}`);
    }
  });
  return { page, offHost, consoleErrors, failedRequests };
}

export interface SiteSession {
  /** The loopback server of the built site (available inside tests). */
  readonly server: RunningServer;
  /** Debian Chromium (available inside tests). */
  readonly browser: Browser;
  /** A new page whose off-host requests are checked when the file's tests end. */
  open(options?: OpenPageOptions): Promise<OpenedPage>;
}

/**
 * Registers the hooks of a browser test file: a loopback server of the built site and a browser before
 * the tests; after them, every page opened with `open()` must have made no request off the host.
 */
export function siteUnderTest(dir: string = buildDir): SiteSession {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const opened: OpenedPage[] = [];
  before(async () => {
    server = await startServer(dir);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    for (const { offHost } of opened) {
      assert.deepEqual(offHost, [], 'no request may leave loopback');
    }
  });
  const required = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`${name} is available only inside tests`);
    return value;
  };
  return {
    get server() {
      return required(server, 'server');
    },
    get browser() {
      return required(browser, 'browser');
    },
    async open(options) {
      const result = await openPage(required(browser, 'browser'), options);
      opened.push(result);
      return result;
    },
  };
}

/** Runs `work` over `items`, at most `limit` at a time. */
export async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A serious or critical axe violation: rule id, impact, help text and its first elements. */
export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Injects axe-core (once a page) and returns its serious and critical violations in `context` (a
 * selector; the whole document by default), checking only `rules` when they are given.
 */
export async function axeViolations(page: Page, rules?: string[], context?: string): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  return page.evaluate(
    async ({ only, within }) => {
      const axe = (window as unknown as { axe: { run: (context: unknown, options: object) => Promise<unknown> } }).axe;
      const options = only ? { resultTypes: ['violations'], runOnly: { type: 'rule', values: only } } : { resultTypes: ['violations'] };
      const result = (await axe.run(within ?? document, options)) as {
        violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
      };
      return result.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => ({
          id: violation.id,
          impact: violation.impact,
          help: violation.help,
          targets: violation.nodes.slice(0, 4).map((node) => String(node.target.join(' '))),
        }));
    },
    { only: rules, within: context },
  );
}

/**
 * Stands in for the analytics counter's tag.js in browser tests: records every call of `ym` in
 * `window.__ymCalls`, the ones queued before the tag arrived first.
 */
export const METRICA_STUB = `(function () {
  var calls = (window.__ymCalls = window.__ymCalls || []);
  var queued = (window.ym && window.ym.a) || [];
  for (var i = 0; i < queued.length; i++) calls.push(JSON.parse(JSON.stringify(Array.prototype.slice.call(queued[i]))));
  window.ym = function () { calls.push(JSON.parse(JSON.stringify(Array.prototype.slice.call(arguments)))); };
})();`;
