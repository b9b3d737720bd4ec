import assert from 'node:assert/strict';
import {after, before, describe, it} from 'node:test';
import {indexFiles} from '../../src/shared/search/engine';
import {createLocalSearchClient, type LocalSearchClient, type SearchRequest} from '../../src/search/localClient';
import {buildFixtureSite, CORPUS, ORIGIN, pagingCorpus, type FixtureSite} from '../fixtures/search/corpus';

/** The filters DocSearch sends on a 9.0 page with contextual search. */
const FILTERS_90 = ['language:ru', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-9.0', 'docusaurus_tag:docs-upgrade-current']];
const FILTERS_89 = ['language:ru', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-8.9', 'docusaurus_tag:docs-upgrade-current']];

/** The shape of DocSearch 4.7's request (see DocSearchModal). */
function docsearchRequest(query: string, extra: Partial<SearchRequest> = {}): SearchRequest {
  return {
    query,
    indexName: 'monq',
    attributesToRetrieve: ['hierarchy.lvl0', 'hierarchy.lvl1', 'hierarchy.lvl2', 'content', 'type', 'url'],
    attributesToSnippet: ['hierarchy.lvl1:10', 'hierarchy.lvl2:10', 'content:10'],
    snippetEllipsisText: '…',
    highlightPreTag: '<mark>',
    highlightPostTag: '</mark>',
    hitsPerPage: 30,
    clickAnalytics: false,
    facetFilters: FILTERS_90,
    ...extra,
  };
}

describe('local search client', () => {
  let site: FixtureSite;
  let client: LocalSearchClient;
  const search = async (query: string, extra: Partial<SearchRequest> = {}) => {
    const {results} = await client.search({requests: [docsearchRequest(query, extra)]});
    return results[0]!;
  };

  before(async () => {
    site = await buildFixtureSite(CORPUS);
    client = createLocalSearchClient({manifestUrl: '/search/manifest.json', siteOrigin: ORIGIN, fetch: site.fetch});
  });
  after(() => site.cleanup());

  it('writes content-hashed term chunks, record chunks and a vocabulary per tag, and a manifest', () => {
    const entries = Object.values(site.result.manifest.indexes);
    assert.deepEqual(
      entries.map((e) => e.tag).sort(),
      ['default', 'docs-default-8.9', 'docs-default-9.0', 'docs-upgrade-current'],
    );
    for (const entry of entries) {
      for (const file of indexFiles(entry)) {
        assert.match(file, /^search\/[a-z0-9.-]+\.(t\d+|d\d+|v)\.[0-9a-f]{10}\.json$/);
      }
    }
    assert.equal(site.result.manifest.indexes['docs-default-9.0']!.version, '9.0');
    // noindex, 404 and the search page are left out
    assert.ok(site.result.skipped.includes('/docs/unlisted/'));
  });

  it('answers in the Algolia shape DocSearch reads', async () => {
    const result = await search('пороги');
    assert.equal(result.hitsPerPage, 30);
    assert.equal(result.page, 0);
    assert.ok(result.nbHits > 0);
    assert.equal(result.nbPages, Math.ceil(result.nbHits / 30));
    const hit = result.hits.find((h) => h.type === 'lvl2' && h.anchor === 'setup')!;
    assert.ok(hit, 'the heading hit');
    assert.equal(hit.url, `${ORIGIN}/docs/guide/thresholds/#setup`);
    assert.equal(hit.url_without_anchor, `${ORIGIN}/docs/guide/thresholds/`);
    assert.deepEqual(hit.hierarchy, {
      lvl0: 'Руководство',
      lvl1: 'Пороги',
      lvl2: 'Как настроить пороги',
      lvl3: null,
      lvl4: null,
      lvl5: null,
      lvl6: null,
    });
    assert.equal(typeof hit.objectID, 'string');
    assert.equal(hit._highlightResult.hierarchy.lvl2!.value, 'Как настроить <mark>пороги</mark>');
    assert.equal(hit._snippetResult.hierarchy.lvl1!.value, '<mark>Пороги</mark>');
    assert.equal(hit.docusaurus_tag, 'docs-default-9.0');
    const content = result.hits.find((h) => h.type === 'content')!;
    assert.ok(content._snippetResult.content!.value.includes('<mark>'));
  });

  it('searches only the version the filters name, plus upgrade notes and pages', async () => {
    const on90 = await search('метрики', {facetFilters: FILTERS_90});
    const tags90 = new Set(on90.hits.map((h) => h.docusaurus_tag));
    assert.ok(tags90.has('docs-default-9.0'));
    assert.ok(tags90.has('docs-upgrade-current'));
    assert.ok(tags90.has('default'));
    assert.ok(!tags90.has('docs-default-8.9'));
    assert.ok(on90.hits.every((h) => !h.url.includes('/docs/8.9/')));

    const on89 = await search('метрики', {facetFilters: FILTERS_89});
    const tags89 = new Set(on89.hits.map((h) => h.docusaurus_tag));
    assert.ok(tags89.has('docs-default-8.9'));
    assert.ok(!tags89.has('docs-default-9.0'));
    assert.ok(on89.hits.some((h) => h.url.startsWith(`${ORIGIN}/docs/8.9/`)));
  });

  it('filters by language and by negated facets', async () => {
    const english = await search('метрики', {facetFilters: ['language:en']});
    assert.equal(english.nbHits, 0);
    const noUpgrade = await search('метрики', {facetFilters: ['language:ru', 'docusaurus_tag:-docs-upgrade-current']});
    assert.ok(noUpgrade.hits.every((h) => h.docusaurus_tag !== 'docs-upgrade-current'));
    const onlyContent = await search('метрики', {facetFilters: FILTERS_90.concat(['type:content'])});
    assert.ok(onlyContent.hits.length > 0 && onlyContent.hits.every((h) => h.type === 'content'));
  });

  it('returns the number of hits the request asks for', async () => {
    const result = await search('пороги', {hitsPerPage: 2});
    assert.equal(result.hitsPerPage, 2);
    assert.equal(result.hits.length, 2);
  });

  it('matches Russian word forms (stemming)', async () => {
    for (const query of ['метрика', 'метрики', 'метрикам', 'метрик']) {
      const result = await search(query);
      const urls = new Set(result.hits.map((h) => h.url_without_anchor));
      assert.ok(urls.has(`${ORIGIN}/docs/guide/metrics/`), query);
    }
  });

  it('meets word forms the stemmer cuts differently (сигнал, сигнала → сигна; сигналы → сигнал)', async () => {
    for (const query of ['сигнал', 'сигнала', 'сигналы', 'сигналов']) {
      const urls = new Set((await search(query)).hits.map((h) => h.url_without_anchor.replace(ORIGIN, '')));
      assert.ok(urls.has('/docs/guide/signal-one/'), `${query} finds «сигнала»`);
      assert.ok(urls.has('/docs/guide/signal-many/'), `${query} finds «сигналы»`);
    }
  });

  it('meets ё and е', async () => {
    const withYo = await search('ёмкость');
    const withE = await search('емкость');
    assert.ok(withYo.nbHits > 0);
    assert.deepEqual(withYo.hits.map((h) => h.objectID), withE.hits.map((h) => h.objectID));
    assert.ok(withE.hits.some((h) => h.anchor === 'capacity'));
  });

  it('ignores stop words', async () => {
    const result = await search('как настроить пороги');
    assert.equal(result.matchMode, 'and');
    assert.equal(result.hits[0]!.url, `${ORIGIN}/docs/guide/thresholds/#setup`);
    const onlyStopWords = await search('и в на');
    assert.equal(onlyStopWords.nbHits, 0);
  });

  it('prefers records with all words, falls back to any word', async () => {
    const all = await search('настроить пороги');
    assert.equal(all.matchMode, 'and');
    // Few records hold both words: they come first, the records holding one of them follow.
    assert.equal(all.hits[0]!.hierarchy.lvl2, 'Как настроить пороги');
    assert.ok(all.hits.length > 1 && all.hits.slice(1).every((h) => !/настро/i.test(h.hierarchy.lvl2 ?? '')));

    const any = await search('пороги несуществующееслово');
    assert.equal(any.matchMode, 'or');
    assert.ok(any.nbHits > 0);
    assert.ok(any.hits.some((h) => h.hierarchy.lvl1 === 'Пороги'));

    // With three words, records holding two of them come before records holding one.
    const ranked = await search('метрики пороги кластер');
    assert.equal(ranked.matchMode, 'or');
    const top = ranked.hits[0]!;
    const text = `${top.hierarchy.lvl1} ${top.hierarchy.lvl2 ?? ''} ${top.content ?? ''}`.toLowerCase();
    assert.ok(/метрик/.test(text) && /порог|кластер/.test(text), text);
  });

  it('keeps identifiers whole', async () => {
    const zabbix = await search('source.ZabbixHosts');
    assert.ok(zabbix.nbHits > 0);
    assert.ok(zabbix.hits.every((h) => h.url.includes('/docs/reference/zabbix/')));
    const content = zabbix.hits.find((h) => h.type === 'content')!;
    assert.ok(content._snippetResult.content!.value.includes('<mark>source.ZabbixHosts</mark>'));
    // Only the record holding the identifier, not the one with "source" and "hosts" apart.
    assert.ok(zabbix.hits.every((h) => (h.content ?? '').includes('source.ZabbixHosts') || h.type !== 'content'));

    const maxConnections = await search('max_connections');
    assert.equal(maxConnections.hits.filter((h) => h.type === 'content').length, 1);
    assert.ok(maxConnections.hits[0]!.content!.includes('max_connections'));

    const monqctl = await search('monqctl');
    assert.equal(monqctl.hits[0]!.url_without_anchor, `${ORIGIN}/docs/guide/thresholds/`);
  });

  it('ranks a page title above a heading above body text', async () => {
    const result = await search('агенты');
    const order = result.hits.map((h) => h.url_without_anchor.replace(ORIGIN, ''));
    const title = order.indexOf('/docs/reference/title-rank/');
    const headingIdx = order.indexOf('/docs/reference/heading-rank/');
    const body = order.indexOf('/docs/reference/body-rank/');
    assert.ok(title >= 0 && headingIdx >= 0 && body >= 0, order.join(', '));
    assert.ok(title < headingIdx, order.join(', '));
    assert.ok(headingIdx < body, order.join(', '));
    assert.equal(result.hits[0]!.type, 'lvl1');
  });

  it('escapes the page text in highlights and snippets', async () => {
    const result = await search('опасного');
    const hit = result.hits.find((h) => h.type === 'content')!;
    const values = [hit._highlightResult.content!.value, hit._snippetResult.content!.value];
    for (const value of values) {
      assert.ok(!value.includes('<script>'), value);
      assert.ok(value.includes('&lt;script&gt;'), value);
    }
    // The raw text keeps the characters (React renders it as text).
    assert.ok(hit.content!.includes('<script>alert(1)</script>'));
  });

  it('leaves out noindex pages, navigation, the footer and scripts', async () => {
    assert.equal((await search('секретная')).nbHits, 0);
    assert.equal((await search('навбар')).nbHits, 0);
    assert.equal((await search('отредактировать')).nbHits, 0);
    assert.equal((await search('подвал')).nbHits, 0);
    assert.equal((await search('heading')).nbHits, 0);
  });

  it('finds as the last word is typed (prefix)', async () => {
    const result = await search('настройка поро');
    assert.ok(result.hits.some((h) => h.url.includes('/docs/guide/thresholds/')));
  });

  it('answers several requests at once', async () => {
    const {results} = await client.search({requests: [docsearchRequest('метрики'), docsearchRequest('пороги')]});
    assert.equal(results.length, 2);
    assert.equal(results[1]!.query, 'пороги');
  });
});

describe('local search client paging', () => {
  let site: FixtureSite;
  let client: LocalSearchClient;
  before(async () => {
    site = await buildFixtureSite(pagingCorpus(70));
    client = createLocalSearchClient({manifestUrl: '/search/manifest.json', siteOrigin: ORIGIN, fetch: site.fetch});
  });
  after(() => site.cleanup());

  it('pages by hitsPerPage', async () => {
    const seen = new Set<string>();
    let total = 0;
    for (let page = 0; page < 6; page++) {
      const {results} = await client.search({requests: [{query: 'сигналы', hitsPerPage: 30, page}]});
      const result = results[0]!;
      total = result.nbHits;
      assert.equal(result.nbPages, Math.ceil(total / 30));
      const expected = Math.max(0, Math.min(30, total - page * 30));
      assert.equal(result.hits.length, expected, `page ${page}`);
      for (const hit of result.hits) {
        assert.ok(!seen.has(hit.objectID), 'no hit on two pages');
        seen.add(hit.objectID);
      }
    }
    assert.ok(total > 60, String(total));
    assert.equal(seen.size, total);
  });

  it('defaults to the configured hits per page', async () => {
    const thirty = createLocalSearchClient({
      manifestUrl: '/search/manifest.json',
      siteOrigin: ORIGIN,
      fetch: site.fetch,
      defaultHitsPerPage: 30,
    });
    const {results} = await thirty.search({requests: [{query: 'сигналы'}]});
    assert.equal(results[0]!.hits.length, 30);
  });
});

describe('local search client failures', () => {
  let site: FixtureSite;
  before(async () => {
    site = await buildFixtureSite(CORPUS);
  });
  after(() => site.cleanup());

  it('throws RetryError when the manifest cannot be loaded, and retries later', async () => {
    const client = createLocalSearchClient({manifestUrl: '/search/manifest.json', siteOrigin: ORIGIN, fetch: site.fetch});
    site.fail('network');
    await assert.rejects(client.search({requests: [docsearchRequest('метрики')]}), (error: Error) => {
      assert.equal(error.name, 'RetryError');
      return true;
    });
    site.fail(404);
    await assert.rejects(client.search({requests: [docsearchRequest('метрики')]}), {name: 'RetryError'});
    site.fail(null);
    const {results} = await client.search({requests: [docsearchRequest('метрики')]});
    assert.ok(results[0]!.nbHits > 0);
  });

  it('throws RetryError when an index file cannot be loaded', async () => {
    const client = createLocalSearchClient({manifestUrl: '/search/manifest.json', siteOrigin: ORIGIN, fetch: site.fetch});
    await client.manifest();
    site.fail(503);
    await assert.rejects(client.search({requests: [docsearchRequest('метрики')]}), {name: 'RetryError'});
    site.fail(null);
  });

  it('requests only its own origin', () => {
    assert.ok(site.requests.length > 0);
    assert.ok(site.requests.every((url) => url.startsWith(`${ORIGIN}/search/`)));
  });
});
