/**
 * `npm start` runs the same dependency code and settings as `npm run build`: the patch under patches/
 * is applied at install (patch-package), not at bundle time, and both scripts set
 * `WEBPACK_URL_LOADER_LIMIT=0`. The development server is started with the package script on a free
 * loopback port, a doc page is opened in it, and both are checked there: a Markdown image is a file
 * (the setting), and the prefetch of a linked page finds its chunk files in the route data (the
 * @docusaurus/core patch, with plugins/perf/registry-loader.cjs). The server's process group (npm,
 * cross-env, Docusaurus) is killed at the end, whatever happens.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from './lib';

/** The site: tests run from the repository root, as the other browser tests assume. */
const ROOT = process.cwd();
/** The first compilation of every page takes a while on a busy 2-core machine. */
const START_TIMEOUT_MS = 15 * 60_000;

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

let dev: ChildProcess | undefined;
let browser: Browser | undefined;
let origin = '';

before(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  dev = spawn('npm', ['start', '--', '--port', String(port), '--host', '127.0.0.1', '--no-open'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, BROWSER: 'none' },
  });
  let output = '';
  dev.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  dev.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (dev.exitCode !== null) throw new Error(`npm start exited (${dev.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`npm start did not answer within ${START_TIMEOUT_MS} ms:\n${output}`);
    const answer = await fetch(`${origin}/docs/guide/signals/`).catch(() => null);
    if (answer?.ok && /Compiled|compiled|running at/i.test(output)) break;
    await new Promise((done) => setTimeout(done, 2000));
  }
  browser = await launchBrowser();
}, { timeout: START_TIMEOUT_MS + 60_000 });

after(async () => {
  await browser?.close();
  if (dev?.pid && dev.exitCode === null) {
    try {
      process.kill(-dev.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
});

test('npm start serves a doc page as the build does: Markdown images as files, prefetch from the route data', async () => {
  assert.ok(browser);
  const { page, offHost, consoleErrors } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${origin}/docs/guide/signals/`, { waitUntil: 'load' });
  const image = page.locator('article .markdown img').first();
  await image.waitFor({ state: 'attached', timeout: 120_000 });
  const src = (await image.getAttribute('src')) ?? '';
  assert.match(src, /\/assets\/images\/[^/]+\.svg$/, `a Markdown image is a file, not a data URI: ${src.slice(0, 60)}`);
  // The patched prefetch reads the linked page's chunk files from its part of the route data.
  const before = await page.locator('link[rel="prefetch"]').count();
  await page.evaluate(() => (window as unknown as { docusaurus: { prefetch(path: string): unknown } }).docusaurus.prefetch('/docs/8.9/guide/metrics/'));
  await page.waitForFunction((count) => document.querySelectorAll('link[rel="prefetch"]').length > count, before, { timeout: 30_000 });
  const hrefs = await page.locator('link[rel="prefetch"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  assert.ok(hrefs.some((href) => href.endsWith('.js')), hrefs.join(' '));
  assert.deepEqual(offHost, []);
  assert.deepEqual(
    consoleErrors.filter((message) => !/DevTools|webpack|HMR|WebSocket/i.test(message)),
    [],
  );
});
