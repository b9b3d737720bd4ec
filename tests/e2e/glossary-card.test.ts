/**
 * The glossary card beside a link to a term, on the built site (plugins/content/rehype-glossary-cards.ts,
 * src/css/reader.css, src/clientModules/glossaryCard.ts):
 * - before any script runs (the site's bundles blocked), hover shows the card, the pointer can move
 *   onto it, keyboard focus shows it, Tab goes on to the next link (the card's «Подробнее» is for the
 *   pointer and out of the tab order); nothing moves
 *   (no layout-shift entry); the definition is the link's accessible description and is not in the
 *   accessibility tree while the card is closed;
 * - after hydration Escape closes it without the pointer moving, and the next hover opens it again;
 * - dark mode colours, print media, a touch screen (no card, the tap opens the glossary), the same card
 *   on the 8.9 page, no card in the page's Markdown twin.
 * Screenshots for review: /tmp/glossary-card-light.png and /tmp/glossary-card-dark.png.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { hydrated, siteUnderTest } from './lib';
import { GLOSSARY_FILE, parseGlossary } from '../../plugins/content/glossary';
import { MORE_LABEL } from '../../src/shared/glossaryCard';

const site = siteUnderTest();
const glossary = parseGlossary(readFileSync(GLOSSARY_FILE, 'utf8'));
const SIGNAL = glossary.terms.get('signal')!.sentence;

const PAGE = '/docs/guide/signals/';
const PAGE_89 = '/docs/8.9/guide/signals/';
const DESKTOP = { viewport: { width: 1280, height: 900 } };

/** The first link to `/glossary#signal` in the article, and its card. */
function term(page: Page): { link: Locator; card: Locator } {
  const wrapper = page.locator('.theme-doc-markdown .monq-term:has(> a[href="/glossary/#signal"])').first();
  return { link: wrapper.locator('> a').first(), card: wrapper.locator('> .monq-term__card') };
}

/** Collects layout-shift entries from now on (`window.__shifts`). */
async function watchShifts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const shifts: number[] = ((window as unknown as { __shifts: number[] }).__shifts = []);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift' });
  });
}

async function shifts(page: Page): Promise<number[]> {
  // let the observer deliver what the last frames recorded
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
}

/** Presses Tab until the focus is on `target` (at most 300 times). */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 300; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  assert.fail('Tab never reached the term link');
}

/** The accessible description Chromium gives the element, and whether `text` is in the accessibility tree. */
async function accessibility(page: Page, selector: string, text: string): Promise<{ description: string; inTree: boolean }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
    const full = await cdp.send('Accessibility.getFullAXTree', {});
    const inTree = full.nodes.some((node) => !node.ignored && String(node.name?.value ?? '').includes(text.slice(0, 40)));
    return { description: String(nodes[0]?.description?.value ?? ''), inTree };
  } finally {
    await cdp.detach();
  }
}

async function visible(card: Locator): Promise<boolean> {
  return card.isVisible();
}

describe('the glossary card before any script', () => {
  test('hover shows it and the pointer can rest on it; keyboard focus shows it, Tab moves on (no trap); nothing moves', async () => {
    const opened = await site.open(DESKTOP);
    const { page } = opened;
    // the site's bundles never arrive: what works here is the server's HTML and CSS (and the inline boot)
    await page.route('**/assets/js/**', (route) => route.abort('blockedbyclient'));
    await page.goto(site.server.url + PAGE, { waitUntil: 'load' });
    const { link, card } = term(page);
    assert.equal(await visible(card), false, 'closed at first');
    assert.equal(await card.getAttribute('role'), 'tooltip');
    await watchShifts(page);

    await link.hover();
    assert.equal(await visible(card), true, 'hover opens the card');
    assert.notEqual(await page.getAttribute('html', 'data-has-hydrated'), 'true');
    assert.equal((await card.locator('> span').first().textContent())?.trim(), SIGNAL);
    const linkBox = (await link.boundingBox())!;
    const cardBox = (await card.boundingBox())!;
    assert.ok(cardBox.y >= linkBox.y + linkBox.height && cardBox.y - (linkBox.y + linkBox.height) < 12, 'just under the link');
    assert.ok(cardBox.x >= 0 && cardBox.x + cardBox.width <= 1280);
    // hoverable: the pointer crosses the gap and rests on the card, the card stays
    await page.mouse.move(linkBox.x + 4, linkBox.y + linkBox.height + 2, { steps: 2 });
    assert.equal(await visible(card), true, 'the gap keeps it open');
    await page.mouse.move(cardBox.x + cardBox.width / 2, cardBox.y + cardBox.height / 2, { steps: 4 });
    assert.equal(await visible(card), true, 'the pointer on the card keeps it open');
    assert.equal(await card.getByRole('link', { name: MORE_LABEL }).count(), 1, '«Подробнее в глоссарии» is a link');
    const more = card.locator('> a');
    assert.equal(await more.getAttribute('href'), '/glossary/#signal');
    // persistent: it does not close on its own
    await page.waitForTimeout(1500);
    assert.equal(await visible(card), true, 'still open');
    await page.mouse.move(5, 890);
    assert.equal(await visible(card), false, 'leaving closes it');

    // the keyboard
    await tabTo(page, link);
    assert.equal(await visible(card), true, 'focus opens the card');
    const { description, inTree } = await accessibility(page, '.theme-doc-markdown a[aria-describedby]', SIGNAL);
    assert.equal(description, SIGNAL, 'the definition is the link\'s description');
    assert.equal(inTree, true, 'the open card is in the tree');
    // «Подробнее» is for the pointer (the term's link goes to the same entry): Tab goes on to the text's
    // next link, the card does not hold the focus
    assert.equal(await more.getAttribute('tabindex'), '-1');
    await page.keyboard.press('Tab');
    const next = await page.evaluate(() => ({ tag: document.activeElement?.tagName, inCard: !!document.activeElement?.closest('.monq-term__card'), inArticle: !!document.activeElement?.closest('.theme-doc-markdown') }));
    assert.deepEqual(next, { tag: 'A', inCard: false, inArticle: true }, 'Tab moves on to the next link of the text');
    assert.equal(await visible(card), false, 'focus elsewhere closes it');
    await page.keyboard.press('Shift+Tab');
    assert.equal(await link.evaluate((element) => element === document.activeElement), true, 'Shift+Tab comes back to the term');
    assert.equal(await visible(card), true);
    await page.keyboard.press('Shift+Tab');
    // closed, the card is out of the accessibility tree: a screen reader reading on meets the definition once
    const closed = await accessibility(page, '.theme-doc-markdown a[aria-describedby]', SIGNAL);
    assert.equal(closed.description, SIGNAL);
    assert.equal(closed.inTree, false);

    assert.deepEqual(await shifts(page), [], 'no layout shift');
    await page.context().close();
  });
});

describe('the glossary card on the interactive page', () => {
  test('Escape closes it without the pointer moving; the next hover opens it again; focus too', async () => {
    const { page } = await site.open(DESKTOP);
    await page.goto(site.server.url + PAGE, { waitUntil: 'load' });
    await hydrated(page);
    const { link, card } = term(page);
    await link.hover();
    assert.equal(await visible(card), true);
    await page.keyboard.press('Escape');
    assert.equal(await visible(card), false, 'Escape closes it');
    await page.waitForTimeout(300);
    assert.equal(await visible(card), false, 'and it stays closed under the resting pointer');
    await page.mouse.move(5, 890);
    await link.hover();
    assert.equal(await visible(card), true, 'the next hover opens it');
    await page.mouse.move(5, 890);

    await tabTo(page, link);
    assert.equal(await visible(card), true);
    await page.keyboard.press('Escape');
    assert.equal(await visible(card), false, 'Escape closes the focused card');
    assert.equal(await link.evaluate((element) => element === document.activeElement), true, 'the focus stays');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    assert.equal(await visible(card), true, 'focus coming back opens it');
    await page.context().close();
  });

  test('dark mode: the card takes the theme\'s surface and text colours; screenshots in both modes', async () => {
    const { page } = await site.open({ ...DESKTOP, colorScheme: 'light' });
    await page.goto(site.server.url + PAGE, { waitUntil: 'load' });
    await hydrated(page);
    const { link, card } = term(page);
    const colours = async () => {
      await link.hover();
      await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
      return card.evaluate((element) => {
        const style = getComputedStyle(element);
        const probe = document.createElement('div');
        probe.style.background = 'var(--ifm-background-surface-color)';
        probe.style.color = 'var(--ifm-font-color-base)';
        document.body.append(probe);
        const expected = { background: getComputedStyle(probe).backgroundColor, color: getComputedStyle(probe).color };
        probe.remove();
        return { background: style.backgroundColor, color: style.color, expected };
      });
    };
    const shot = async (path: string) => {
      const a = (await link.boundingBox())!;
      const b = (await card.boundingBox())!;
      const x = Math.max(0, Math.min(a.x, b.x) - 24);
      const y = Math.max(0, a.y - 24);
      await page.screenshot({ path, clip: { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x + 24, height: b.y + b.height - y + 24 } });
    };
    const light = await colours();
    await shot('/tmp/glossary-card-light.png');
    await page.mouse.move(5, 890);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    const dark = await colours();
    await shot('/tmp/glossary-card-dark.png');
    for (const mode of [light, dark]) {
      assert.equal(mode.background, mode.expected.background);
      assert.equal(mode.color, mode.expected.color);
    }
    assert.notEqual(light.background, dark.background);
    const luminance = (rgb: string) => {
      const [r, g, b] = rgb.match(/\d+/g)!.map(Number) as [number, number, number];
      return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    };
    assert.ok(luminance(light.background) > 0.8 && luminance(light.color) < 0.3, JSON.stringify(light));
    assert.ok(luminance(dark.background) < 0.25 && luminance(dark.color) > 0.7, JSON.stringify(dark));
    await page.context().close();
  });

  test('print media hides the card, even under the pointer', async () => {
    const { page } = await site.open(DESKTOP);
    await page.goto(site.server.url + PAGE, { waitUntil: 'load' });
    const { link, card } = term(page);
    await link.hover();
    assert.equal(await visible(card), true);
    await page.emulateMedia({ media: 'print' });
    assert.equal(await card.evaluate((element) => getComputedStyle(element).display), 'none');
    await page.context().close();
  });

  test('on a touch screen no card shows, and a tap opens the glossary at the term', async () => {
    const { page } = await site.open({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
    await page.goto(site.server.url + PAGE, { waitUntil: 'load' });
    assert.equal(await page.evaluate(() => matchMedia('(hover: none)').matches), true);
    const { link, card } = term(page);
    await link.scrollIntoViewIfNeeded();
    await link.hover();
    assert.equal(await visible(card), false, 'no card on hover: none');
    await link.tap();
    await page.waitForURL((url) => url.pathname === '/glossary/' && url.hash === '#signal');
    await page.context().close();
  });
});

describe('the glossary card elsewhere', () => {
  test('the 8.9 page has the same card: one glossary for both versions', async () => {
    const html = await (await fetch(site.server.url + PAGE_89)).text();
    assert.ok(/class="?monq-term__card"? role="?tooltip/.test(html), 'a card on the 8.9 page');
    assert.ok(html.includes(SIGNAL), 'with the glossary\'s sentence');
  });

  test('the page\'s Markdown twin has the link and no card', async () => {
    const response = await fetch(site.server.url + '/docs/guide/signals.md');
    assert.equal(response.status, 200);
    const twin = await response.text();
    assert.ok(twin.includes('[сигнал](https://docs.monq.ru/glossary/#signal)'), 'the term\'s link stays');
    assert.equal(twin.includes(MORE_LABEL), false);
    assert.equal(twin.includes(SIGNAL.slice(0, 40)), false);
  });
});
