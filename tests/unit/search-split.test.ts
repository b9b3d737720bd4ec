/**
 * The prebuilt, split index (plugins/search-index/split.ts) and what a query fetches of it
 * (src/search/localClient.ts), plus the query rewriting of questions and mixed keyboard layouts.
 */
import assert from 'node:assert/strict';
import {after, before, describe, it} from 'node:test';
import {
  chunkOf,
  chunksOfPrefix,
  decodePostings,
  encodeBits,
  prepareSynonyms,
  queryWords,
  sectionsOf,
  synonymsMissing,
  type Manifest,
  type IndexedPage,
  type IndexedRecord,
} from '../../src/shared/search/engine';
import {createLocalSearchClient, tagWeight, type LocalSearchClient} from '../../src/search/localClient';
import {isQuestion} from '../../src/shared/search/text';
import {splitIndex, DOC_CHUNK_CHARS} from '../../plugins/search-index/split';
import {buildFixtureSite, CORPUS, ORIGIN, type FixtureSite} from '../fixtures/search/corpus';

const FILTERS_90 = ['language:ru', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-9.0', 'docusaurus_tag:docs-upgrade-current']];

/** A corpus of many pages with distinct words, big enough for several chunks of each kind. */
function bigIndex(): {pages: IndexedPage[]; records: IndexedRecord[]} {
  const pages: IndexedPage[] = [];
  const records: IndexedRecord[] = [];
  for (let p = 0; p < 60; p++) {
    pages.push({u: `/docs/page-${p}/`, s: 'Раздел', t: `Страница ${p}`});
    records.push({p, y: 'lvl1', a: null, h: [], c: null});
    for (let r = 0; r < 5; r++) {
      const words = Array.from({length: 40}, (_, w) => `слово${p}x${r}x${w} term${(p * 7 + w) % 300}`).join(' ');
      records.push({p, y: 'content', a: `part-${r}`, h: [`Часть ${r}`], c: words});
    }
  }
  return {pages, records};
}

describe('index split', () => {
  const {pages, records} = bigIndex();
  const split = splitIndex(pages, records);

  it('cuts the sorted terms into ranges: every term in exactly the chunk its first term points to', () => {
    assert.ok(split.terms.length > 3, `${split.terms.length} term chunks`);
    const firsts = split.terms.map((chunk) => chunk.first);
    assert.deepEqual(firsts, firsts.slice().sort());
    const seen = new Set<string>();
    split.terms.forEach((chunk, index) => {
      for (const term of Object.keys(chunk.file.terms)) {
        assert.ok(!seen.has(term), `${term} in one chunk only`);
        seen.add(term);
        assert.equal(chunkOf(firsts, term), index, `${term} is found in chunk ${index}`);
      }
    });
    assert.deepEqual(Array.from(seen).sort(), split.vocabulary.terms);
  });

  it('finds every chunk that may hold a prefix', () => {
    const firsts = split.terms.map((chunk) => chunk.first);
    const holding = (prefix: string) =>
      split.terms.flatMap((chunk, index) => (Object.keys(chunk.file.terms).some((term) => term.startsWith(prefix)) ? [index] : []));
    for (const prefix of ['term1', 'слово1', 'слово5', 'term', 'страниц']) {
      const found = chunksOfPrefix(firsts, prefix);
      assert.ok(holding(prefix).every((chunk) => found.includes(chunk)), `${prefix}: ${found} covers ${holding(prefix)}`);
    }
  });

  it('stores postings as id differences and scores, decoded back to ids in order', () => {
    const chunk = split.terms.find((item) => 'term1' in item.file.terms)!;
    const postings = decodePostings(chunk.file.terms.term1!);
    const ids = Array.from(postings.ids);
    assert.ok(ids.length > 1);
    assert.deepEqual(ids, ids.slice().sort((a, b) => a - b));
    for (const id of ids) {
      assert.match(records[id]!.c ?? '', /\bterm1\b/);
    }
    assert.ok(Array.from(postings.scores).every((score) => score > 0));
  });

  it('cuts records at page boundaries once a chunk is big enough, and keeps each chunk’s pages', () => {
    assert.ok(split.docs.length > 3, `${split.docs.length} record chunks`);
    let next = 0;
    for (const chunk of split.docs) {
      assert.equal(chunk.first, next, 'chunks follow each other');
      next += chunk.file.records.length;
      const first = chunk.file.records[0]!;
      assert.equal(first.y, 'lvl1', 'a chunk starts with a page');
      for (const record of chunk.file.records) {
        assert.deepEqual(chunk.file.pages[record.p], pages[record.p]);
      }
      assert.ok(JSON.stringify(chunk.file).length < 3 * DOC_CHUNK_CHARS);
    }
    assert.equal(next, records.length);
  });

  it('marks section starts in a bit per record', () => {
    const starts = (id: number) => id === 0 || records[id - 1]!.a !== records[id]!.a || records[id - 1]!.p !== records[id]!.p;
    const sections = sectionsOf(records.length, encodeBits(records.length, starts));
    records.forEach((_, id) => {
      assert.equal(sections[id], starts(id) ? id : sections[id - 1]);
    });
  });
});

describe('what a query fetches', () => {
  let site: FixtureSite;
  const fetched: string[] = [];
  let client: LocalSearchClient;

  before(async () => {
    site = await buildFixtureSite(CORPUS);
    client = createLocalSearchClient({
      manifestUrl: '/search/manifest.json',
      siteOrigin: ORIGIN,
      fetch: (url, init) => {
        fetched.push(new URL(url).pathname);
        return site.fetch(url, init);
      },
    });
  });
  after(() => site.cleanup());

  const search = async (query: string) => {
    fetched.length = 0;
    const {results} = await client.search({requests: [{query, hitsPerPage: 30, facetFilters: FILTERS_90}]});
    return {result: results[0]!, files: fetched.slice()};
  };

  it('the term chunks and record chunks of the indexes the filters select, no vocabulary for a word an index holds', async () => {
    const {result, files} = await search('пороги');
    assert.ok(result.nbHits > 0);
    assert.ok(files.some((file) => /\.t\d+\.[0-9a-f]+\.json$/.test(file)), files.join(' '));
    assert.ok(files.some((file) => /\.d\d+\.[0-9a-f]+\.json$/.test(file)), files.join(' '));
    assert.ok(files.every((file) => !/\.v\.[0-9a-f]+\.json$/.test(file)), 'no vocabulary: ' + files.join(' '));
    assert.ok(files.every((file) => !file.includes('docs-default-8.9')), 'not the other version');
  });

  it('nothing again for the same query: every file is kept', async () => {
    const {files} = await search('пороги');
    assert.deepEqual(files, []);
  });

  it('the vocabulary only for a word the index does not hold as typed (a typo)', async () => {
    const {result, files} = await search('пароги');
    assert.ok(result.nbHits > 0);
    assert.ok(files.some((file) => /\.v\.[0-9a-f]+\.json$/.test(file)), files.join(' '));
  });
});

describe('synonyms an index does not hold', () => {
  let site: FixtureSite;
  before(async () => {
    site = await buildFixtureSite(CORPUS, {synonyms: [['порог', 'threshold', 'трешхолд'], ['заббикс', 'zabbix']]});
  });
  after(() => site.cleanup());

  it('are marked in the manifest: a word or a word start the index has is held, others are not', async () => {
    const manifest = (await (await site.fetch(`${ORIGIN}/search/manifest.json`)).json()) as Manifest;
    const table = prepareSynonyms(manifest.synonyms);
    const entry = Object.values(manifest.indexes).find((item) => item.tag === 'docs-default-9.0')!;
    const missing = synonymsMissing(table, entry.synonymsHeld);
    assert.ok(missing.has('трешхолд'), 'not in the corpus');
    assert.ok(!missing.has('порог'), 'held as a word');
    assert.ok(!missing.has('zabbix'), 'held');
    assert.deepEqual(Array.from(synonymsMissing(table, undefined)), [], 'nothing is skipped without the bits');
  });

  it('skipping their chunks changes no result', async () => {
    const withBits = createLocalSearchClient({manifestUrl: '/search/manifest.json', siteOrigin: ORIGIN, fetch: site.fetch});
    const withoutBits = createLocalSearchClient({
      manifestUrl: '/search/manifest.json',
      siteOrigin: ORIGIN,
      fetch: async (url, init) => {
        const response = await site.fetch(url, init);
        if (!url.endsWith('/manifest.json')) return response;
        const manifest = (await response.json()) as Manifest;
        for (const entry of Object.values(manifest.indexes)) delete entry.synonymsHeld;
        return {ok: true, status: 200, json: async () => manifest};
      },
    });
    for (const query of ['пороги', 'трешхолд', 'threshold', 'заббикс', 'пор', 'трешх']) {
      const ask = (client: LocalSearchClient) => client.search({requests: [{query, hitsPerPage: 30, facetFilters: FILTERS_90}]});
      const [a, b] = await Promise.all([ask(withBits), ask(withoutBits)]);
      assert.deepEqual(
        a.results[0]!.hits.map((hit) => hit.url),
        b.results[0]!.hits.map((hit) => hit.url),
        query,
      );
    }
  });
});

describe('query rewriting', () => {
  it('drops question words and fillers when other words remain, and keeps them when they are the query', () => {
    assert.deepEqual(
      queryWords('почему не приходят сигналы').map((word) => word.text),
      ['приходят', 'сигналы'],
    );
    assert.deepEqual(queryWords('что такое КЕ').map((word) => word.text), ['КЕ']);
    assert.deepEqual(queryWords('сколько хранятся метрики').map((word) => word.text), ['хранятся', 'метрики']);
    assert.deepEqual(queryWords('что такое').map((word) => word.text), ['такое']);
  });

  it('tells a question by its first word or its question mark', () => {
    assert.equal(isQuestion('почему не приходят сигналы'), true);
    assert.equal(isQuestion('Как настроить пороги'), true);
    assert.equal(isQuestion('пороги?'), true);
    assert.equal(isQuestion('настройка порогов'), false);
  });

  describe('in the client', () => {
    let site: FixtureSite;
    let client: LocalSearchClient;
    before(async () => {
      site = await buildFixtureSite(CORPUS);
      client = createLocalSearchClient({manifestUrl: '/search/manifest.json', siteOrigin: ORIGIN, fetch: site.fetch});
    });
    after(() => site.cleanup());
    const search = async (query: string) =>
      (await client.search({requests: [{query, hitsPerPage: 30, facetFilters: FILTERS_90}]})).results[0]!;

    it('switches a Latin name typed in the Russian layout inside a Russian query, word by word', async () => {
      // «яфиишч» is «zabbix» typed with the Russian layout on.
      const result = await search('интеграция яфиишч');
      assert.equal(result.shownQuery, 'интеграция zabbix');
      assert.equal(new URL(result.hits[0]!.url).pathname, '/docs/reference/zabbix/');
    });

    it('and the other way: a Russian word typed in the Latin layout next to a Latin name', async () => {
      // «byntuhfwbz» is «интеграция» typed with the Latin layout on.
      const result = await search('byntuhfwbz zabbix');
      assert.equal(result.shownQuery, 'интеграция zabbix');
      assert.equal(new URL(result.hits[0]!.url).pathname, '/docs/reference/zabbix/');
    });

  });

  it('ranks release notes and standalone pages lower for a question, except the glossary for «что такое»', () => {
    assert.equal(tagWeight('docs-upgrade-current', 'почему не приходят сигналы'), 0.5);
    assert.equal(tagWeight('default', 'почему не приходят сигналы'), 0.7);
    assert.equal(tagWeight('docs-default-9.0', 'почему не приходят сигналы'), 1);
    assert.equal(tagWeight('default', 'что такое КЕ'), 1);
    assert.equal(tagWeight('docs-upgrade-current', 'что нового в 9.0'), 0.5);
    assert.equal(tagWeight('docs-upgrade-current', 'обновление до 9.0'), 1, 'not a question');
  });
});
