import assert from 'node:assert/strict';
import {after, before, describe, it} from 'node:test';
import {
  SCORE_SCALE,
  buildVocabulary,
  expandQuery,
  prepareSynonyms,
  queryWords,
  searchIndex,
  spellingVariants,
  typoVariants,
  type IndexedRecord,
  type TermSource,
} from '../../src/shared/search/engine';
import {scorePostings} from '../../plugins/search-index/split';
import {
  MAX_QUERY_LENGTH,
  allowedTypos,
  editDistance,
  parseSynonyms,
  sanitizeQuery,
  soundKeys,
  switchLayout,
} from '../../src/shared/search/forgiving';
import {createLocalSearchClient, type LocalSearchClient, type SearchRequest} from '../../src/search/localClient';
import {buildFixtureSite, CORPUS, ORIGIN, type FixtureSite} from '../fixtures/search/corpus';

const FILTERS_90 = ['language:ru', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-9.0', 'docusaurus_tag:docs-upgrade-current']];

describe('typo thresholds (Algolia default)', () => {
  it('allows no typo below 4 letters, one for 4–7, two from 8', () => {
    assert.equal(allowedTypos('api'), 0);
    assert.equal(allowedTypos('порг'), 1);
    assert.equal(allowedTypos('пароги'), 1);
    assert.equal(allowedTypos('метрика'), 1);
    assert.equal(allowedTypos('календарь'), 2);
    assert.equal(allowedTypos('kubernetes'), 2);
  });

  it('allows none on numbers, versions, codes and identifiers', () => {
    for (const word of ['max_connections', 'source.ZabbixHosts', 'ZabbixHosts', '9.0.6', '8080', 'k8s', 'SNMP', 'http-probe2']) {
      assert.equal(allowedTypos(word), 0, word);
    }
  });

  it('allows one typo in an identifier of 12 letters or more, none in a shorter one', () => {
    assert.equal(allowedTypos('CreateSignalExpnded'), 1);
    assert.equal(allowedTypos('vmwareTopologySyns'), 1);
    assert.equal(allowedTypos('ZabbixHosts'), 0, '11 letters');
    assert.equal(allowedTypos('successConfig.timeout'), 0, 'a code with a joiner');
    const vocabulary = buildVocabulary(['createsignalexpanded', 'createsignalsbatch', 'zabbixhosts']);
    assert.deepEqual(typoVariants({term: 'createsignalexpnded', text: 'CreateSignalExpnded'}, vocabulary), ['createsignalexpanded']);
    assert.deepEqual(typoVariants({term: 'zabixhosts', text: 'ZabixHosts'}, vocabulary), []);
  });

  it('counts hyphenated words by their letters', () => {
    assert.equal(allowedTypos('бизнес-процесы'), 2);
  });

  it('counts a transposition as one edit (Damerau)', () => {
    assert.equal(editDistance('агент', 'агнет', 2), 1);
    assert.equal(editDistance('порог', 'парог', 2), 1);
    assert.equal(editDistance('kubernetes', 'kuberentes', 2), 1);
    assert.equal(editDistance('метрик', 'метирк', 2), 1);
    assert.equal(editDistance('сигнал', 'сигнлы', 2), 2);
    assert.equal(editDistance('abc', 'xyz', 1), 2, 'stops as soon as the distance exceeds the limit');
  });

  it('finds index terms within the limit of the typed word, and never for identifiers', () => {
    const vocabulary = buildVocabulary(['порог', 'пороговый', 'метрик', 'агент', 'max_connections', 'connections']);
    assert.deepEqual(typoVariants({term: 'парог', text: 'пароги'}, vocabulary), ['порог']);
    assert.deepEqual(typoVariants({term: 'агнет', text: 'агнет'}, vocabulary), ['агент']);
    assert.deepEqual(typoVariants({term: 'max_conections', text: 'max_conections'}, vocabulary), []);
    assert.deepEqual(typoVariants({term: 'пор', text: 'пор'}, vocabulary), [], 'three letters: no typo');
  });
});

describe('typo ranking', () => {
  it('ranks exact and stem matches above typo matches, whatever the field', async () => {
    const pages = [
      {u: '/a/', s: 'S', t: 'Пороги'},
      {u: '/b/', s: 'S', t: 'Раздел'},
    ];
    const records: IndexedRecord[] = [
      {p: 0, y: 'lvl1', a: null, h: [], c: null},
      {p: 1, y: 'lvl1', a: null, h: [], c: null},
      {p: 1, y: 'content', a: null, h: [], c: 'Здесь упомянут парогенератор, один раз.'},
    ];
    // The scores the indexer writes, served as the client serves them from the loaded term chunks.
    const postings = scorePostings(pages, records);
    const source: TermSource = {
      postings: (term) => {
        const list = postings.get(term);
        return list && {ids: Int32Array.from(list.map(([id]) => id)), scores: Float32Array.from(list.map(([, score]) => score / SCORE_SCALE))};
      },
      extensions: (prefix) => Array.from(postings.keys()).filter((term) => term.startsWith(prefix) && term !== prefix),
    };
    const vocabulary = buildVocabulary(Array.from(postings.keys()));
    const matches = searchIndex(source, expandQuery(queryWords('пароги'), vocabulary), 'and');
    const byId = new Map(matches.map((match) => [match.id, match]));
    // «пароги» (stem «парог») starts «парогенератор» in body text; the title «Пороги» is one typo away.
    assert.equal(byId.get(2)?.typos, 0, 'prefix of the stem: no typo');
    assert.equal(byId.get(0)?.typos, 1, 'one edit: a typo');
    assert.ok(byId.get(0)!.score > byId.get(2)!.score, 'by score alone the title would come first');
    const ranked = matches.sort((a, b) => a.typos - b.typos || b.score - a.score).map((match) => match.id);
    assert.deepEqual(ranked, [2, 0]);
    // A word the index holds as typed gets no typo variants at all.
    const exact = searchIndex(source, expandQuery(queryWords('пороги'), vocabulary), 'and');
    assert.deepEqual(exact.map((match) => match.id), [0]);
  });
});

describe('keyboard layout', () => {
  it('converts QWERTY to ЙЦУКЕН, punctuation keys included', () => {
    assert.equal(switchLayout('gjhjub'), 'пороги');
    assert.equal(switchLayout('yfcnhjqrf gjhjujd'), 'настройка порогов');
    assert.equal(switchLayout('jnx`ns'), 'отчёты');
    assert.equal(switchLayout('hf,jxbt uheggs'), 'рабочие группы');
    assert.equal(switchLayout('Vtnhbrb'), 'Метрики');
  });

  it('converts ЙЦУКЕН to QWERTY', () => {
    assert.equal(switchLayout('яфиишч'), 'zabbix');
    assert.equal(switchLayout('ьщтйсед'), 'monqctl');
    assert.equal(switchLayout('лгиуктуеуы'), 'kubernetes');
  });

  it('leaves mixed alphabets and queries without letters alone', () => {
    assert.equal(switchLayout('настройка zabbix'), null);
    assert.equal(switchLayout('9.0.6'), null);
    assert.equal(switchLayout(''), null);
  });
});

describe('transliteration', () => {
  const shares = (a: string, b: string) => soundKeys(a).some((key) => soundKeys(b).includes(key));

  it('gives Cyrillic spellings and Latin names one sound key', () => {
    assert.ok(shares('заббикс', 'zabbix'));
    assert.ok(shares('прометеус', 'prometheus'));
    assert.ok(shares('монкцтл', 'monqctl'));
    assert.ok(shares('кубернетес', 'kubernetes'));
    assert.ok(shares('сислог', 'syslog'));
    assert.ok(shares('логсташ', 'logstash'));
    assert.ok(shares('сервис', 'service'));
    assert.ok(!shares('порог', 'zabbix'));
  });

  it('finds the other spelling in the index, with the dictionary for what the rule misses', () => {
    const vocabulary = buildVocabulary(['zabbix', 'prometheus', 'monqctl', 'vmware', 'порог', 'метрик']);
    const terms = (text: string) =>
      spellingVariants({term: text, text}, vocabulary).map((alternative) => alternative.terms.join(' '));
    assert.deepEqual(terms('заббикс'), ['zabbix']);
    assert.deepEqual(terms('монкцтл'), ['monqctl']);
    assert.deepEqual(terms('вэмвэр'), ['vmware']);
    assert.deepEqual(terms('porogi'), ['порог']);
  });

  it('finds nothing for a word whose sound key collapses to a letter or none (ъъъ, zzzz)', () => {
    const vocabulary = buildVocabulary(['a', 'io', 'ui', 'z', 'ok', 'zabbix', 'порог', 'и', 'ы']);
    const terms = (text: string) =>
      spellingVariants({term: text, text}, vocabulary).map((alternative) => alternative.terms.join(' '));
    assert.deepEqual(terms('ъъъъъъъъъ'), []);
    assert.deepEqual(terms('zzzzzzzzz'), []);
    assert.deepEqual(terms('ыыыыыы'), []);
    // a real word still finds its spelling in the other alphabet, and one typo in it
    assert.deepEqual(terms('заббикс'), ['zabbix']);
    assert.deepEqual(terms('заббиск'), ['zabbix']);
  });
});

describe('synonyms', () => {
  it('parses one group a line, members separated by slashes, comments dropped', () => {
    const groups = parseSynonyms('# comment\nалерт / сигнал / alert\n\nstream / поток данных # jargon\nодно слово\n');
    assert.deepEqual(groups, [['алерт', 'сигнал', 'alert'], ['stream', 'поток данных']]);
  });

  it('expands a word or a phrase of the query into every member of its group', () => {
    const synonyms = prepareSynonyms([['стрим', 'поток данных'], ['service model', 'РСМ']]);
    const one = expandQuery(queryWords('стримы'), null, synonyms);
    assert.equal(one.length, 1);
    assert.ok(one[0]!.alternatives.some((a) => a.terms.join(' ') === 'поток дан'));
    const phrase = expandQuery(queryWords('service model api'), null, synonyms);
    assert.equal(phrase.length, 2, 'the phrase is one slot');
    assert.ok(phrase[0]!.alternatives.some((a) => a.terms.join(' ') === 'рсм'));
  });
});

describe('query sanitizing', () => {
  it('drops control characters and bidi marks and caps the length', () => {
    assert.equal(sanitizeQuery('по\u0000ро\u202eги\u200f'), 'по ро ги');
    assert.equal(sanitizeQuery('x'.repeat(100000)).length, MAX_QUERY_LENGTH);
  });
});

describe('forgiving local search on the fixture site', () => {
  let site: FixtureSite;
  let client: LocalSearchClient;
  const search = async (query: string, extra: Partial<SearchRequest> = {}) => {
    const {results} = await client.search({requests: [{query, hitsPerPage: 30, facetFilters: FILTERS_90, ...extra}]});
    return results[0]!;
  };
  const pages = (hits: Array<{url_without_anchor: string}>) => hits.map((h) => h.url_without_anchor.slice(ORIGIN.length));

  before(async () => {
    site = await buildFixtureSite(CORPUS, {synonyms: [['алерт', 'сигнал'], ['threshold', 'порог']]});
    client = createLocalSearchClient({manifestUrl: '/search/manifest.json', siteOrigin: ORIGIN, fetch: site.fetch});
  });
  after(() => site.cleanup());

  it('finds a word with a typo, ranked below exact matches', async () => {
    const typo = await search('пароги');
    assert.equal(pages(typo.hits)[0], '/docs/guide/thresholds/');
    assert.equal(typo.shownQuery, undefined);
    assert.equal((await search('метирки')).hits[0]?.hierarchy.lvl1, 'Метрики');
  });

  it('never forgives a typo in an identifier', async () => {
    assert.equal((await search('max_conections')).nbHits, 0);
    assert.ok((await search('max_connections')).nbHits > 0);
  });

  it('shows the results of the other keyboard layout, unless asked for the query as typed', async () => {
    const switched = await search('gjhjub');
    assert.equal(switched.shownQuery, 'пороги');
    assert.equal(switched.query, 'gjhjub');
    assert.equal(pages(switched.hits)[0], '/docs/guide/thresholds/');
    const verbatim = await search('gjhjub', {monqVerbatim: true});
    assert.equal(verbatim.shownQuery, undefined);
    assert.equal(verbatim.nbHits, 0);
    const correct = await search('пороги');
    assert.equal(correct.shownQuery, undefined, 'a query that matches as typed is never switched');
    const stray = await search('щъщъщзюхх');
    assert.equal(stray.shownQuery, undefined, 'stray keys in the other layout are not a better match');
    assert.equal(stray.nbHits, 0);
  });

  it('finds a Latin name by its Cyrillic spelling', async () => {
    const result = await search('заббикс');
    assert.equal(pages(result.hits)[0], '/docs/reference/zabbix/');
    assert.ok(result.hits[0]!._highlightResult.hierarchy.lvl1!.value.includes('<mark>Zabbix</mark>'));
  });

  it('expands synonyms from the manifest at query time', async () => {
    assert.ok(pages((await search('алерты')).hits).includes('/docs/guide/signal-one/'));
    assert.equal(pages((await search('threshold')).hits)[0], '/docs/guide/thresholds/');
  });

  it('stays harmless on hostile input', async () => {
    const html = await search('<img src=x onerror=alert(1)> пороги');
    for (const hit of html.hits) {
      assert.ok(!JSON.stringify(hit._highlightResult).includes('<img'));
    }
    const long = await search('пороги '.repeat(20000));
    assert.ok(long.nbHits > 0);
    const controls = await search('\u202eпороги\u0000\u200f');
    assert.equal(pages(controls.hits)[0], '/docs/guide/thresholds/');
  });
});
