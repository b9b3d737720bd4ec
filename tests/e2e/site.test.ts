/**
 * The portal as a reader meets it: titles, redirects, versions, not-found, colour mode,
 * announcement bar, the phone menu — on the production build, in Debian Chromium, on loopback only.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDir, firstInput, hydrated, reload, startServer, titleOf, siteUnderTest, visit, type OpenedPage, type OpenPageOptions } from './lib';
import { MOVED } from '../../config/redirects';
import { darkCodeTheme, lightCodeTheme } from '../../config/prism';

const site = siteUnderTest();
const open = (options?: OpenPageOptions) => site.open(options);
describe('pages of the foundation', () => {
  const pages: [string, RegExp][] = [
    ['/', /^Документация Monq \| Monq Docs$/],
    ['/current/ru', /^Документация переехала \| Monq Docs$/],
    ['/glossary', /^Глоссарий \| Monq Docs$/],
    ['/docs/get-started', /\| Monq Docs$/],
    ['/docs/8.9/get-started', /Monq 8\.9 \| Monq Docs$/],
    ['/upgrade/upgrade-policies', /\| Monq Docs$/],
    ['/upgrade/v9/', /\| Monq Docs$/],
  ];
  for (const [path, title] of pages) {
    test(`${path} answers with its Russian title`, async () => {
      const { page, consoleErrors } = await open();
      const response = await visit(page, site.server.url + path);
      assert.equal(response?.status(), 200);
      assert.match(await titleOf(page), title);
      assert.equal(await page.getAttribute('html', 'lang'), 'ru');
      assert.ok((await page.locator('h1').first().innerText()).trim().length > 0);
      assert.deepEqual(consoleErrors, []);
    });
  }
});

describe('redirects', () => {
  test('/upgrade leads to /upgrade/v9/ (server rule)', async () => {
    const { page } = await open();
    await visit(page, `${site.server.url}/upgrade`);
    assert.equal(new URL(page.url()).pathname, '/upgrade/v9/');
  });

  test('/upgrade leads to /upgrade/v9/ on a bare static server too (client redirect page)', async () => {
    const plain = await startServer(undefined, { plain: true });
    try {
      const { page } = await open();
      await page.goto(`${plain.url}/upgrade`);
      await page.waitForURL(/\/upgrade\/v9\/$/);
      assert.match(await titleOf(page), /Monq 9/);
    } finally {
      await plain.close();
    }
  });

  test('/docs and /docs/8.9 lead to the get-started page of their version', async () => {
    const { page } = await open();
    await visit(page, `${site.server.url}/docs`);
    assert.equal(new URL(page.url()).pathname, '/docs/get-started/');
    await visit(page, `${site.server.url}/docs/8.9/`);
    assert.equal(new URL(page.url()).pathname, '/docs/8.9/get-started/');
  });

  test('a trailing .html or index.html resolves to the page', async () => {
    const { page, consoleErrors } = await open();
    for (const path of ['/docs/get-started.html', '/docs/get-started/index.html', '/docs/get-started']) {
      const response = await visit(page, site.server.url + path);
      assert.equal(response?.status(), 200);
      assert.equal(new URL(page.url()).pathname, '/docs/get-started/');
      assert.match(await titleOf(page), /^Начало работы \| Monq Docs$/);
    }
    assert.deepEqual(consoleErrors, []);
  });
});

describe('versions', () => {
  test('8.9 pages carry the unmaintained-version banner, 9.0 pages do not', async () => {
    const { page } = await open();
    await visit(page, `${site.server.url}/docs/8.9/get-started/`);
    const banner = page.locator('.theme-doc-version-banner');
    await banner.waitFor();
    assert.match(await banner.innerText(), /8\.9.*уже не поддерживается/s);
    assert.match(await banner.innerText(), /последней версии/);
    await visit(page, `${site.server.url}/docs/get-started/`);
    assert.equal(await page.locator('.theme-doc-version-banner').count(), 0);
    assert.match(await page.locator('.theme-doc-version-badge').innerText(), /9\.0/);
  });

  test('the version dropdown lists 9.0, 8.9 and the archive hosts', async () => {
    const { page } = await open();
    await visit(page, `${site.server.url}/docs/get-started/`);
    const dropdown = page.locator('.navbar__item.dropdown', { hasText: '9.0' }).first();
    await dropdown.hover();
    const links = dropdown.locator('.dropdown__menu a');
    const labels = (await links.allInnerTexts()).map((text) => text.trim());
    assert.deepEqual(labels.slice(0, 2), ['9.0', '8.9']);
    const hrefs = await links.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href')));
    assert.ok(hrefs.includes('https://v8.docs.monq.ru'));
    assert.ok(hrefs.includes('https://v7.docs.monq.ru'));
    assert.match(await dropdown.locator('.dropdown__menu').innerText(), /архив/i);
  });

  test('the version dropdown is absent on upgrade pages', async () => {
    const { page } = await open();
    await visit(page, `${site.server.url}/upgrade/v9/`);
    await page.locator('.theme-doc-sidebar-container').first().waitFor();
    assert.equal(await page.locator('.navbar__item.dropdown', { hasText: '8.9' }).count(), 0);
    assert.equal(await page.locator('.navbar a[href="https://v8.docs.monq.ru"]').count(), 0);
  });

  test('the version chosen in the dropdown is remembered for the docs plugin', async () => {
    const { page } = await open();
    await visit(page, `${site.server.url}/docs/get-started/`);
    const dropdown = page.locator('.navbar__item.dropdown', { hasText: '9.0' }).first();
    await dropdown.hover();
    await dropdown.locator('.dropdown__menu a', { hasText: '8.9' }).click();
    await page.waitForURL(/\/docs\/8\.9\//);
    const stored = await page.evaluate(() => JSON.stringify(Object.entries(localStorage)));
    assert.match(stored, /docs-preferred-version-default[^\]]*"8\.9"/);
    // Elsewhere on the site, «Документация» now leads into 8.9.
    await visit(page, `${site.server.url}/glossary/`);
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('.navbar__items a.navbar__link')).some(
        (link) => link.textContent === 'Документация' && link.getAttribute('href')?.startsWith('/docs/8.9/'),
      ),
    );
  });
});

/** Russian plural form for a count: 1 элемент, 3 элемента, 5 элементов. */
function pluralForm(n: number, [one, few, many]: [string, string, string]): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return one;
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return few;
  return many;
}

describe('page furniture', () => {
  test('a doc page has breadcrumbs, version badge, table of contents, pagination, edit link and sidebar', async () => {
    const { page } = await open();
    await visit(page, `${site.server.url}/docs/guide/signals/`);
    assert.match(await page.locator('nav.theme-doc-breadcrumbs').innerText(), /Руководство пользователя/);
    assert.match(await page.locator('.theme-doc-version-badge').innerText(), /Версия: 9\.0/);
    const tocLinks = page.locator('.table-of-contents a');
    assert.ok((await tocLinks.count()) >= 3);
    const pagination = page.locator('nav.pagination-nav');
    assert.match(await pagination.innerText(), /Предыдущая|Следующая/);
    const edit = page.locator('a.theme-edit-this-page');
    assert.match(await edit.innerText(), /Отредактировать/);
    assert.match((await edit.getAttribute('href')) ?? '', /\/edit\/main\/versioned_docs\/version-9\.0\/guide\/signals\.md$/);
    assert.equal(await page.locator('.theme-doc-sidebar-container').isVisible(), true);
  });

  test('the table of contents lists heading levels 2 and 3 only', async () => {
    const { page } = await open();
    await visit(page, `${site.server.url}/docs/reference/agent-plugins/tcp/`);
    const tocTargets = await page
      .locator('.table-of-contents a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')?.slice(1) ?? ''));
    assert.ok(tocTargets.length > 0);
    for (const id of tocTargets) {
      const tag = await page.evaluate((anchor) => document.getElementById(anchor)?.tagName, id);
      assert.ok(tag === 'H2' || tag === 'H3', `${id} is ${tag}`);
    }
  });

  test('pages that opt out of the sidebar render without it and are not listed in it', async () => {
    const { page } = await open();
    await visit(page, `${site.server.url}/docs/guide/administration/actions-types/`);
    await page.locator('article h1').waitFor();
    assert.equal(await page.locator('.theme-doc-sidebar-container').count(), 0);
    await visit(page, `${site.server.url}/docs/guide/administration/`);
    assert.equal(await page.locator('.theme-doc-sidebar-container a[href$="/actions-types/"]').count(), 0);
  });

  test('category cards count their pages with the right Russian plural', async () => {
    const { page } = await open();
    await visit(page, `${site.server.url}/docs/guide/`);
    const descriptions = await page.locator('article .card p').allInnerTexts();
    const counts = descriptions.map((text) => /^(\d+) (\S+)$/.exec(text.trim())).filter((m) => m !== null);
    assert.ok(counts.length > 0, 'at least one category card');
    for (const [, n, word] of counts) {
      assert.equal(word, pluralForm(Number(n), ['элемент', 'элемента', 'элементов']));
    }
  });

  test('the footer carries the licence agreement and the 2025 copyright', async () => {
    const { page } = await open();
    await visit(page, `${site.server.url}/`);
    const footer = page.locator('footer');
    assert.equal(await footer.locator('a', { hasText: 'Лицензионное соглашение' }).count(), 1);
    assert.match(await footer.innerText(), /© 2025/);
  });

  test('the navbar carries the sections, the community links and the search button', async () => {
    const { page } = await open();
    await visit(page, `${site.server.url}/docs/get-started/`);
    const navbar = page.locator('nav.navbar');
    for (const label of ['Документация', 'Обновления', 'Глоссарий']) {
      assert.equal(await navbar.locator('a.navbar__link', { hasText: label }).first().isVisible(), true, label);
    }
    const outside = await navbar
      .locator('a[href^="http"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    assert.ok(outside.length >= 5, `external links: ${outside.join(', ')}`);
    assert.equal(await navbar.locator('button.DocSearch-Button').isVisible(), true);
  });

  test('the sitemap is weekly, priority 0.5, without tag pages', async () => {
    const xml = await (await fetch(`${site.server.url}/sitemap.xml`)).text();
    assert.match(xml, /<changefreq>weekly<\/changefreq>/);
    assert.match(xml, /<priority>0\.5<\/priority>/);
    assert.doesNotMatch(xml, /\/tags\//);
    assert.match(xml, /https:\/\/docs\.monq\.ru\/docs\/8\.9\/get-started\//);
  });
});

describe('upgrade notes', () => {
  test('the sidebar groups releases by line, newest line and newest release first', async () => {
    const { page } = await open();
    await visit(page, `${site.server.url}/upgrade/v7/`);
    const sidebar = page.locator('.theme-doc-sidebar-container');
    const lines = (await sidebar.locator('.theme-doc-sidebar-item-category-level-1 > div a.menu__link').allInnerTexts()).map((t) => t.trim());
    assert.deepEqual(lines, ['Monq 9', 'Monq 8', 'Monq 7', 'Monq 6.5']);
    const v7Links = await sidebar
      .locator('.theme-doc-sidebar-item-category-level-1', { hasText: 'Monq 7' })
      .locator('ul a.menu__link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    assert.equal(v7Links[0], '/upgrade/v7/v7-15-0/');
    assert.ok(v7Links.indexOf('/upgrade/v7/v7-15-0/') < v7Links.indexOf('/upgrade/v7/v7-0-0/'));
  });

  test('the infra 1.5 notes render without a sidebar and are not listed in it', async () => {
    const { page } = await open();
    await visit(page, `${site.server.url}/upgrade/v6-5/infra-1-5-0/`);
    await page.locator('article h1').waitFor();
    assert.equal(await page.locator('.theme-doc-sidebar-container').count(), 0);
    await visit(page, `${site.server.url}/upgrade/v6-5/`);
    assert.equal(await page.locator('.theme-doc-sidebar-container a[href*="infra-1-5"]').count(), 0);
  });
});

describe('canonical URLs', () => {
  const canonicals = (page: OpenedPage['page']) =>
    page.evaluate(() => Array.from(document.querySelectorAll('link[rel="canonical"]'), (l) => l.getAttribute('href')));

  test('an 8.9 page whose subject exists in 9.0 names the 9.0 page as canonical', async () => {
    const html = await (await fetch(`${site.server.url}/docs/8.9/guide/signals/`)).text();
    assert.match(html, /<link[^>]*rel="?canonical"?[^>]*href="?https:\/\/docs\.monq\.ru\/docs\/guide\/signals\/"?/);
    const { page } = await open();
    await visit(page, `${site.server.url}/docs/8.9/guide/signals/`);
    assert.deepEqual(await canonicals(page), ['https://docs.monq.ru/docs/guide/signals/']);
  });

  test('the search page is one page for search engines: crawlable, described, canonical without the query', async () => {
    const { page } = await open();
    await visit(page, `${site.server.url}/demo-search/?q=${encodeURIComponent('метрики')}`);
    assert.deepEqual(await canonicals(page), ['https://docs.monq.ru/demo-search/']);
    assert.equal(await page.locator('meta[name="robots"]').count(), 0);
    assert.match((await page.locator('meta[name="description"]').first().getAttribute('content')) ?? '', /^Поиск по документации Monq/);
  });

  test('8.9-only pages and 9.0 pages are canonical to themselves', async () => {
    const { page } = await open();
    await visit(page, `${site.server.url}/docs/8.9/reference/microservices/`);
    assert.deepEqual(await canonicals(page), ['https://docs.monq.ru/docs/8.9/reference/microservices/']);
    await visit(page, `${site.server.url}/docs/guide/signals/`);
    assert.deepEqual(await canonicals(page), ['https://docs.monq.ru/docs/guide/signals/']);
  });
});

describe('index pages', () => {
  /** Titles of the doc cards (📄️) of the page whose description is empty. */
  const undescribed = (page: OpenedPage['page']) =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('article'))
        .filter((card) => card.querySelector('h2')?.textContent?.includes('📄'))
        .filter((card) => !(card.querySelector('p')?.textContent ?? '').trim())
        .map((card) => card.querySelector('h2')?.textContent ?? ''),
    );
  const docCards = (page: OpenedPage['page']) => page.locator('article h2', { hasText: '📄' }).count();

  test('every doc card of the built site carries a description', () => {
    const pages: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name === 'index.html') pages.push(full);
      }
    };
    walk(buildDir);
    let cards = 0;
    const bare: string[] = [];
    for (const file of pages) {
      const html = readFileSync(file, 'utf8');
      for (const [card] of html.matchAll(/<article class="?docCardListItem[^>]*>.*?<\/article>/gs)) {
        if (!card.includes('📄')) continue;
        cards += 1;
        if (!/theme-doc-card-description[^>]*>[^<\s]/.test(card)) bare.push(`${file.slice(buildDir.length)}: ${/href=("?)([^" >]+)\1/.exec(card)?.[2] ?? card.slice(0, 80)}`);
      }
    }
    assert.ok(cards > 100, `doc cards found: ${cards}`);
    assert.deepEqual(bare, []);
  });

  test('doc cards show their page description, in both versions, also after a client-side navigation', async () => {
    const { page, consoleErrors } = await open({ viewport: { width: 1280, height: 900 } });
    for (const path of ['/docs/guide/', '/docs/8.9/guide/', '/docs/get-started/install/']) {
      await visit(page, site.server.url + path);
      assert.ok((await docCards(page)) > 0, `${path} has doc cards`);
      assert.deepEqual(await undescribed(page), [], path);
    }
    // client-side: the description comes with the route, not with the server-rendered HTML
    await visit(page, `${site.server.url}/docs/get-started/install/demo/`);
    await page.locator('nav[aria-label] .breadcrumbs__link[href="/docs/get-started/install/"]').first().click();
    await page.waitForURL(`${site.server.url}/docs/get-started/install/`);
    await page.locator('article h2', { hasText: '📄' }).first().waitFor();
    assert.deepEqual(await undescribed(page), []);
    assert.deepEqual(consoleErrors, []);
  });
});

/** The source of the built entry bundle, `assets/js/main.<hash>.js`. */
function mainBundle(): string {
  const main = readdirSync(join(buildDir, 'assets/js')).find((name) => /^main\.[\w]+\.js$/.test(name));
  assert.ok(main, 'main.js is built');
  return readFileSync(join(buildDir, 'assets/js', main), 'utf8');
}

describe('entry bundle', () => {
  test('main.js runs on Preact, with the route data of no docs version, no image zoom and no search dialog', () => {
    const source = mainBundle();
    const has = (pattern: RegExp) => pattern.test(source);
    assert.equal(has(/react\.dev\/errors/), false, 'no react-dom in the browser bundle');
    assert.equal(has(/[{,]"?[0-9a-f]{8}"?:(\[\(\)=>|\(\)=>)/), false, 'registry keys are short chunk names');
    assert.equal(has(/"\/glossary\/-[0-9a-f]{3}":\{"?__comp"?:"r[0-9a-z]+"/), true, 'a page under no prefix keeps its route data in main.js');
    for (const path of ['/docs/guide/signals/', '/docs/8.9/guide/signals/', '/upgrade/v9/']) {
      assert.equal(has(new RegExp(`"${path.replaceAll('/', '\\/')}-[0-9a-f]{3}"`)), false, `the route data of ${path} load with its part`);
    }
    assert.equal(has(/\.gca\(/), false, 'prefetching reads no chunk-name map');
    const runtime = readdirSync(join(buildDir, 'assets/js')).find((name) => /^runtime~main\.[\w]+\.js$/.test(name));
    assert.doesNotMatch(readFileSync(join(buildDir, 'assets/js', runtime!), 'utf8'), /\br0:"\d+"/, 'route chunks have no names in the runtime');
    assert.equal(has(/medium-zoom-overlay/), false, 'medium-zoom loads when a page has an image to attach');
    assert.equal(has(/monq-ai-screen/), false, "the search dialog's panels and strings load with the dialog");
    assert.equal(has(/theme\.SearchBar\.label/), true, 'the navbar button keeps its label');
  });

  test('the rules for old addresses travel in the not-found page only, not in any script of the site', () => {
    const rule = MOVED[1]!.pattern;
    // As a string literal of a script: backslashes doubled
    const literal = JSON.stringify(rule).slice(1, -1);
    assert.ok(readFileSync(join(buildDir, '404.html'), 'utf8').includes(literal), `404.html embeds ${rule}`);
    const chunks = readdirSync(join(buildDir, 'assets/js')).filter((name) => name.endsWith('.js'));
    const carrying = chunks.filter((name) => readFileSync(join(buildDir, 'assets/js', name), 'utf8').includes(literal));
    assert.deepEqual(carrying, [], 'the server alone writes the inline script (__MONQ_SERVER__)');
  });

  test('content images are files of their own, in the HTML and in the page chunks alike', () => {
    const html = readFileSync(join(buildDir, 'docs/guide/signals/index.html'), 'utf8');
    const images = [...html.matchAll(/<img [^>]*src="?([^" >]+)/g)].map((match) => match[1]!);
    assert.ok(images.some((src) => /^\/assets\/images\/[\w-]+-[0-9a-f]{32}\.svg$/.test(src)), `the diagram is a file: ${images.join(' ')}`);
    assert.equal(html.includes('data:image/'), false, 'no image inlined in the HTML');
    const chunks = readdirSync(join(buildDir, 'assets/js')).filter((name) => name.endsWith('.js'));
    const inlined = chunks.filter((name) => readFileSync(join(buildDir, 'assets/js', name), 'utf8').includes('data:image/svg+xml;base64'));
    assert.deepEqual(inlined, [], 'no chunk carries an image as a data URI');
  });

  /**
   * The bodies of the scripts the page fetched, once per file. `initiators` are the resource timing
   * initiator types: `script` for the files it ran; `link` too after a click, since a link the pointer
   * passes over prefetches its route's part, and the click's script load then joins that request.
   */
  async function ranScripts(page: OpenedPage['page'], initiators: readonly string[] = ['script']): Promise<string[]> {
    return page.evaluate(async (types) => {
      const urls = performance
        .getEntriesByType('resource')
        .filter((entry) => types.includes((entry as PerformanceResourceTiming).initiatorType))
        .map((entry) => entry.name)
        .filter((url) => url.endsWith('.js'));
      return Promise.all(Array.from(new Set(urls), async (url) => (await fetch(url)).text()));
    }, initiators);
  }
  const routeKey = (path: string) => new RegExp(`"${path.replaceAll('/', '\\/')}-[0-9a-f]{3}":\\{`);

  test("a doc page runs the route data of its own version only; a link to another version loads that version's", async () => {
    const { page, consoleErrors, failedRequests } = await open({ viewport: { width: 1280, height: 900 } });
    await visit(page, `${site.server.url}/docs/guide/signals/`);
    const before = await ranScripts(page);
    assert.equal(before.filter((body) => routeKey('/docs/guide/signals/').test(body)).length, 1, 'the 9.0 part ran once');
    for (const other of ['/docs/8.9/guide/signals/', '/upgrade/v9/']) {
      assert.equal(before.some((body) => routeKey(other).test(body)), false, `no route data of ${other}`);
    }
    // client-side navigation to the upgrade notes and to 8.9: each part loads when its first page opens
    // (the address changes at once; the new page renders once its route is loaded, with its canonical link)
    const rendered = (path: string) =>
      page.waitForFunction((end) => document.querySelector('link[rel="canonical"]')?.getAttribute('href')?.endsWith(end), path);
    await page.locator('.navbar a[href="/upgrade/upgrade-policies/"]').first().click();
    await rendered('/upgrade/upgrade-policies/');
    await page.locator('footer a[href="/docs/8.9/get-started/"]').first().click();
    await rendered('/docs/8.9/get-started/');
    assert.match(await page.locator('article h1').first().innerText(), /\S/);
    // Both pages rendered, so their parts ran; one file holds each.
    const after = await ranScripts(page, ['script', 'link']);
    for (const path of ['/upgrade/upgrade-policies/', '/docs/8.9/get-started/']) {
      assert.equal(after.filter((body) => routeKey(path).test(body)).length, 1, `one file holds the part of ${path}`);
    }
    assert.deepEqual(consoleErrors, []);
    assert.deepEqual(failedRequests, []);
  });

  test('a doc page shows its date of last update in Russian', async () => {
    const { page, consoleErrors } = await open();
    await visit(page, `${site.server.url}/docs/guide/signals/`);
    const time = page.locator('time[itemprop="dateModified"]');
    const iso = await time.getAttribute('datetime');
    assert.ok(iso, 'the page shows when it was last updated');
    const expected = new Intl.DateTimeFormat('ru', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));
    assert.equal(await time.innerText(), expected);
    assert.deepEqual(consoleErrors, []);
  });
});

/** Elements of the article and the footer as the server sent them, and the page's hydration marks in order. */
const RECORD_SERVER_NODES = `
  window.__marks = [];
  // <html> does not exist yet when this runs: observe the document
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.target !== document.documentElement) continue;
      window.__marks.push(record.attributeName + '=' + record.target.getAttribute(record.attributeName));
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrating', 'data-has-hydrated'] });
  // a top-level element of the app taken out of the root (and put back: a move) after parsing
  window.__rootMoves = [];
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.target.id !== '__docusaurus') continue;
      for (const node of record.removedNodes) window.__rootMoves.push(node.nodeName + '.' + String(node.className));
    }
  }).observe(document, { subtree: true, childList: true });
  document.addEventListener('DOMContentLoaded', () => {
    window.__server = [...document.querySelectorAll('article, article *, footer, footer *')];
  });
`;

describe('hydration', () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    test(`a doc page keeps every server-rendered node of its article and footer, hydrated in slices after the first pass (${viewport.width} px)`, async () => {
      const { page, consoleErrors } = await open({ viewport });
      await page.addInitScript(RECORD_SERVER_NODES);
      await visit(page, `${site.server.url}/docs/guide/signals/`);
      const result = await page.evaluate(`(() => {
        const server = window.__server;
        const now = [...document.querySelectorAll('article, article *, footer, footer *')];
        const kept = new Set(server);
        const describe = (el) => el.nodeName + '.' + String(el.className).slice(0, 40);
        return {
          server: server.length,
          // the theme remounts a code block once the browser takes over (CodeBlock's key={String(isBrowser)})
          detached: server.filter((el) => !document.contains(el) && !el.closest('.theme-code-block')).map(describe),
          created: now.filter((el) => !kept.has(el) && !el.closest('.theme-code-block')).map(describe),
          marks: window.__marks,
          rootMoves: window.__rootMoves,
        };
      })()`) as { server: number; detached: string[]; created: string[]; marks: string[]; rootMoves: string[] };
      assert.ok(result.server > 200, `the article and footer have ${result.server} elements`);
      assert.deepEqual(result.rootMoves, [], 'no top-level element of the page was moved (plugins/perf/ssr-template.ts)');
      assert.deepEqual(result.detached, [], 'no server-rendered element was replaced (code blocks aside)');
      assert.deepEqual(result.created, [], 'hydration created no element of its own (code blocks aside)');
      // the slices wait while the first pass completes and are released after it; the pass's effects
      // run after the last slice (Helmet then writes data-has-hydrated in an animation frame)
      const marks = result.marks.filter((mark) => mark !== 'data-has-hydrated=');
      assert.equal(marks[0], 'data-hydrating=slices', 'slices waited on this page');
      assert.deepEqual([...marks].sort(), ['data-has-hydrated=true', 'data-hydrating=null', 'data-hydrating=slices']);
      // and the article is live: the copy button of a code block answers
      const copy = page.locator('article .theme-code-block button[aria-label="Скопировать в буфер обмена"]').first();
      await copy.click();
      await page.locator('article .theme-code-block button[aria-label="Скопировано"]').first().waitFor({ timeout: 5000 });
      assert.deepEqual(consoleErrors, []);
    });
  }

  test('a link followed while slices still wait opens the next page whole, and the queue drains', async () => {
    const { page, consoleErrors } = await open({ viewport: { width: 1280, height: 800 } });
    // Hold the tasks that release slices (posted once <html data-hydrating> is set) until the test lets them go.
    await page.addInitScript(`
      const held = [];
      const post = MessagePort.prototype.postMessage;
      MessagePort.prototype.postMessage = function (...args) {
        if (!window.__released && document.documentElement.hasAttribute('data-hydrating')) held.push(() => post.apply(this, args));
        else post.apply(this, args);
      };
      window.__release = () => { window.__released = true; held.splice(0).forEach((send) => send()); };
    `);
    await page.goto(`${site.server.url}/docs/guide/signals/`);
    await firstInput(page);
    await page.locator('html[data-hydrating="slices"]').waitFor({ state: 'attached' });
    const firstParagraph = (await page.locator('article .theme-doc-markdown > p').first().innerText()).trim();
    // the pagination is hydrated in the first pass; the article, sidebar and navbar still wait
    await page.locator('a.pagination-nav__link--next[href="/docs/guide/metrics/"]').click();
    await page.waitForURL(/\/docs\/guide\/metrics\/$/);
    await page.locator('article h1').filter({ hasText: 'Метрики' }).waitFor();
    const text = await page.locator('article').innerText();
    assert.equal(text.includes(firstParagraph), false, 'nothing of the previous article is left');
    assert.ok((await page.locator('article .theme-doc-markdown > *').count()) > 5, 'the new article is rendered whole');
    await page.evaluate('window.__release()');
    await page.locator('html:not([data-hydrating])').waitFor({ state: 'attached' });
    assert.equal((await page.locator('article').innerText()).includes(firstParagraph), false);
    assert.deepEqual(consoleErrors, []);
  });
});

describe('code blocks', () => {
  test('code is highlighted from build-time tokens in both colour modes, and main.js carries no Prism', async () => {
    const source = mainBundle();
    assert.doesNotMatch(source, /before-tokenize/, 'no Prism core in the entry bundle');
    assert.doesNotMatch(source, /BASH_VERSINFO/, 'no Prism grammar in the entry bundle (src/theme/prism-include-languages.ts)');
    assert.doesNotMatch(source, /"@site\/(?:versioned_docs|upgrade|src\/pages)\//, 'no module paths in the client registry');

    const { page, consoleErrors } = await open({ colorScheme: 'light' });
    await visit(page, `${site.server.url}/docs/reference/agent-plugins/tcp/`);
    const block = page.locator('.theme-code-block', { has: page.locator('.language-yaml') }).first();
    const key = block.locator('.token.key.atrule').first();
    await key.waitFor();
    assert.ok((await block.locator('.token').count()) > 10, 'the YAML is split into tokens');
    const colour = () => key.evaluate((node) => getComputedStyle(node).color);
    assert.equal(await colour(), 'rgb(179, 29, 40)', 'the light theme colours YAML keys');
    // the toggle cycles light, dark, system: the second click chooses dark
    const toggle = page.locator('.navbar button[class*="toggleButton"]').first();
    await toggle.click();
    await toggle.click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    assert.equal(await colour(), 'rgb(255, 148, 146)', 'the dark theme colours them after the switch');
    assert.deepEqual(consoleErrors, []);
  });

  /** The computed colour of a theme colour (`#rrggbb`), as getComputedStyle reports it. */
  const rgb = (hex: string | undefined): string => {
    const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt((hex ?? '').slice(at, at + 2), 16));
    return `rgb(${r}, ${g}, ${b})`;
  };
  /** What a code block shows in each mode, from config/prism.ts: its background, its container's and a JSON key's colour. */
  const expected = Object.fromEntries(
    ([['light', lightCodeTheme], ['dark', darkCodeTheme]] as const).map(([mode, theme]) => [
      mode,
      {
        background: rgb(theme.plain.backgroundColor),
        container: rgb(theme.plain.backgroundColor),
        property: rgb(theme.styles.find((entry) => entry.types.includes('property'))?.style.color),
      },
    ]),
  ) as Record<'light' | 'dark', { background: string; container: string; property: string }>;
  const CODE_PAGE = '/docs/reference/data-pipeline/';

  for (const mode of ['dark', 'light'] as const) {
    test(`${mode} mode: code blocks have their colours before any input, keep their markup at hydration, follow the toggle`, async () => {
      const { page, consoleErrors } = await open({ colorScheme: mode });
      await page.goto(site.server.url + CODE_PAGE, { waitUntil: 'load' });
      const pre = page.locator('.markdown pre').first();
      const property = page.locator('.markdown .token.property').first();
      const shown = async () => ({
        background: await pre.evaluate((node) => getComputedStyle(node).backgroundColor),
        // Docusaurus's container writes its --prism-* variables inline from the mode it rendered in
        container: await pre.evaluate((node) => getComputedStyle(node.closest('.theme-code-block') ?? node).backgroundColor),
        property: await property.evaluate((node) => getComputedStyle(node).color),
      });
      // Preact writes the style again when it hydrates (spaces, a last semicolon): compared without those.
      const declarations = (style: string | null) => (style ?? '').replace(/\s+/g, '').replace(/;$/, '');
      const markup = async () => [declarations(await pre.getAttribute('style')), declarations(await property.getAttribute('style'))];
      // Before any input no script of the site has run (src/lib/hydration/boot.ts): the server's HTML alone.
      assert.equal(await page.getAttribute('html', 'data-hydration'), 'waiting');
      assert.equal(await page.getAttribute('html', 'data-theme'), mode);
      assert.deepEqual(await shown(), expected[mode], `the ${mode} colours before any input`);
      const served = await markup();

      await hydrated(page);
      assert.deepEqual(await markup(), served, 'hydration leaves the code block as the server wrote it');
      assert.deepEqual(await shown(), expected[mode]);
      // the toggle cycles light, dark, system: light first, then dark
      const toggle = page.locator('.navbar button[class*="toggleButton"]').first();
      await toggle.click();
      await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
      assert.deepEqual(await shown(), expected.light, 'light after the toggle');
      await toggle.click();
      await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
      assert.deepEqual(await shown(), expected.dark, 'dark after the toggle');
      assert.deepEqual(consoleErrors, []);
    });
  }
});

describe('errors', () => {
  test('an unknown path shows the Russian not-found page with status 404', async () => {
    const { page } = await open();
    const response = await visit(page, `${site.server.url}/docs/no-such-page/`);
    assert.equal(response?.status(), 404);
    const text = await page.locator('main').innerText();
    assert.match(text, /Страница не найдена/);
    assert.match(text, /не смогли найти запрашиваемую/);
    assert.match(text, /владельцу сайта.*ссылка не работает/s);
  });
});

describe('colour mode and announcement bar', () => {
  const themeState = (page: OpenedPage['page']) =>
    page.evaluate(() => `${document.documentElement.dataset.theme}/${document.documentElement.dataset.themeChoice}`);

  test('the toggle cycles light, dark, system and the choice survives a reload', async () => {
    const { page } = await open({ colorScheme: 'dark' });
    await visit(page, `${site.server.url}/docs/get-started/`);
    // Nothing chosen yet: the OS preference (dark here) is respected.
    assert.equal(await themeState(page), 'dark/system');
    const toggle = page.locator('.navbar button[class*="toggleButton"]').first();
    const seen: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      await toggle.click();
      seen.push(await themeState(page));
    }
    assert.deepEqual(seen, ['light/light', 'dark/dark', 'dark/system']);
    assert.match((await toggle.getAttribute('aria-label')) ?? '', /Системный режим/);
    await toggle.click(); // light, chosen explicitly
    await reload(page);
    assert.equal(await themeState(page), 'light/light');
  });

  test('in system mode the page follows a change of the OS preference', async () => {
    const { page } = await open({ colorScheme: 'dark' });
    await visit(page, `${site.server.url}/`);
    assert.equal(await themeState(page), 'dark/system');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    assert.equal(await themeState(page), 'light/system');
  });

  test('a dismissed announcement bar stays closed after a reload', async () => {
    const { page } = await open();
    await visit(page, `${site.server.url}/`);
    const bar = page.locator('div[class*="announcementBar_"]').first();
    await bar.waitFor();
    assert.match(await bar.innerText(), /Monq 9\.0/);
    await bar.locator('button[class*="announcementBarClose"]').click();
    await page.waitForFunction(() => !document.querySelector('div[class*="announcementBar_"]'));
    await reload(page);
    await page.locator('main').waitFor();
    await page.waitForTimeout(300);
    assert.equal(await page.locator('div[class*="announcementBar_"]').count(), 0);
    // A new message gets a new id, so the bar would show again: the id follows the content.
    const stored = await page.evaluate(() => JSON.stringify(Object.entries(localStorage)));
    assert.match(stored, /announcement-[0-9a-z]+/);
  });
});

describe('phone layout', () => {
  test('the hamburger menu opens below 996 px and closes when the window grows', async () => {
    const { page } = await open({ viewport: { width: 800, height: 900 } });
    await visit(page, `${site.server.url}/docs/guide/signals/`);
    const toggle = page.locator('button.navbar__toggle');
    assert.equal(await toggle.isVisible(), true);
    await toggle.click();
    const sidebar = page.locator('.navbar-sidebar');
    await sidebar.waitFor({ state: 'visible' });
    assert.match(await page.locator('.navbar-sidebar').innerText(), /Документация/);
    await page.setViewportSize({ width: 1200, height: 900 });
    await page.waitForFunction(() => !document.querySelector('.navbar-sidebar--show'));
    assert.equal(await toggle.isVisible(), false);
  });
});
