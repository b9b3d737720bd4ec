/**
 * Reader experience on the production build, in Debian Chromium, on loopback only: image zoom, the
 * analytics hit (on a variant built with a dummy counter id, see scripts/build-variant.ts), loading,
 * navigation and error states, phones.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import type { Locator, Page, Route } from 'playwright-core';
import { METRICA_STUB, buildDir, firstInput, hydrated, startServer, siteUnderTest, visit, type OpenedPage, type OpenPageOptions } from './lib';
import type { RunningServer } from '../../scripts/lib/static-server';
import { IMAGE_ZOOM_DELAY_MS, SITE_TITLE } from '../../config/site';

/** The theme's desktop breakpoint (px): at or below it the sidebar lives in the hamburger menu. */
const DESKTOP_BREAKPOINT_PX = 996;
/** The theme's delay before the route-change progress bar appears (ms; spec, section 4). */
const PROGRESS_BAR_DELAY_MS = 200;
import { DUMMY_METRICA_ID, VARIANTS } from '../../scripts/build-variant';
import { METRICA_TAG_URL } from '../../src/shared/metrica';
import { LOADING_DELAY_MS } from '../../src/lib/reader/loading';
import { ENTRY_SCRIPT } from '../../plugins/perf/ssr-template';

const metricaBuildDir = resolve(process.env.MONQ_DOCS_METRICA_BUILD_DIR ?? VARIANTS.metrica!.outDir);

const site = siteUnderTest();
const open = (options?: OpenPageOptions): Promise<OpenedPage> => site.open(options);
/**
 * Fake timers, paused: page time moves only when the test says so (no timed test). Install before the
 * first navigation.
 */
async function pauseClock(page: Page): Promise<void> {
  await page.clock.install({ time: new Date('2026-01-02T00:00:00Z') });
  await page.clock.pauseAt(new Date('2026-01-02T00:00:01Z'));
}

/**
 * Hydration done, with paused timers: the colour toggle is enabled by an effect that runs after the
 * first commit (the `data-has-hydrated` mark waits for an animation frame, which paused timers hold).
 */
async function startedWithPausedClock(page: Page): Promise<void> {
  await firstInput(page);
  await page.locator('.navbar button[class*="toggleButton"]:not([disabled])').first().waitFor({ state: 'attached' });
}

/** Two content images (inline SVG diagrams), no image inside a link. */
const ZOOM_PAGE = '/upgrade/upgrade-policies/';
const zoomable = '.markdown img[data-zoomable]';

/** Opens the zoom and waits for the end of its animation (the image reports itself expanded). */
async function openZoom(page: Page, index = 0): Promise<void> {
  const image = page.locator(zoomable).nth(index);
  await image.click();
  await page.locator('.medium-zoom-overlay').waitFor();
  await page.locator(`${zoomable}[aria-expanded="true"]`).waitFor({ state: 'attached' });
}

async function zoomClosed(page: Page): Promise<void> {
  await page.locator('.medium-zoom-overlay').waitFor({ state: 'detached' });
  await page.locator('img.medium-zoom-image--opened').waitFor({ state: 'detached' });
}

/** Records whether a script carrying medium-zoom's code reaches the page (it is a chunk of its own). */
function watchZoomScript(page: Page): { loaded(): Promise<boolean> } {
  let loaded = false;
  // A script's body reaches the test after the page has run it: `loaded()` waits for the bodies
  // of all the scripts answered so far.
  const bodies: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    bodies.push(
      response.text().then(
        (body) => {
          if (body.includes('medium-zoom-overlay')) loaded = true;
        },
        () => undefined,
      ),
    );
  });
  return { loaded: async () => (await Promise.all(bodies), loaded) };
}

function overlayColour(page: Page): Promise<string> {
  return page.locator('.medium-zoom-overlay').evaluate((node) => getComputedStyle(node).backgroundColor);
}

const WHITE = 'rgb(255, 255, 255)';
const DARK_GREY = 'rgb(31, 33, 37)';

/** What the reader sees of the zoomed image's focus frame, with the screenshot it was measured on. */
interface ZoomedFrame {
  focused: boolean;
  outline: string;
  /** Share of the pixels in a band 10 px wide around the zoomed image that differ from the overlay. */
  band: number;
}

/**
 * Waits for the zoom to be open (the animation over, the zoomed image focused), saves a screenshot to
 * `path` and measures the frame on it: the computed outline, and the band around the image, which
 * only the frame can colour (medium-zoom leaves a margin of overlay around the image).
 */
async function zoomedFrame(page: Page, path: string): Promise<ZoomedFrame> {
  await page.locator(`${zoomable}[aria-expanded="true"]`).waitFor({ state: 'attached' });
  await page.waitForFunction(() => document.activeElement?.classList.contains('medium-zoom-image--opened'));
  const zoomed = page.locator('img.medium-zoom-image--opened');
  const { focused, outline } = await zoomed.evaluate((node) => {
    const style = getComputedStyle(node);
    return { focused: node === document.activeElement, outline: `${style.outlineStyle} ${style.outlineWidth}` };
  });
  const box = await zoomed.boundingBox();
  assert.ok(box, 'the zoomed image is on screen');
  const background = await overlayColour(page);
  const png = (await page.screenshot({ path })).toString('base64');
  // The page's Chromium decodes the screenshot (no PNG decoder in the tests' dependencies).
  const band = await page.evaluate(
    async ({ png, box, background }) => {
      const bytes = Uint8Array.from(atob(png), (char) => char.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d');
      if (!context) throw new Error('no 2D canvas');
      context.drawImage(bitmap, 0, 0);
      const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
      const [red, green, blue] = (background.match(/\d+/g) ?? []).map(Number);
      const left = Math.floor(box.x);
      const top = Math.floor(box.y);
      const right = Math.ceil(box.x + box.width);
      const bottom = Math.ceil(box.y + box.height);
      const WIDTH = 10;
      let coloured = 0;
      let total = 0;
      for (let y = top - WIDTH; y < bottom + WIDTH; y += 1) {
        for (let x = left - WIDTH; x < right + WIDTH; x += 1) {
          if (x >= left && x < right && y >= top && y < bottom) continue;
          const at = (y * bitmap.width + x) * 4;
          const distance =
            Math.abs((pixels[at] ?? 0) - (red ?? 0)) +
            Math.abs((pixels[at + 1] ?? 0) - (green ?? 0)) +
            Math.abs((pixels[at + 2] ?? 0) - (blue ?? 0));
          total += 1;
          if (distance > 48) coloured += 1;
        }
      }
      return coloured / total;
    },
    { png, box, background },
  );
  return { focused, outline, band };
}

const percent = (share: number): string => `${Math.round(share * 100)}%`;

describe('image zoom', () => {
  test('content images open zoomed on click and close on click, Esc and scroll; the logo never', async () => {
    const { page, consoleErrors } = await open({ viewport: { width: 1280, height: 800 } });
    await visit(page, site.server.url + ZOOM_PAGE);
    await page.locator(zoomable).nth(1).waitFor({ state: 'attached' });
    assert.equal(await page.locator('.markdown img').count(), await page.locator(zoomable).count());
    assert.equal(await page.locator('.navbar__logo img[data-zoomable], .navbar__logo img.medium-zoom-image').count(), 0);

    await openZoom(page);
    assert.equal(await page.locator('img.medium-zoom-image--opened').isVisible(), true);
    await page.locator('img.medium-zoom-image--opened').click();
    await zoomClosed(page);

    await openZoom(page);
    await page.keyboard.press('Escape');
    await zoomClosed(page);

    await openZoom(page, 1);
    await page.mouse.wheel(0, 400);
    await zoomClosed(page);

    // A click on the logo navigates home as usual, no overlay.
    await page.locator('.navbar__logo').click();
    await page.waitForURL(`${site.server.url}/`);
    assert.equal(await page.locator('.medium-zoom-overlay').count(), 0);
    assert.deepEqual(consoleErrors, []);
  });

  test('set up after the configured delay, after each route change, and for images added later', async () => {
    const { page } = await open({ viewport: { width: 1280, height: 800 } });
    const zoomScript = watchZoomScript(page);
    await pauseClock(page);
    await page.goto(site.server.url + ZOOM_PAGE);
    await startedWithPausedClock(page);
    await page.locator('.markdown img').first().waitFor({ state: 'attached' });
    await page.clock.runFor(IMAGE_ZOOM_DELAY_MS - 1);
    assert.equal(await page.locator(zoomable).count(), 0, 'not before the delay');
    assert.equal(await zoomScript.loaded(), false, 'medium-zoom is not part of the scripts a page runs on load');
    await page.clock.runFor(1);
    // The images become buttons now; medium-zoom's chunk is fetched only when the reader opens one.
    await page.locator(zoomable).nth(1).waitFor({ state: 'attached' });
    assert.equal(await page.locator(zoomable).count(), 2, 'both content images after the delay');
    assert.equal(await zoomScript.loaded(), false, 'medium-zoom waits for the first image the reader opens');

    // Client-side move to another page with an image.
    await page.locator('.theme-doc-sidebar-container a[href="/upgrade/v9/"]').first().click();
    await page.waitForURL(`${site.server.url}/upgrade/v9/`);
    // The address changes first; the old page stays until the new one's chunks are in. The delay
    // counts from the new page's render, so wait for it before moving the clock.
    await page.locator('h1', { hasText: /^Monq 9/ }).waitFor();
    await page.locator('.markdown img').first().waitFor({ state: 'attached' });
    await page.clock.runFor(IMAGE_ZOOM_DELAY_MS - 1);
    assert.equal(await page.locator(zoomable).count(), 0, 'the new page: not before the delay');
    await page.clock.runFor(1);
    assert.equal(await page.locator(zoomable).count(), 1, 'the new page: after the delay');

    // Images added to the page later: a plain one becomes zoomable, one inside a link does not.
    const source = await page.locator('.markdown img').first().getAttribute('src');
    await page.evaluate((src) => {
      const markdown = document.querySelector('.markdown');
      const plain = document.createElement('p');
      plain.innerHTML = `<img id="late-plain" alt="Добавлено позже" src="${src}">`;
      const linked = document.createElement('p');
      linked.innerHTML = `<a href="/glossary/"><img id="late-linked" alt="В ссылке" src="${src}"></a>`;
      markdown?.append(plain, linked);
    }, source);
    await page.locator('#late-plain[data-zoomable]').waitFor({ state: 'attached' });
    assert.equal(await page.locator('#late-linked').getAttribute('data-zoomable'), null);
    await page.clock.runFor(2000);
    await page.locator('#late-linked').click();
    await page.waitForURL(`${site.server.url}/glossary/`);
    assert.equal(await page.locator('.medium-zoom-overlay').count(), 0);
  });

  test('medium-zoom is fetched only when the reader opens an image', async () => {
    const { page } = await open({ viewport: { width: 1280, height: 800 } });
    const zoomScript = watchZoomScript(page);
    await pauseClock(page);
    await page.goto(`${site.server.url}/docs/automation/general-functions/cache-functions/`);
    await startedWithPausedClock(page);
    assert.equal(await page.locator('.markdown').count(), 1);
    assert.equal(await page.locator('.markdown img').count(), 0, 'the page under test has no content image');
    await page.clock.runFor(IMAGE_ZOOM_DELAY_MS * 3);
    // A real image added later still gets the zoom: the chunk comes when it is needed.
    assert.equal(await zoomScript.loaded(), false);
    await page.evaluate(() => {
      const plain = document.createElement('p');
      plain.innerHTML = '<img id="late" alt="Схема" src="/img/logo.svg">';
      document.querySelector('.markdown')?.append(plain);
    });
    await page.locator('#late[data-zoomable]').waitFor({ state: 'attached' });
    assert.equal(await zoomScript.loaded(), false, 'a zoomable image alone does not fetch it');
    await page.locator('#late').click();
    await page.locator('.medium-zoom-overlay').waitFor();
    assert.equal(await zoomScript.loaded(), true, 'opening the image does');
  });

  test('the overlay is white in light mode, dark grey in dark mode, and follows a change while open', async () => {
    const { page } = await open({ colorScheme: 'light' });
    await visit(page, site.server.url + ZOOM_PAGE);
    await page.locator(zoomable).first().waitFor({ state: 'attached' });
    assert.equal(await page.getAttribute('html', 'data-theme'), 'light');
    await openZoom(page);
    assert.equal(await overlayColour(page), WHITE);
    // System mode: the OS turns dark while the image is open.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    assert.equal(await overlayColour(page), DARK_GREY);
    await page.keyboard.press('Escape');
    await zoomClosed(page);

    const dark = await open({ colorScheme: 'dark' });
    await visit(dark.page, site.server.url + ZOOM_PAGE);
    await dark.page.locator(zoomable).first().waitFor({ state: 'attached' });
    await openZoom(dark.page);
    assert.equal(await overlayColour(dark.page), DARK_GREY);
  });

  test('keyboard and screen-reader users can open and close a zoomed image', async () => {
    const { page } = await open();
    await visit(page, site.server.url + ZOOM_PAGE);
    const buttons = page.getByRole('button', { name: /— открыть увеличенное изображение$/ });
    await buttons.nth(1).waitFor();
    assert.equal(await buttons.count(), 2);
    const first = page.locator(zoomable).first();
    assert.match((await first.getAttribute('aria-label')) ?? '', /^Схема пути обновления/);

    // Reach the image with Tab, open it with Enter.
    await page.locator('.markdown h2').first().evaluate((node) => {
      (node.querySelector('a') as HTMLElement | null)?.focus();
    });
    for (let i = 0; i < 20 && !(await first.evaluate((node) => node === document.activeElement)); i += 1) {
      await page.keyboard.press('Tab');
    }
    assert.equal(await first.evaluate((node) => node === document.activeElement), true, 'Tab reaches the image');
    await page.keyboard.press('Enter');
    await page.locator('.medium-zoom-overlay').waitFor();
    const zoomed = page.getByRole('button', { name: /— закрыть увеличенное изображение$/ });
    await zoomed.waitFor();
    await page.waitForFunction(() => document.activeElement?.classList.contains('medium-zoom-image--opened'));
    await page.locator(`${zoomable}[aria-expanded="true"]`).waitFor({ state: 'attached' });
    await page.keyboard.press('Enter');
    await zoomClosed(page);
    assert.equal(await first.evaluate((node) => node === document.activeElement), true, 'focus comes back');
    assert.equal(await first.getAttribute('aria-expanded'), 'false');

    // Space opens too, Esc closes.
    await page.keyboard.press(' ');
    await page.locator('.medium-zoom-overlay').waitFor();
    await page.locator(`${zoomable}[aria-expanded="true"]`).waitFor({ state: 'attached' });
    await page.keyboard.press('Escape');
    await zoomClosed(page);
  });

  test('the zoomed image shows its focus frame when the keyboard opened it, none after a click (screenshots of both)', async () => {
    const shots = mkdtempSync(join(tmpdir(), 'monq-zoom-focus-'));
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page } = await open({ viewport: { width: 1280, height: 800 }, colorScheme });
      await page.goto(site.server.url + ZOOM_PAGE);
      // The window reaches below the first image, so that nothing scrolls: the click on the
      // image is the reader's first input. It starts the page's scripts, and the image is not a
      // button yet, so the click focuses nothing; the zoomed image then gets the focus from a script,
      // which Chromium shows with a frame unless the site's style says otherwise.
      const image = page.locator('.markdown img').first();
      const box = await image.boundingBox();
      assert.ok(box, 'the first image of the page');
      await page.setViewportSize({ width: 1280, height: Math.ceil(box.y + box.height) + 80 });
      assert.equal(await page.getAttribute('html', 'data-hydration'), 'waiting', 'no input before the click');
      const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      const noFrame = (frame: ZoomedFrame, after: string): void => {
        assert.equal(frame.focused, true, 'the zoomed image has the focus, for the keyboard to close it');
        const seen = `outline ${frame.outline}, ${percent(frame.band)} of the pixels around the image coloured`;
        assert.equal(frame.outline.split(' ')[0], 'none', `${colorScheme}: a focus frame ${after} (${seen})`);
        assert.ok(frame.band < 0.02, `${colorScheme}: a focus frame ${after} (${seen})`);
      };

      await page.mouse.click(centre.x, centre.y);
      noFrame(await zoomedFrame(page, join(shots, `${colorScheme}-after-click.png`)), 'after the first click');

      // Esc closes and gives the focus back to the image; Enter opens it again.
      await page.keyboard.press('Escape');
      await zoomClosed(page);
      assert.equal(await image.evaluate((node) => node === document.activeElement), true, 'the image has the focus back');
      await page.keyboard.press('Enter');
      const typed = await zoomedFrame(page, join(shots, `${colorScheme}-after-enter.png`));
      assert.equal(typed.outline, 'solid 3px', `${colorScheme}: the focus frame after Enter`);
      assert.ok(typed.band > 0.25, `${colorScheme}: the frame is drawn after Enter (${percent(typed.band)} around the image)`);

      // A click after the keyboard: the image still had the focus that Esc gave back.
      await page.keyboard.press('Escape');
      await zoomClosed(page);
      await page.mouse.click(centre.x, centre.y);
      noFrame(await zoomedFrame(page, join(shots, `${colorScheme}-after-esc-click.png`)), 'after a click that follows Enter and Esc');
      await page.keyboard.press('Escape');
      await zoomClosed(page);
    }
    console.log(`screenshots: ${shots}`);
  });
});

type YmCall = [number, string, ...unknown[]];

function ymCalls(page: Page): Promise<YmCall[]> {
  return page.evaluate(() => (window as unknown as { __ymCalls?: YmCall[] }).__ymCalls ?? []);
}

async function hitsSoFar(page: Page, count: number): Promise<YmCall[]> {
  await page.waitForFunction(
    (n) =>
      ((window as unknown as { __ymCalls?: [number, string][] }).__ymCalls ?? []).filter((c) => c[1] === 'hit')
        .length >= n,
    count,
  );
  return (await ymCalls(page)).filter((call) => call[1] === 'hit');
}

describe('analytics hit', () => {
  test('without a counter id nothing is loaded or sent', async () => {
    const { page, offHost } = await open();
    const counterRequests: string[] = [];
    page.on('request', (request) => {
      if (/yandex|metri[ck]a/i.test(request.url())) counterRequests.push(request.url());
    });
    await visit(page, `${site.server.url}/docs/get-started/`);
    await page.locator('.navbar a[href="/glossary/"]').first().click();
    await page.waitForURL(`${site.server.url}/glossary/`);
    await page.locator('h1').first().waitFor();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 50))));
    assert.deepEqual(counterRequests, []);
    assert.deepEqual(offHost, []);
    assert.equal(await page.evaluate(() => typeof (window as unknown as { ym?: unknown }).ym), 'undefined');
    assert.equal(await page.locator('script[src*="mc.yandex"]').count(), 0);
  });

  describe('with a counter id (variant build)', () => {
    let variant: RunningServer;
    before(async () => {
      variant = await startServer(metricaBuildDir);
    });
    after(async () => {
      await variant?.close();
    });

    test('the tag loads once; one hit per route change with the new path and title, none for a #hash', async () => {
      const { page, consoleErrors } = await open({ viewport: { width: 1280, height: 900 } });
      let tagRequests = 0;
      await page.route(METRICA_TAG_URL, async (route: Route) => {
        tagRequests += 1;
        await route.fulfill({ status: 200, contentType: 'application/javascript', body: METRICA_STUB });
      });
      const id = Number(DUMMY_METRICA_ID);
      const url = (path: string) => variant.url + path;

      await visit(page, url('/docs/get-started/'));
      let hits = await hitsSoFar(page, 1);
      // Read after the hit: while the first page hydrates, its title passes through the bare site title.
      const titles = [await page.title()];

      // 1: navbar → glossary
      await page.locator('.navbar a[href="/glossary/"]').first().click();
      await page.waitForURL(url('/glossary/'));
      hits = await hitsSoFar(page, 2);
      titles.push(await page.title());

      // 2: navbar → upgrade policies
      await page.locator('.navbar a[href="/upgrade/upgrade-policies/"]').first().click();
      await page.waitForURL(url('/upgrade/upgrade-policies/'));
      hits = await hitsSoFar(page, 3);
      titles.push(await page.title());

      // hash only: a heading of the table of contents
      const anchor = page.locator('.table-of-contents a').first();
      const hash = (await anchor.getAttribute('href')) ?? '';
      assert.match(hash, /^#/);
      await anchor.click();
      await page.waitForURL(url('/upgrade/upgrade-policies/' + hash));

      // 3: sidebar → Monq 9 upgrade
      await page.locator('.theme-doc-sidebar-container a[href="/upgrade/v9/"]').first().click();
      await page.waitForURL(url('/upgrade/v9/'));
      hits = await hitsSoFar(page, 4);
      titles.push(await page.title());
      // Let anything late arrive before the final count.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100))));

      const calls = await ymCalls(page);
      assert.equal(tagRequests, 1, 'the tag is requested once');
      assert.equal(await page.locator(`script[src="${METRICA_TAG_URL}"]`).count(), 1);
      assert.deepEqual(
        calls.filter((call) => call[1] === 'init'),
        [[id, 'init', { defer: true, clickmap: true, trackLinks: true, accurateTrackBounce: true }]],
      );
      assert.equal(calls[0]?.[1], 'init', 'init comes before any hit');
      hits = calls.filter((call) => call[1] === 'hit');
      // Titles really differ from page to page, so a stale title would be caught.
      assert.equal(new Set(titles).size, 4, titles.join(' / '));
      for (const title of titles) assert.match(title, new RegExp(`\\| ${SITE_TITLE}$`));
      assert.deepEqual(hits, [
        [id, 'hit', url('/docs/get-started/'), { title: titles[0], referer: '' }],
        [id, 'hit', url('/glossary/'), { title: titles[1], referer: url('/docs/get-started/') }],
        [id, 'hit', url('/upgrade/upgrade-policies/'), { title: titles[2], referer: url('/glossary/') }],
        [id, 'hit', url('/upgrade/v9/'), { title: titles[3], referer: url('/upgrade/upgrade-policies/') }],
      ]);
      assert.deepEqual(consoleErrors, []);
    });
  });
});

/** The chunk files a page needs beyond the ones already loaded: recorded while a route loads. */
function jsRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.js')) seen.push(request.url());
  });
  return seen;
}

describe('loading, navigation and error states', () => {
  test(`the progress bar appears ${PROGRESS_BAR_DELAY_MS} ms after a route change starts, not before`, async () => {
    const { page } = await open({ viewport: { width: 1280, height: 900 } });
    await pauseClock(page);
    await page.goto(`${site.server.url}/docs/get-started/`);
    await startedWithPausedClock(page);
    const held: Route[] = [];
    await page.route('**/assets/js/*.js', async (route) => {
      held.push(route);
    });
    await page.locator('.navbar a[href="/glossary/"]').first().click();
    await page.waitForURL(`${site.server.url}/glossary/`);
    assert.ok(held.length > 0, 'the next page needs chunks');
    await page.clock.runFor(PROGRESS_BAR_DELAY_MS - 1);
    assert.equal(await page.locator('#nprogress').count(), 0, 'no bar before the delay');
    await page.clock.runFor(1);
    await page.locator('#nprogress .bar').waitFor({ state: 'attached' });
    for (const route of held) await route.continue();
    await page.unroute('**/assets/js/*.js');
    await page.waitForURL(`${site.server.url}/glossary/`);
    await page.locator('h1', { hasText: 'Глоссарий' }).waitFor();
    await page.clock.runFor(2000);
    await page.locator('#nprogress').waitFor({ state: 'detached' });
  });

  test('a blocked page chunk shows the Russian error and «Повторить», which reloads the page', async () => {
    const { page } = await open({ viewport: { width: 1280, height: 900 } });
    await visit(page, `${site.server.url}/docs/get-started/`);
    const requested = jsRequests(page);
    // The page's own chunks fail (as after a deployment that replaced them); the app bundle loads.
    const pageChunk = (url: URL) => /\/assets\/js\/[^/]+\.js$/.test(url.pathname) && !/\/(main|runtime~main)\.[^/]+\.js$/.test(url.pathname);
    await page.route(pageChunk, (route) => route.abort('connectionrefused'));
    const reloaded = page.waitForEvent('load');
    await page.locator('.navbar a[href="/glossary/"]').first().click();
    // A failed route load reloads the page …
    await reloaded;
    assert.equal(page.url(), `${site.server.url}/glossary/`);
    // … which can be read as it is, and starts its scripts at the first input (hydration on intent) …
    assert.equal(await page.getAttribute('html', 'data-hydration'), 'waiting');
    await page.locator('h1', { hasText: 'Глоссарий' }).waitFor();
    await firstInput(page);
    // … and when the chunks fail again, the reader is told so.
    const alert = page.getByRole('alert').filter({ hasText: 'Не удалось загрузить страницу' });
    await alert.waitFor();
    assert.match(await alert.innerText(), /Проверьте подключение к интернету/);
    assert.ok(requested.length > 0);
    const retry = alert.getByRole('button', { name: 'Повторить' });
    await page.unroute(pageChunk);
    await Promise.all([page.waitForEvent('load'), retry.click()]);
    await hydrated(page);
    await page.locator('h1', { hasText: 'Глоссарий' }).waitFor();
    assert.equal(await page.getByRole('alert').filter({ hasText: 'Не удалось загрузить' }).count(), 0);
  });

  /** A chunk loaded after the page started: the search dialog's script and style. */
  const lateChunk = (url: URL) => /\/assets\/(js|css)\/[^/]+\.(js|css)$/.test(url.pathname);

  test(`the search dialog's chunk: nothing for ${LOADING_DELAY_MS} ms, then the spinner, then the dialog`, async () => {
    const { page } = await open({ viewport: { width: 1280, height: 900 } });
    await pauseClock(page);
    await page.goto(`${site.server.url}/docs/get-started/`);
    await startedWithPausedClock(page);
    // Until the page marks itself hydrated (in an animation frame, held by the paused clock) the boot
    // holds Ctrl+K back to replay it: let the frame run first.
    await page.clock.runFor(100);
    await page.locator('html[data-hydration="done"]').waitFor({ state: 'attached' });
    const held: Route[] = [];
    await page.route(lateChunk, (route) => {
      held.push(route);
    });
    const requested = page.waitForRequest((request) => lateChunk(new URL(request.url())));
    await page.keyboard.press('Control+k');
    await requested;
    const layer = page.locator('.monq-search-loading');
    await page.clock.runFor(LOADING_DELAY_MS - 1);
    assert.equal(await layer.count(), 0, 'nothing before the delay');
    await page.clock.runFor(1);
    const spinner = layer.getByRole('status');
    await spinner.waitFor();
    assert.equal(await spinner.textContent(), 'Загрузка…');
    assert.equal(await layer.locator('.monq-loading__spinner').isVisible(), true);
    for (const route of held) await route.continue();
    await page.unroute(lateChunk);
    await page.locator('.DocSearch-Modal').waitFor();
    assert.equal(await layer.count(), 0, 'the spinner gives way to the dialog');
  });

  test('a search dialog that cannot load says so; Esc closes the message, «Повторить» reloads', async () => {
    const { page, consoleErrors } = await open({ viewport: { width: 1280, height: 900 } });
    await visit(page, `${site.server.url}/docs/get-started/`);
    await page.route(lateChunk, (route) => route.abort('connectionrefused'));
    // Pointing at the button prefetches the dialog: its failure stays quiet …
    const prefetchFailed = page.waitForEvent('requestfailed');
    await page.locator('.DocSearch-Button').hover();
    await prefetchFailed;
    // … until the reader opens the dialog.
    await page.keyboard.press('Control+k');
    const alert = page.getByRole('alert').filter({ hasText: 'Не удалось загрузить поиск' });
    await alert.waitFor();
    assert.match(await alert.innerText(), /Проверьте подключение к интернету/);
    await page.keyboard.press('Escape');
    await alert.waitFor({ state: 'detached' });
    await page.keyboard.press('Control+k');
    await alert.waitFor();
    assert.deepEqual(
      consoleErrors.filter((text) => !/Failed to load resource/.test(text)),
      [],
      'no uncaught error: only the refused requests',
    );
    await page.unroute(lateChunk);
    await Promise.all([page.waitForEvent('load'), alert.getByRole('button', { name: 'Повторить' }).click()]);
    await hydrated(page);
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Modal').waitFor();
  });

  /** Switches the test crash of the rewritten chunk on or off. */
  const setCrash = (page: Page, on: boolean) =>
    page.evaluate((value) => {
      (window as unknown as { __monqCrash: boolean }).__monqCrash = value;
    }, on);

  /**
   * Rewrites the page chunk that `isTarget` picks so that its default export throws while
   * `window.__monqCrash` is set, then goes from a doc page to the glossary with the crash on, as a
   * reader would meet it. Returns the `main` that shows the crash page.
   */
  async function crashOnTheWayToGlossary(page: Page, isTarget: (body: string) => boolean): Promise<Locator> {
    const rewrite = async (route: Route): Promise<void> => {
      const response = await route.fetch();
      const body = await response.text();
      if (/\/main\.[^/]+\.js$/.test(route.request().url()) || !isTarget(body)) {
        await route.fulfill({ response, body });
        return;
      }
      const patched = body.replace(
        /default:\(\)=>(\w+)/,
        (_all, name: string) =>
          // The wrapper's parameter must not shadow the minified name of the original export.
          `default:()=>(window.__monqCrashed||(window.__monqCrashed=function(__monqProps){` +
          `if(window.__monqCrash)throw new Error("тестовый сбой");return ${name}(__monqProps)}))`,
      );
      await route.fulfill({ response, body: patched });
    };
    // The boot's idle prefetches may still be in flight when the test ends and the file's server
    // stops: their fetch then fails, and the request is aborted instead of failing the file. A chunk
    // the test needs that fails this way fails the test at its own wait.
    await page.route('**/assets/js/*.js', (route) => rewrite(route).catch(() => route.abort().catch(() => undefined)));
    // The page's own prefetches finish first: a chunk requested by main.js while its intercepted
    // prefetch is still in flight waited for it in one CI run until the test timed out.
    await page.goto(`${site.server.url}/docs/get-started/`);
    await page.waitForLoadState('networkidle');
    await hydrated(page);
    await setCrash(page, true);
    await page.locator('.navbar a[href="/glossary/"]').first().click();
    await page.waitForURL(`${site.server.url}/glossary/`);
    const main = page.locator('main');
    await main.getByText('Эта страница вышла из строя.').waitFor();
    return main;
  }

  test('a page that crashes shows the Russian crash page and «Попробовать снова» recovers it', async () => {
    const { page } = await open({ viewport: { width: 1280, height: 900 } });
    // the glossary's content component throws while rendering
    const main = await crashOnTheWayToGlossary(
      page,
      (body) => body.includes('"source":"@site/src/pages/glossary.mdx"') && body.includes('default:()=>'),
    );
    const again = main.getByRole('button', { name: 'Попробовать снова' });
    assert.equal(await again.isVisible(), true);
    await setCrash(page, false);
    await again.click();
    await page.locator('h1', { hasText: 'Глоссарий' }).waitFor();
    assert.equal(await main.getByText('Эта страница вышла из строя.').count(), 0);
  });

  test('a page component that crashes outside the layout shows the same Russian crash page', async () => {
    const { page } = await open({ viewport: { width: 1280, height: 900 } });
    // The theme's MDX page component (the glossary's route component, outside the layout's own error
    // boundary) throws: the app's root boundary (@theme/Error) catches it.
    const main = await crashOnTheWayToGlossary(
      page,
      (body) =>
        // The chunk of the MDX page component: the only default export of the chunk that draws the
        // MDX page's wrapper (the chunk may hold other modules first, such as the edit row).
        body.includes('mdxPageWrapper') && (body.match(/default:\(\)=>/g) ?? []).length === 1,
    );
    assert.equal(await page.getByText('This page crashed').count(), 0);
    await page.waitForFunction(() => document.title.startsWith('Ошибка страницы'));
    // The crash page keeps the site's navbar: the reader can go elsewhere.
    assert.equal(await page.locator('.navbar a[href="/glossary/"]').first().isVisible(), true);
    await setCrash(page, false);
    await main.getByRole('button', { name: 'Попробовать снова' }).click();
    await page.locator('h1', { hasText: 'Глоссарий' }).waitFor();
  });

  /**
   * The prefetch links of the page once it has settled, without the page's own entry scripts (the
   * boot prefetches them: src/lib/hydration/boot.ts). The boot's route chunks stay in: with the
   * chunks Docusaurus prefetches for the links in view, each file is requested once.
   */
  async function prefetched(page: Page): Promise<string[]> {
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const hrefs = await page.evaluate(() =>
      Array.from(document.querySelectorAll('link[rel="prefetch"]')).map((link) => link.getAttribute('href') ?? ''),
    );
    return hrefs.filter((href) => !ENTRY_SCRIPT.test(href));
  }

  test('the chunks of the pages linked in view are prefetched; none on a data-saver or 2G connection', async () => {
    const { page } = await open({ viewport: { width: 1280, height: 900 } });
    await visit(page, `${site.server.url}/docs/get-started/`);
    await page.waitForFunction(() => document.querySelector('link[rel="prefetch"]') !== null);
    const hrefs = await prefetched(page);
    for (const href of hrefs) assert.match(href, /^\/assets\/js\/\d+\.[0-9a-f]{8}\.js$/, 'a chunk file of the build');
    // Docusaurus's prefetch reads a linked route's chunk files from the route data (`routeData.chunkFiles`,
    // patches/@docusaurus+core+3.10.2.patch), not from a table of every route.
    // The navbar links to the glossary: its content chunk is among the prefetched files.
    const bodies = await page.evaluate(
      (urls) => Promise.all(urls.map(async (url) => (await fetch(url)).text())),
      hrefs,
    );
    assert.ok(
      bodies.some((body) => body.includes('"source":"@site/src/pages/glossary.mdx"')),
      `the glossary's chunk is prefetched (${hrefs.length} files)`,
    );

    // The same wait sees prefetches on a fast connection (so an empty list below means "none").
    const connections = [
      { effectiveType: '4g', saveData: false, prefetches: true },
      { effectiveType: '4g', saveData: true, prefetches: false },
      { effectiveType: 'slow-2g', saveData: false, prefetches: false },
    ];
    for (const { prefetches, ...connection } of connections) {
      const other = (await open({ viewport: { width: 1280, height: 900 } })).page;
      await other.addInitScript((value) => {
        Object.defineProperty(navigator, 'connection', { value, configurable: true });
      }, connection);
      await visit(other, `${site.server.url}/docs/get-started/`);
      assert.equal((await prefetched(other)).length > 0, prefetches, JSON.stringify(connection));
    }
  });

  test('a link pushes a history entry, or replaces it when it points at the current location', async () => {
    const { page } = await open({ viewport: { width: 1280, height: 900 } });
    await visit(page, `${site.server.url}/docs/get-started/`);
    const length = () => page.evaluate(() => history.length);
    const start = await length();
    const marker = await page.evaluate(() => ((window as unknown as { __same: number }).__same = 1));
    await page.locator('.navbar a[href="/glossary/"]').first().click();
    await page.waitForURL(`${site.server.url}/glossary/`);
    assert.equal(await length(), start + 1, 'push');
    // The address changes at once, the page once its chunks have loaded: until then the links still
    // belong to the previous page, and a click on this one would be a second navigation.
    await page.locator('h1', { hasText: 'Глоссарий' }).waitFor();
    await page.locator('.navbar a[href="/glossary/"]').first().click();
    await page.locator('h1', { hasText: 'Глоссарий' }).waitFor();
    assert.equal(await length(), start + 1, 'replace: same location');
    // Client-side all along: the page was never reloaded.
    assert.equal(await page.evaluate(() => (window as unknown as { __same?: number }).__same), marker);
    await page.goBack();
    await page.waitForURL(`${site.server.url}/docs/get-started/`);
  });

  test('modified clicks (Ctrl/Cmd, Shift, Alt, middle button) are left to the browser', async () => {
    const { page } = await open({ viewport: { width: 1280, height: 900 } });
    await visit(page, `${site.server.url}/docs/get-started/`);
    const link = page.locator('.navbar a[href="/glossary/"]').first();
    const here = page.url();
    const length = await page.evaluate(() => history.length);
    const context = page.context();
    for (const modifiers of [['ControlOrMeta'], ['Shift']] as const) {
      const [popup] = await Promise.all([context.waitForEvent('page'), link.click({ modifiers: [...modifiers] })]);
      await popup.waitForURL(`${site.server.url}/glossary/`);
      await popup.close();
      assert.equal(page.url(), here, `${modifiers.join('+')}: this page stays`);
    }
    {
      const [popup] = await Promise.all([context.waitForEvent('page'), link.click({ button: 'middle' })]);
      await popup.waitForURL(`${site.server.url}/glossary/`);
      await popup.close();
      assert.equal(page.url(), here, 'middle button: this page stays');
    }
    {
      const [download] = await Promise.all([page.waitForEvent('download'), link.click({ modifiers: ['Alt'] })]);
      assert.match(download.url(), /\/glossary\/$/);
      await download.cancel();
      assert.equal(page.url(), here, 'Alt: the browser downloads, this page stays');
    }
    assert.equal(await page.evaluate(() => history.length), length, 'no history entry added here');
  });

  test('a link that opens in another tab (`target="_blank"`) is left to the browser', async () => {
    const { page } = await open({ viewport: { width: 1280, height: 900 } });
    await visit(page, `${site.server.url}/docs/get-started/`);
    const link = page.locator('.markdown a[target="_blank"][href="/glossary/"]');
    assert.equal(await link.count(), 1, 'the page has such a link');
    const here = page.url();
    const length = await page.evaluate(() => history.length);
    const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await tab.waitForURL(`${site.server.url}/glossary/`);
    await tab.locator('h1', { hasText: 'Глоссарий' }).waitFor();
    await tab.close();
    assert.equal(page.url(), here, 'this page stays');
    assert.equal(await page.evaluate(() => history.length), length, 'no history entry added here');
  });

  test('the scroll position is restored on back and forward', async () => {
    const { page } = await open({ viewport: { width: 1280, height: 700 } });
    await visit(page, `${site.server.url}/upgrade/upgrade-policies/`);
    await page.mouse.wheel(0, 900);
    await page.waitForFunction(() => window.scrollY >= 800);
    const before = await page.evaluate(() => window.scrollY);
    await page.locator('.navbar a[href="/glossary/"]').first().click();
    await page.waitForURL(`${site.server.url}/glossary/`);
    await page.waitForFunction(() => window.scrollY === 0);
    await page.mouse.wheel(0, 300);
    await page.waitForFunction(() => window.scrollY >= 250);
    const glossaryY = await page.evaluate(() => window.scrollY);
    await page.goBack();
    await page.waitForURL(`${site.server.url}/upgrade/upgrade-policies/`);
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, before);
    await page.goForward();
    await page.waitForURL(`${site.server.url}/glossary/`);
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, glossaryY);
  });
});

/** The ten largest pages of the build (redirect pages and 404 aside), as routes. */
function longestPages(dir: string, count: number): string[] {
  const pages: { route: string; size: number }[] = [];
  const walk = (folder: string): void => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      const stat = statSync(path);
      if (stat.isDirectory()) {
        if (name !== 'assets') walk(path);
      } else if (name === 'index.html') {
        const html = readFileSync(path, 'utf8');
        if (/http-equiv=["']?refresh/i.test(html)) continue;
        const route = `/${relative(dir, folder).split('\\').join('/')}/`.replace(/\/+/g, '/');
        pages.push({ route, size: stat.size });
      }
    }
  };
  walk(dir);
  return pages
    .sort((a, b) => b.size - a.size)
    .slice(0, count)
    .map((page) => page.route);
}

/**
 * Elements that stick out of the viewport at their right edge, outside any box that scrolls.
 * A string, not a function: the test runner's transpiler would add helpers the page does not have.
 */
const OVERFLOW_REPORT = `(() => {
  const viewport = document.documentElement.clientWidth;
  const offenders = [];
  const insideScrollBox = (element) => {
    for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
      const overflow = getComputedStyle(node).overflowX;
      if (overflow === 'auto' || overflow === 'scroll') return true;
    }
    return false;
  };
  for (const element of Array.from(document.querySelectorAll('main *, article *, .navbar *, footer *'))) {
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || style.display === 'none' || style.position === 'fixed') continue;
    if (element.closest('.navbar-sidebar')) continue;
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    if (rect.right > viewport + 1 && !insideScrollBox(element)) {
      offenders.push(element.tagName.toLowerCase() + '.' + element.className + ' right=' + Math.round(rect.right));
    }
  }
  return { pageWidth: document.documentElement.scrollWidth, viewport, offenders: offenders.slice(0, 5) };
})()`;

/** Wide tables and code blocks of the page, and whether each scrolls inside its own box. */
const SCROLL_BOXES = `(() => {
  const scrolls = (node) => {
    const overflow = getComputedStyle(node).overflowX;
    return node.scrollWidth > node.clientWidth + 1 && (overflow === 'auto' || overflow === 'scroll');
  };
  // a table scrolls in its labelled region (plugins/content/rehype-table-regions.ts)
  const wideTables = Array.from(document.querySelectorAll('.markdown table'))
    .map((table) => table.closest('.monq-table-scroll') ?? table)
    .filter((box) => box.scrollWidth > box.clientWidth + 1);
  const wideCode = Array.from(document.querySelectorAll('.markdown pre')).filter(
    (pre) => pre.scrollWidth > pre.clientWidth + 1,
  );
  return {
    tables: wideTables.length,
    tablesScroll: wideTables.every(scrolls),
    code: wideCode.length,
    codeScrolls: wideCode.every(scrolls),
    pageWidth: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  };
})()`;

interface OverflowReport {
  pageWidth: number;
  viewport: number;
  offenders: string[];
}
interface ScrollBoxes {
  tables: number;
  tablesScroll: boolean;
  code: number;
  codeScrolls: boolean;
  pageWidth: number;
  viewport: number;
}

describe('phones and small screens', () => {
  test(`at ${DESKTOP_BREAKPOINT_PX} px and below the sidebar lives in the hamburger menu`, async () => {
    const { page } = await open({ viewport: { width: DESKTOP_BREAKPOINT_PX, height: 900 } });
    await visit(page, `${site.server.url}/docs/guide/signals/`);
    assert.equal(await page.locator('.theme-doc-sidebar-container').isVisible(), false);
    await page.locator('button.navbar__toggle').click();
    const menu = page.locator('.navbar-sidebar');
    await menu.waitFor({ state: 'visible' });
    assert.ok((await menu.locator('.menu__link').count()) > 5, 'the docs sidebar is inside the menu');

    const wide = await open({ viewport: { width: DESKTOP_BREAKPOINT_PX + 1, height: 900 } });
    await visit(wide.page, `${site.server.url}/docs/guide/signals/`);
    assert.equal(await wide.page.locator('.theme-doc-sidebar-container').isVisible(), true);
    assert.equal(await wide.page.locator('button.navbar__toggle').isVisible(), false);
  });

  test('wide tables and code blocks scroll inside their own box at 360 px', async () => {
    const { page } = await open({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    // A page with both a wide table and long code lines.
    const candidates = longestPages(buildDir, 40);
    let checkedTable = false;
    let checkedCode = false;
    for (const route of candidates) {
      if (checkedTable && checkedCode) break;
      await visit(page, site.server.url + route);
      const boxes = (await page.evaluate(SCROLL_BOXES)) as ScrollBoxes;
      if (boxes.tables > 0) {
        assert.equal(boxes.tablesScroll, true, `${route}: wide tables scroll in their box`);
        checkedTable = true;
      }
      if (boxes.code > 0) {
        assert.equal(boxes.codeScrolls, true, `${route}: long code scrolls in its box`);
        checkedCode = true;
      }
      if (boxes.tables > 0 || boxes.code > 0) {
        assert.ok(boxes.pageWidth <= boxes.viewport, `${route}: the page is not widened`);
      }
    }
    assert.equal(checkedTable, true, 'a page with a wide table was found');
    assert.equal(checkedCode, true, 'a page with long code lines was found');
  });

  test('nothing overflows the viewport at 360 px on the ten longest pages', async () => {
    const routes = longestPages(buildDir, 10);
    assert.equal(routes.length, 10);
    const { page } = await open({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const failures: string[] = [];
    for (const route of routes) {
      const response = await visit(page, site.server.url + route);
      assert.equal(response?.status(), 200, route);
      const report = (await page.evaluate(OVERFLOW_REPORT)) as OverflowReport;
      if (report.pageWidth > report.viewport || report.offenders.length > 0) {
        failures.push(`${route}: page ${report.pageWidth}px in ${report.viewport}px; ${report.offenders.join('; ')}`);
      }
    }
    assert.deepEqual(failures, []);
  });
});
