/**
 * `npm run screenshots`: the screenshots of a closing note (issue 48), taken in Debian Chromium with
 * playwright-core, against the built site and the report served on loopback. Every request that
 * would leave loopback is aborted and fails the run.
 *
 *   signals-report.png       the signals report (scripts/signals-report.ts) of a sample log, the whole page
 *   glossary-card-light.png  a glossary card beside the first link to a term, light mode
 *   glossary-card-dark.png   the same card, dark mode
 *
 * Usage: npm run screenshots [-- --build-dir build] [-- --log tests/fixtures/signals/monq-docs-signals.log]
 *        [-- --out /tmp/shots]
 * Needs a built site (`npm run build`). Desktop width 1280 px; a card's screenshot is cropped to the
 * paragraph of its link and the card.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { serveStatic } from './lib/static-server';
import { renderHtml } from './lib/signals-report';
import { readLogs } from './signals-report';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const VIEWPORT = { width: 1280, height: 900 };
/** A page whose first link to a term has a card (tests/e2e/glossary-card.test.ts), and that term. */
const GLOSSARY_PAGE = '/docs/guide/signals/';
const TERM_LINK = '/glossary/#signal';
/** Room around the paragraph and the card in the cropped screenshot (px). */
const MARGIN = 24;

function isLoopback(url: string): boolean {
  if (/^(data|blob|about):/.test(url)) return true;
  try {
    const { hostname } = new URL(url);
    return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
  } catch {
    return false;
  }
}

/** A context of the desktop width whose requests off loopback are aborted and recorded in `offHost`. */
async function loopbackContext(browser: Browser, colorScheme: 'light' | 'dark', offHost: string[]): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'ru-RU', viewport: VIEWPORT, colorScheme });
  await context.route(
    (url) => !isLoopback(url.toString()),
    async (route) => {
      offHost.push(route.request().url());
      await route.abort('blockedbyclient');
    },
  );
  return context;
}

async function shootReport(browser: Browser, url: string, path: string, offHost: string[]): Promise<void> {
  const context = await loopbackContext(browser, 'light', offHost);
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path, fullPage: true });
  } finally {
    await context.close();
  }
}

/** Waits until the page's scripts have taken over (they start at the first input: src/lib/hydration/boot.cjs). */
async function hydrated(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await page.locator('html[data-has-hydrated="true"]:not([data-hydrating])').waitFor({ state: 'attached', timeout: 45_000 });
}

async function shootGlossaryCard(browser: Browser, url: string, colorScheme: 'light' | 'dark', path: string, offHost: string[]): Promise<void> {
  const context = await loopbackContext(browser, colorScheme, offHost);
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await hydrated(page);
    await page.waitForFunction((theme) => document.documentElement.dataset.theme === theme, colorScheme);
    const term = page.locator(`.theme-doc-markdown .monq-term:has(> a[href="${TERM_LINK}"])`).first();
    const link = term.locator('> a').first();
    const card = term.locator('> .monq-term__card');
    await link.scrollIntoViewIfNeeded();
    await link.hover();
    await card.waitFor({ state: 'visible' });
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    await page.evaluate(() => document.fonts.ready);
    // the paragraph (or list item) of the link, from its first line, and the card under the link
    const a = await link.evaluate((element) => {
      const box = (element.closest('p, li, td') ?? element).getBoundingClientRect();
      return { x: box.x, y: box.y, width: box.width, height: box.height };
    });
    const b = await card.boundingBox();
    if (!b) throw new Error(`no box for the card of ${TERM_LINK} on ${url}`);
    const x = Math.max(0, Math.min(a.x, b.x) - MARGIN);
    const y = Math.max(0, Math.min(a.y, b.y) - MARGIN);
    const right = Math.min(VIEWPORT.width, Math.max(a.x + a.width, b.x + b.width) + MARGIN);
    const bottom = Math.max(a.y + a.height, b.y + b.height) + MARGIN;
    await page.screenshot({ path, clip: { x, y, width: right - x, height: bottom - y } });
  } finally {
    await context.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'build-dir': { type: 'string', default: 'build' },
      log: { type: 'string', default: 'tests/fixtures/signals/monq-docs-signals.log' },
      out: { type: 'string', default: '/tmp/shots' },
    },
  });
  const buildDir = resolve(values['build-dir']);
  if (!existsSync(join(buildDir, 'index.html'))) {
    console.error(`No built site in ${buildDir}: run npm run build first.`);
    return 2;
  }
  const out = resolve(values.out);
  mkdirSync(out, { recursive: true });
  // the report as `npm run signals:report` writes it, into a directory of its own
  const reportDir = mkdtempSync(join(tmpdir(), 'monq-signals-report-'));
  writeFileSync(join(reportDir, 'signals-report.html'), renderHtml(readLogs([resolve(values.log)]), new Date().toISOString().slice(0, 16).replace('T', ' ')));

  const site = await serveStatic(buildDir);
  const report = await serveStatic(reportDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const offHost: string[] = [];
  const shots = {
    report: join(out, 'signals-report.png'),
    light: join(out, 'glossary-card-light.png'),
    dark: join(out, 'glossary-card-dark.png'),
  };
  try {
    await shootReport(browser, `${report.url}/signals-report.html`, shots.report, offHost);
    await shootGlossaryCard(browser, site.url + GLOSSARY_PAGE, 'light', shots.light, offHost);
    await shootGlossaryCard(browser, site.url + GLOSSARY_PAGE, 'dark', shots.dark, offHost);
  } finally {
    await browser.close();
    await site.close();
    await report.close();
    rmSync(reportDir, { recursive: true, force: true });
  }
  if (offHost.length > 0) {
    console.error(`Requests that tried to leave loopback (aborted):\n${[...new Set(offHost)].join('\n')}`);
    return 1;
  }
  console.log(Object.values(shots).join('\n'));
  return 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
