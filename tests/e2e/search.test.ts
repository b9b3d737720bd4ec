/**
 * Search in the built site, in Debian Chromium (local mode; hosted mode when a hosted build is given).
 *
 *   MONQ_DOCS_BUILD_DIR         the local-mode build (default: build/)
 *   MONQ_DOCS_HOSTED_BUILD_DIR  a build made with dummy DOCSEARCH_* settings (hosted tests are
 *                               skipped without it); its requests to the service are answered by
 *                               Playwright routing and never reach the network.
 *
 * The expected results are computed in Node with the same client code the browser runs.
 */
import assert from 'node:assert/strict';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import type {Browser, Page} from 'playwright-core';
import {createLocalSearchClient, type LocalSearchClient} from '../../src/search/localClient';
import type {Manifest} from '../../src/shared/search/engine';
import {buildDir, launchBrowser, openPage, startServer, visit} from './lib';
import {fileFetcher, indexPagePaths} from '../../scripts/lib/search-files';

const HOSTED_DIR = process.env.MONQ_DOCS_HOSTED_BUILD_DIR;
const FAKE_ORIGIN = 'http://site.invalid';
const CANDIDATE_QUERIES = ['метрики', 'агент', 'сигналы', 'пороги', 'настройка', 'данные', 'обновление', 'сервис'];
const DIALOG = '.DocSearch-Modal';
const INPUT = '.DocSearch-Input';

function filtersFor(version: string) {
  return ['language:ru', ['docusaurus_tag:default', `docusaurus_tag:docs-default-${version}`, 'docusaurus_tag:docs-upgrade-current']];
}


/** Latin words that may legitimately show in the modal (product names, keys). */
const ALLOWED_LATIN = new Set(['monq', 'ctrl', 'esc', 'enter', 'escape', 'cmd']);

function englishWords(text: string, query: string): string[] {
  const queryWords = new Set((query.toLowerCase().match(/[a-z]+/g) ?? []).map(String));
  return (text.match(/[A-Za-z]{3,}/g) ?? []).filter(
    (word) => !ALLOWED_LATIN.has(word.toLowerCase()) && !queryWords.has(word.toLowerCase()),
  );
}

/**
 * The modal's own words: visible text and labels, without the hits and the quoted passage of the AI
 * screen (page content may be Latin).
 * A string, not a function: tsx would add helpers the page does not have.
 */
const MODAL_TEXT_SCRIPT = `(() => {
  const root = document.querySelector('${DIALOG}');
  if (!root) return '';
  const skip = '.DocSearch-Hits, .monq-ai-screen__sources, .monq-ai-screen__quote, .monq-ai-screen__passage-link, .monq-ai-screen__question strong, .DocSearch-Title strong';
  const parts = [];
  const walk = (node) => {
    if (node.matches(skip) || (node !== root && node.offsetParent === null)) return;
    for (const attr of ['aria-label', 'placeholder', 'title']) {
      const value = node.getAttribute(attr);
      if (value) parts.push(value);
    }
    node.childNodes.forEach((child) => {
      if (child.nodeType === 3) parts.push(child.textContent || '');
      else if (child.nodeType === 1) walk(child);
    });
  };
  walk(root);
  return parts.join(' ').replace(/\\s+/g, ' ');
})()`;

async function modalText(page: Page): Promise<string> {
  return (await page.evaluate(MODAL_TEXT_SCRIPT)) as string;
}

async function openModal(page: Page): Promise<void> {
  await page.click('.DocSearch-Button');
  await page.waitForSelector(INPUT, {state: 'visible'});
}

async function typeQuery(page: Page, query: string): Promise<void> {
  await page.fill(INPUT, '');
  await page.type(INPUT, query, {delay: 20});
}

/** The «Спросить ИИ» entry carries the question once the last keystroke's answer is in. */
async function askAiEntryFor(page: Page, question: string): Promise<void> {
  await page.waitForFunction(
    (text) => document.querySelector('.DocSearch-Hit--AskAI')?.textContent?.includes(text) ?? false,
    question,
    {timeout: 10000},
  );
}

/**
 * The hits shown. With `firstPath`, once the first hit is on that page: the answers of earlier
 * keystrokes show until the last one's lands (a word the index lacks loads its vocabulary first).
 */
async function hitHrefs(page: Page, firstPath?: string): Promise<string[]> {
  await page.waitForSelector('.DocSearch-Hit a[href^="/"]', {timeout: 15000});
  if (firstPath === undefined) {
    // Let the last keystroke's answer land.
    await page.waitForTimeout(300);
  } else {
    await page
      .waitForFunction(
        (path) => document.querySelector('.DocSearch-Hit a[href^="/"]')?.getAttribute('href')?.split('#')[0] === path,
        firstPath,
        {timeout: 15000},
      )
      .catch(() => undefined);
  }
  return page.$$eval('.DocSearch-Hit a[href^="/"]', (links) => links.map((a) => a.getAttribute('href') ?? ''));
}

describe('search (local mode)', () => {
  const siteDir = buildDir;
  let browser: Browser;
  let server: {url: string; close(): Promise<void>};
  let client: LocalSearchClient;
  let manifest: Manifest;
  let page90 = '';
  let page89 = '';
  let contextQuery = '';
  let pagingQuery = '';

  before(async () => {
    assert.ok(existsSync(path.join(siteDir, 'search', 'manifest.json')), `no search index in ${siteDir}: build the site first`);
    client = createLocalSearchClient({manifestUrl: '/search/manifest.json', siteOrigin: FAKE_ORIGIN, fetch: fileFetcher(siteDir)});
    manifest = await client.manifest();
    const pagesOf = async (tag: string) => {
      const entry = manifest.indexes[tag];
      assert.ok(entry, `index for ${tag}`);
      return indexPagePaths(siteDir, entry);
    };
    page90 = (await pagesOf('docs-default-9.0')).find((u) => u.startsWith('/docs/') && !u.startsWith('/docs/8.9/'))!;
    page89 = (await pagesOf('docs-default-8.9')).find((u) => u.startsWith('/docs/8.9/'))!;
    for (const query of CANDIDATE_QUERIES) {
      const {results} = await client.search({
        requests: [
          {query, hitsPerPage: 30, facetFilters: filtersFor('9.0')},
          {query, hitsPerPage: 30, facetFilters: filtersFor('8.9')},
        ],
      });
      const [r90, r89] = results;
      const has90 = r90!.hits.some((h) => h.docusaurus_tag === 'docs-default-9.0');
      const has89 = r89!.hits.some((h) => h.docusaurus_tag === 'docs-default-8.9');
      if (!contextQuery && has90 && has89) contextQuery = query;
      if (!pagingQuery && r90!.nbHits > 30) pagingQuery = query;
    }
    assert.ok(contextQuery, 'a query with hits in both versions');
    assert.ok(pagingQuery, 'a query with more than 30 hits');
    browser = await launchBrowser();
    server = await startServer(siteDir);
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('opens with the button, Ctrl+K, Cmd+K and /', async () => {
    const {page, offHost} = await openPage(browser);
    await visit(page, `${server.url}${page90}`);
    await page.waitForSelector('.DocSearch-Button');
    assert.equal(await page.$('link[rel="preconnect"][href*="algolia"]'), null, 'no preconnect to the hosted service');
    for (const open of [
      () => page.click('.DocSearch-Button'),
      () => page.keyboard.press('Control+k'),
      () => page.keyboard.press('Meta+k'),
      () => page.keyboard.press('/'),
    ]) {
      await page.evaluate('document.activeElement && document.activeElement.blur()');
      await open();
      await page.waitForSelector(DIALOG, {state: 'visible', timeout: 5000});
      await page.keyboard.press('Escape');
      await page.waitForSelector(DIALOG, {state: 'detached', timeout: 5000});
    }
    assert.deepEqual(offHost, []);
    await page.context().close();
  });

  it('credits no hosted service in the footer: our own search answers', async () => {
    const {page, offHost} = await openPage(browser);
    await visit(page, `${server.url}${page90}`);
    await openModal(page);
    await typeQuery(page, contextQuery);
    await page.waitForSelector('.DocSearch-Hit a', {timeout: 10000});
    const footer = await page.$eval('.DocSearch-Footer', (element) => ({
      text: (element as HTMLElement).innerText,
      html: element.innerHTML,
    }));
    assert.doesNotMatch(footer.text, /Поиск от|Algolia/i, footer.text);
    assert.equal(await page.$('.DocSearch-Modal a[href*="algolia.com"]'), null, 'no link to the hosted service');
    assert.equal(await page.isVisible('.DocSearch-Logo'), false);
    assert.deepEqual(offHost, []);
    await page.context().close();
  });

  it('finds a Latin name typed whole in the Russian layout, also with one letter too many', async () => {
    const {page, offHost} = await openPage(browser);
    await visit(page, `${server.url}${page90}`);
    await openModal(page);
    // «тфпшщыы» is «nagioss» typed in the Russian layout: the layout first, then one typo.
    await typeQuery(page, 'тфпшщыы');
    const hrefs = await hitHrefs(page, '/docs/solutions/integrations/external/nagios-core/');
    assert.ok(hrefs[0]!.startsWith('/docs/solutions/integrations/external/nagios-core/'), hrefs.join('\n'));
    assert.match(await modalText(page), /Показаны результаты по запросу «nagioss»/);
    assert.deepEqual(offHost, []);
    await page.context().close();
  });

  it('shows the start screen in Russian', async () => {
    const {page, offHost} = await openPage(browser);
    await visit(page, `${server.url}${page90}`);
    await openModal(page);
    const text = await modalText(page);
    assert.match(text, /Поиск по документации/);
    assert.deepEqual(englishWords(text, ''), [], text);
    assert.deepEqual(offHost, []);
    await page.context().close();
  });

  it('searches the reader’s version: 9.0 pages find 9.0 and upgrade pages', async () => {
    const {page, offHost, consoleErrors} = await openPage(browser);
    await visit(page, `${server.url}${page90}`);
    await openModal(page);
    await typeQuery(page, contextQuery);
    const hrefs = await hitHrefs(page);
    assert.ok(hrefs.some((h) => h.startsWith('/docs/') && !h.startsWith('/docs/8.9/')), hrefs.join('\n'));
    assert.ok(hrefs.every((h) => !h.startsWith('/docs/8.9/')), hrefs.join('\n'));
    // Highlighted matches.
    assert.ok((await page.$$('.DocSearch-Hit mark')).length > 0);
    const text = await modalText(page);
    assert.deepEqual(englishWords(text, contextQuery), [], text);
    // A hit opens the page at its anchor.
    const withAnchor = hrefs.find((h) => h.includes('#'));
    if (withAnchor) {
      await page.click(`.DocSearch-Hit a[href="${withAnchor}"]`);
      await page.waitForURL((url) => url.pathname + url.hash === withAnchor, {timeout: 10000});
      const id = decodeURIComponent(withAnchor.split('#')[1]!);
      await page.waitForSelector(`[id="${id}"]`, {state: 'attached', timeout: 10000});
    }
    assert.deepEqual(offHost, []);
    assert.deepEqual(consoleErrors, []);
    await page.context().close();
  });

  it('searches the reader’s version: 8.9 pages find 8.9 and upgrade pages', async () => {
    const {page, offHost} = await openPage(browser);
    await visit(page, `${server.url}${page89}`);
    await openModal(page);
    await typeQuery(page, contextQuery);
    const hrefs = await hitHrefs(page);
    const docs = hrefs.filter((h) => h.startsWith('/docs/'));
    assert.ok(docs.length > 0, hrefs.join('\n'));
    assert.ok(docs.every((h) => h.startsWith('/docs/8.9/')), hrefs.join('\n'));
    assert.deepEqual(offHost, []);
    await page.context().close();
  });

  it('shows the no-results screen with a report link', async () => {
    const {page, offHost} = await openPage(browser);
    await visit(page, `${server.url}${page90}`);
    await openModal(page);
    const query = 'ъъъъъъъъъ';
    await typeQuery(page, query);
    await page.waitForSelector('.DocSearch-NoResults', {timeout: 10000});
    const text = await modalText(page);
    assert.match(text, /Нет результатов по запросу/);
    assert.match(text, /Сообщите нам/);
    assert.deepEqual(englishWords(text, query), [], text);
    const href = await page.$eval('.DocSearch-NoResults a[href^="http"]', (a) => a.getAttribute('href') ?? '');
    const url = new URL(href);
    assert.match(url.pathname, /\/issues\/new$/);
    assert.ok(url.searchParams.get('title')?.includes(query), href);
    assert.deepEqual(offHost, []);
    await page.context().close();
  });

  it('shows the error screen when the index cannot be loaded', async () => {
    const {page, offHost} = await openPage(browser);
    await page.route('**/search/**', (route) => route.abort('failed'));
    await visit(page, `${server.url}${page90}`);
    await openModal(page);
    await typeQuery(page, contextQuery);
    await page.waitForSelector('[data-search-screen="error"]', {timeout: 10000});
    const text = await modalText(page);
    assert.match(text, /Невозможно загрузить результаты поиска|Не удалось загрузить результаты/);
    assert.match(text, /Проверьте подключение к интернету/);
    assert.deepEqual(englishWords(text, contextQuery), [], text);
    assert.equal(await page.isVisible('.DocSearch-NoResults'), false, 'no "no results" under the error');
    // Once the index is reachable again, the next keystroke searches it.
    await page.unroute('**/search/**');
    await page.type(INPUT, ' ');
    await page.type(INPUT, contextQuery.slice(0, 3), {delay: 20});
    await page.waitForSelector('.DocSearch-Hit a[href^="/"]', {timeout: 10000});
    assert.equal(await page.isVisible('[data-search-screen="error"]'), false);
    assert.deepEqual(offHost, []);
    await page.context().close();
  });

  it('opens the offline AI screen with the disclaimer and sources, without any outside request', async () => {
    const {page, offHost} = await openPage(browser);
    await visit(page, `${server.url}${page90}`);
    await openModal(page);
    const question = `как настроить ${contextQuery}`;
    await typeQuery(page, question);
    await askAiEntryFor(page, question);
    const entry = await modalText(page);
    assert.match(entry, /Спросить ИИ/);
    await page.click('.DocSearch-Hit--AskAI');
    await page.waitForSelector('[data-search-screen="ask-ai"]', {timeout: 5000});
    await page.waitForSelector('.monq-ai-screen__source', {timeout: 10000});
    assert.equal((await page.textContent('.monq-ai-screen__question strong'))?.trim(), question);
    const text = await modalText(page);
    // It says what it is (a passage quoted from the docs, no generated answer), with a short caution;
    // the hosted assistant's disclaimer about AI answers is not true of it.
    assert.match(text, /ИИ-ассистент в этой установке не подключён/);
    assert.match(text, /нет сгенерированного ответа/);
    assert.match(text, /цитата из документации/i);
    assert.match(text, /может отвечать на него не полностью/);
    assert.doesNotMatch(text, /Ответы формирует ИИ|возможны ошибки/);
    assert.deepEqual(englishWords(text, question), [], text);
    const sources = await page.$$eval('.monq-ai-screen__source', (links) => links.map((a) => a.getAttribute('href') ?? ''));
    assert.ok(sources.length > 0 && sources.every((h) => h.startsWith('/')), sources.join('\n'));
    // It leads with the best passage, quoted as the page has it (extractive), linked to its page and heading.
    const best = (await firstHit(question, {hitsPerPage: 5})).hits.find((hit) => hit.type === 'content' && hit.content)!;
    const quote = (await page.textContent('[data-search-passage] blockquote'))?.trim();
    assert.equal(quote, best.content!.trim());
    const passageLink = await page.getAttribute('[data-search-passage] a', 'href');
    assert.equal(passageLink, new URL(best.url).pathname + new URL(best.url).hash);
    // Typing again goes back to the search.
    await page.type(INPUT, contextQuery);
    await page.waitForSelector('[data-search-screen="ask-ai"]', {state: 'detached', timeout: 5000});
    assert.deepEqual(offHost, []);
    await page.context().close();
  });

  it('serves /demo-search with 30 hits, paging, a version choice and the Russian count', async () => {
    const {page, offHost, consoleErrors} = await openPage(browser);
    const {results} = await client.search({requests: [{query: pagingQuery, hitsPerPage: 30, facetFilters: filtersFor('9.0')}]});
    const expected = results[0]!;
    await visit(page, `${server.url}/demo-search/?q=${encodeURIComponent(pagingQuery)}&version=9.0`);
    await page.waitForSelector('[data-search-count]', {timeout: 15000});
    const count = await page.textContent('[data-search-count]');
    const n = expected.nbHits;
    const form = new Intl.PluralRules('ru').select(n);
    const expectedText = form === 'one' ? `Найден ${n} документ` : form === 'few' ? `Найдено ${n} документа` : `Найдено ${n} документов`;
    assert.equal(count?.trim(), expectedText);
    assert.equal((await page.$$('.monq-search-page__hit')).length, 30);
    const firstPage = await page.$$eval('.monq-search-page__hit a', (links) => links.map((a) => a.getAttribute('href')));
    assert.ok(firstPage.every((h) => h && !h.startsWith('/docs/8.9/')));
    await page.click('.monq-search-page__pager button:has-text("2")');
    await page.waitForURL(/page=2/);
    await page.waitForFunction(
      (first) => {
        const link = document.querySelector('.monq-search-page__hit a');
        return link && link.getAttribute('href') !== first;
      },
      firstPage[0],
      {timeout: 10000},
    );
    const secondPage = await page.$$eval('.monq-search-page__hit a', (links) => links.map((a) => a.getAttribute('href')));
    assert.equal(secondPage.length, Math.min(30, n - 30));
    // The version choice searches 8.9.
    const {results: results89} = await client.search({requests: [{query: pagingQuery, hitsPerPage: 30, facetFilters: filtersFor('8.9')}]});
    await page.selectOption('.monq-search-page__version', '8.9');
    await page.waitForURL(/version=8\.9/);
    await page.waitForSelector(`[data-search-count="${results89[0]!.nbHits}"]`, {timeout: 10000});
    const on89 = await page.$$eval('.monq-search-page__hit a', (links) => links.map((a) => a.getAttribute('href') ?? ''));
    assert.ok(on89.filter((h) => h.startsWith('/docs/')).every((h) => h.startsWith('/docs/8.9/')), on89.join('\n'));
    const text = await page.$eval('main', (main) => {
      const clone = main.cloneNode(true) as HTMLElement;
      clone.querySelectorAll('.monq-search-page__hits').forEach((hits) => hits.remove());
      return clone.textContent ?? '';
    });
    assert.deepEqual(englishWords(text, pagingQuery), [], text);
    assert.deepEqual(offHost, []);
    assert.deepEqual(consoleErrors, []);
    await page.context().close();
  });

  it('says so on /demo-search when nothing is found', async () => {
    const {page, offHost} = await openPage(browser);
    // The form of the URL, without the trailing slash (the server redirects, keeping the query).
    await visit(page, `${server.url}/demo-search?q=${encodeURIComponent('ъъъъъъъъъ')}`);
    await page.waitForSelector('[data-search-count="0"]', {timeout: 15000});
    assert.match((await page.textContent('[data-search-count="0"]')) ?? '', /ничего не найдено/);
    assert.deepEqual(offHost, []);
    await page.context().close();
  });

  /** The first hit of a query on a 9.0 page, computed in Node with the browser's client code. */
  const firstHit = async (query: string, extra: Record<string, unknown> = {}) => {
    const {results} = await client.search({requests: [{query, hitsPerPage: 30, facetFilters: filtersFor('9.0'), ...extra}]});
    return results[0]!;
  };

  it('forgives typos, Cyrillic spellings, jargon and English terms in the modal', async () => {
    const {page, offHost, consoleErrors} = await openPage(browser);
    await visit(page, `${server.url}${page90}`);
    await openModal(page);
    for (const query of ['пароги', 'заббикс', 'алерты', 'threshold']) {
      const expected = await firstHit(query);
      assert.ok(expected.nbHits > 0, `«${query}» finds something`);
      await typeQuery(page, query);
      const path = new URL(expected.hits[0]!.url_without_anchor).pathname;
      const hrefs = await hitHrefs(page, path);
      assert.equal(hrefs[0]!.split('#')[0], path, query);
      assert.equal(await page.$('[data-search-notice="layout"]'), null, `no layout line for «${query}»`);
    }
    assert.deepEqual(offHost, []);
    assert.deepEqual(consoleErrors, []);
    await page.context().close();
  });

  it('shows the other keyboard layout’s results in the modal, with a link to the query as typed', async () => {
    const expected = await firstHit('gjhjub');
    assert.equal(expected.shownQuery, 'пороги');
    const verbatim = await firstHit('gjhjub', {monqVerbatim: true});
    assert.equal(verbatim.nbHits, 0, 'the query as typed finds nothing');
    const {page, offHost, consoleErrors} = await openPage(browser);
    await visit(page, `${server.url}${page90}`);
    await openModal(page);
    await typeQuery(page, 'gjhjub');
    const hrefs = await hitHrefs(page, new URL(expected.hits[0]!.url_without_anchor).pathname);
    assert.equal(hrefs[0]!.split('#')[0], new URL(expected.hits[0]!.url_without_anchor).pathname);
    const notice = await page.waitForSelector(`${DIALOG} [data-search-notice="layout"]`, {state: 'visible'});
    assert.equal((await notice.textContent())?.replace(/\s+/g, ' ').trim(), 'Показаны результаты по запросу «пороги». Искать «gjhjub»');
    // The line sits between the search box and the hits.
    const [boxBottom, noticeTop, hitsTop] = await page.evaluate(`(() => {
      const top = (s) => document.querySelector(s).getBoundingClientRect();
      return [top('.DocSearch-SearchBar').bottom, top('[data-search-notice]').top, top('.DocSearch-Hits').top];
    })()`) as number[];
    assert.ok(boxBottom! <= noticeTop! + 1 && noticeTop! < hitsTop!, `${boxBottom} ${noticeTop} ${hitsTop}`);
    const link = await page.$('[data-search-typed]');
    assert.match((await link!.getAttribute('href')) ?? '', /demo-search\/?\?q=gjhjub&verbatim=1$/);
    await link!.click();
    await page.waitForSelector('.DocSearch-NoResults', {timeout: 15000});
    assert.equal(await page.$('[data-search-notice="layout"]'), null, 'the line goes with the switched results');
    assert.equal(await page.inputValue(INPUT), 'gjhjub', 'the query stays as typed');
    // Typing another query switches again.
    await typeQuery(page, 'vtnhbrb');
    await page.waitForSelector('[data-search-notice="layout"]', {timeout: 15000});
    assert.match((await page.textContent('[data-search-notice="layout"]')) ?? '', /«метрики»/);
    assert.deepEqual(offHost, []);
    assert.deepEqual(consoleErrors, []);
    await page.context().close();
  });

  it('switches a Latin name typed in the Russian layout inside a Russian query, word by word', async () => {
    // «ыныдщп» is «syslog» typed with the Russian layout on; «настройка» is typed right.
    const expected = await firstHit('настройка ыныдщп');
    assert.equal(expected.shownQuery, 'настройка syslog');
    const {page, offHost, consoleErrors} = await openPage(browser);
    await visit(page, `${server.url}${page90}`);
    await openModal(page);
    await typeQuery(page, 'настройка ыныдщп');
    const notice = await page.waitForSelector(`${DIALOG} [data-search-notice="layout"]`, {state: 'visible', timeout: 15000});
    assert.equal((await notice.textContent())?.replace(/\s+/g, ' ').trim(), 'Показаны результаты по запросу «настройка syslog». Искать «настройка ыныдщп»');
    const hrefs = await hitHrefs(page, new URL(expected.hits[0]!.url_without_anchor).pathname);
    assert.equal(hrefs[0]!.split('#')[0], new URL(expected.hits[0]!.url_without_anchor).pathname);
    assert.deepEqual(offHost, []);
    assert.deepEqual(consoleErrors, []);
    await page.context().close();
  });

  it('answers a question with the page that answers it, not with release notes', async () => {
    const question = 'почему не приходит письмо с приглашением';
    const {page, offHost, consoleErrors} = await openPage(browser);
    await visit(page, `${server.url}${page90}`);
    await openModal(page);
    await typeQuery(page, question);
    await askAiEntryFor(page, question);
    const expected = await firstHit(question);
    const hrefs = await hitHrefs(page, new URL(expected.hits[0]!.url_without_anchor).pathname);
    const pages = hrefs.slice(0, 5).map((href) => href.split('#')[0]);
    assert.ok(
      ['/docs/guide/administration/system-notifies/', '/docs/get-started/setup/system-notify/'].includes(pages[0]!),
      pages.join(' '),
    );
    assert.ok(pages.every((path) => !path!.startsWith('/upgrade/')), pages.join(' '));
    assert.deepEqual(offHost, []);
    assert.deepEqual(consoleErrors, []);
    await page.context().close();
  });

  it('shows the other keyboard layout’s results on /demo-search, with a link to the query as typed', async () => {
    const expected = await firstHit('gjhjub');
    const {page, offHost, consoleErrors} = await openPage(browser);
    await visit(page, `${server.url}/demo-search/?q=gjhjub`);
    const notice = await page.waitForSelector('[data-search-notice="layout"]', {timeout: 15000});
    assert.equal((await notice.textContent())?.replace(/\s+/g, ' ').trim(), 'Показаны результаты по запросу «пороги». Искать «gjhjub»');
    const first = await page.getAttribute('.monq-search-page__hit-title', 'href');
    assert.equal(first!.split('#')[0], new URL(expected.hits[0]!.url_without_anchor).pathname);
    assert.match((await page.getAttribute('[data-search-typed]', 'href')) ?? '', /\?q=gjhjub&verbatim=1$/);
    await page.click('[data-search-typed]');
    await page.waitForSelector('[data-search-count="0"]', {timeout: 15000});
    assert.match(page.url(), /[?&]verbatim=1/);
    assert.equal(await page.$('[data-search-notice="layout"]'), null);
    // A reload of that address keeps the query as typed.
    await visit(page, page.url());
    await page.waitForSelector('[data-search-count="0"]', {timeout: 15000});
    assert.deepEqual(offHost, []);
    assert.deepEqual(consoleErrors, []);
    await page.context().close();
  });

  it('stays harmless on hostile queries: broken percent-encoding, HTML, control and bidi characters, huge length', async () => {
    const {page, offHost, consoleErrors} = await openPage(browser);
    const hostile = [
      '/demo-search/?q=%E0%A4%A&page=%ZZ',
      `/demo-search/?q=${encodeURIComponent('<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script> пороги')}`,
      `/demo-search/?q=${encodeURIComponent('\u202eпороги\u0000\u0007\u200f')}`,
      `/demo-search/?q=${encodeURIComponent('пороги '.repeat(100))}`,
    ];
    for (const address of hostile) {
      await visit(page, `${server.url}${address}`);
      // A clear state: a count or «nothing found», never a blank or a crash.
      await page.waitForSelector('[data-search-count]', {timeout: 15000});
      assert.equal(await page.evaluate('window.__pwned'), undefined, address);
      assert.equal(await page.$('main img[src="x"]'), null, address);
      const heading = (await page.textContent('main h1')) ?? '';
      assert.ok(heading.length < 200, `the heading stays short: ${heading.length}`);
    }
    // The modal, too.
    await visit(page, `${server.url}${page90}`);
    await openModal(page);
    await page.fill(INPUT, '<img src=x onerror="window.__pwned=1"> пороги');
    await hitHrefs(page);
    await page.fill(INPUT, 'пороги '.repeat(3000));
    await page.waitForSelector('.DocSearch-Hit, .DocSearch-NoResults', {timeout: 15000});
    assert.equal(await page.evaluate('window.__pwned'), undefined);
    assert.equal(await page.$('.DocSearch-Modal img[src="x"]'), null);
    assert.deepEqual(offHost, []);
    assert.deepEqual(consoleErrors, []);
    await page.context().close();
  });

  it('requests only loopback, and the index files only once', async () => {
    const {page, offHost} = await openPage(browser);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await visit(page, `${server.url}${page90}`);
    await openModal(page);
    await typeQuery(page, contextQuery);
    await hitHrefs(page);
    assert.deepEqual(offHost, []);
    assert.ok(requests.every((url) => url.startsWith(server.url) || url.startsWith('data:')), requests.join('\n'));
    const indexRequests = requests.filter((url) => /\/search\/.+\.json$/.test(url) && !url.endsWith('manifest.json'));
    assert.ok(indexRequests.some((url) => url.includes('docs-default-9.0')), `the 9.0 index was loaded: ${indexRequests.join(' ')}`);
    assert.equal(indexRequests.length, new Set(indexRequests).size, 'each index file fetched once');
    assert.ok(indexRequests.every((url) => !url.includes('docs-default-8.9')), 'the 8.9 index is not loaded on a 9.0 page');
    await page.context().close();
  });
});

describe('search (hosted mode, service intercepted)', {skip: HOSTED_DIR ? false : 'set MONQ_DOCS_HOSTED_BUILD_DIR to a build made with dummy DOCSEARCH_* settings'}, () => {
  let browser: Browser;
  let server: {url: string; close(): Promise<void>};
  let page90 = '';

  before(async () => {
    const local = createLocalSearchClient({manifestUrl: '/search/manifest.json', siteOrigin: FAKE_ORIGIN, fetch: fileFetcher(buildDir)});
    const manifest = await local.manifest();
    const entry = manifest.indexes['docs-default-9.0']!;
    page90 = (await indexPagePaths(buildDir, entry)).find((u) => u.startsWith('/docs/') && !u.startsWith('/docs/8.9/'))!;
    browser = await launchBrowser();
    server = await startServer(HOSTED_DIR!);
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  const isService = (url: string) => /algolia(net)?\.(net|com|io)/.test(new URL(url).hostname);

  it('sends the spec’s parameters and no click analytics', async () => {
    const {page, offHost} = await openPage(browser, {allowOffHost: isService});
    const bodies: Array<Record<string, unknown>> = [];
    const serviceUrls: string[] = [];
    await page.route(
      (url) => isService(url.toString()),
      async (route) => {
        const request = route.request();
        serviceUrls.push(request.url());
        const body = request.postData();
        if (body) bodies.push(JSON.parse(body));
        await route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({
            results: [
              {
                hits: [
                  {
                    objectID: '1',
                    url: `${server.url}${page90}`,
                    type: 'lvl1',
                    content: null,
                    hierarchy: {lvl0: 'Документация', lvl1: 'Страница из сервиса', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null},
                    _highlightResult: {hierarchy: {lvl0: {value: 'Документация', matchLevel: 'none', matchedWords: []}, lvl1: {value: 'Страница из <mark>сервиса</mark>', matchLevel: 'full', matchedWords: ['сервиса']}}},
                    _snippetResult: {hierarchy: {lvl1: {value: 'Страница из <mark>сервиса</mark>', matchLevel: 'full'}}},
                  },
                ],
                nbHits: 1,
                page: 0,
                nbPages: 1,
                hitsPerPage: 30,
                processingTimeMS: 1,
                query: 'сервис',
                params: '',
                exhaustiveNbHits: true,
                index: 'monq-test',
              },
            ],
          }),
        });
      },
    );
    await visit(page, `${server.url}${page90}`);
    const preconnect = await page.$eval('head', (head) => head.querySelector('link[rel="preconnect"]')?.getAttribute('href') ?? null);
    assert.ok(preconnect === null || isService(preconnect), `preconnect only to the service: ${preconnect}`);
    await openModal(page);
    await typeQuery(page, 'сервис');
    await page.waitForSelector('.DocSearch-Hit a', {timeout: 10000});
    assert.ok(bodies.length > 0, 'the service was asked');
    const last = bodies[bodies.length - 1]!;
    const requests = (last.requests ?? []) as Array<Record<string, unknown>>;
    assert.ok(requests.length > 0, JSON.stringify(last));
    for (const request of requests) {
      const params = typeof request.params === 'string' ? Object.fromEntries(new URLSearchParams(request.params)) : request;
      const hitsPerPage = Number(params.hitsPerPage);
      const facetFilters = typeof params.facetFilters === 'string' ? JSON.parse(params.facetFilters) : params.facetFilters;
      assert.equal(hitsPerPage, 30, JSON.stringify(request));
      const flat = JSON.stringify(facetFilters);
      assert.ok(flat.includes('language:ru'), flat);
      assert.ok(flat.includes('docusaurus_tag:docs-default-9.0'), flat);
      assert.ok(!flat.includes('docusaurus_tag:docs-default-8.9'), flat);
      assert.notEqual(String(params.clickAnalytics), 'true', 'no click analytics');
    }
    assert.ok(serviceUrls.every((url) => !url.includes('insights')), serviceUrls.join('\n'));
    assert.deepEqual(offHost, []);
    await page.context().close();
  });

  it('credits the hosted service in the footer', async () => {
    const {page, offHost} = await openPage(browser, {allowOffHost: isService});
    await page.route((url) => isService(url.toString()), (route) => route.abort('internetdisconnected'));
    await visit(page, `${server.url}${page90}`);
    await openModal(page);
    assert.match(await page.$eval('.DocSearch-Footer', (element) => (element as HTMLElement).innerText), /Поиск от/);
    assert.ok(await page.$('.DocSearch-Logo a[href*="algolia.com"]'), 'the logo links the service');
    assert.deepEqual(offHost, []);
    await page.context().close();
  });

  it('shows the error screen when the service cannot be reached', async () => {
    const {page, offHost} = await openPage(browser, {allowOffHost: isService});
    await page.route((url) => isService(url.toString()), (route) => route.abort('internetdisconnected'));
    await visit(page, `${server.url}${page90}`);
    await openModal(page);
    await typeQuery(page, 'сервис');
    await page.waitForSelector('[data-search-screen="error"]', {timeout: 20000});
    const text = await modalText(page);
    assert.match(text, /Проверьте подключение к интернету/);
    assert.deepEqual(offHost, []);
    await page.context().close();
  });
});
