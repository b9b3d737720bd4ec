/**
 * The local search backend: an Algolia-shaped client answering DocSearch's multi-queries
 * (`search({requests})`) from the prebuilt, split index that plugins/search-index wrote next to the
 * site (`search/manifest.json`, then per index: term chunks, record chunks, a vocabulary). It runs in
 * the search worker (src/search/worker.ts), and in Node for the tests and the benchmark. No request
 * ever leaves the site's own origin.
 *
 * - The request's `facetFilters` choose the indexes (language, tag, version) and apply to every hit.
 * - A query fetches the term chunks of its words, the vocabulary only when a word is not in the index
 *   as typed (typos, spellings), and the record chunks of the hits it returns. Every file is fetched
 *   once and kept.
 * - All query words first; when no record holds them all, any word, ranked by how many words a
 *   record holds.
 * - A failed load throws an error named `RetryError`, the name DocSearch checks; the next search
 *   tries to load again.
 */
import {
  INDEX_FORMAT,
  chunkOf,
  chunksOfPrefix,
  decodePostings,
  docChunkPath,
  expandQuery,
  firstAtLeast,
  prepareSynonyms,
  synonymsMissing,
  queryWords,
  searchIndex,
  sectionsOf,
  termChunkPath,
  termsOfSlots,
  vocabularyPath,
  buildVocabulary,
  type DocChunkFile,
  type IndexedPage,
  type IndexedRecord,
  type Manifest,
  type ManifestEntry,
  type Match,
  type Postings,
  type QueryWord,
  type Slot,
  type SynonymTable,
  type TermChunkFile,
  type TermSource,
  type Vocabulary,
  type VocabularyFile,
} from '../shared/search/engine';
import {MAX_EXPANDED_WORDS, MAX_QUERY_WORDS, sanitizeQuery, switchLayout} from '../shared/search/forgiving';
import {highlightAndSnippet, matcherFor, type HighlightTags, type HighlightValue} from './highlight';
import {RetryError} from './errors';
import {foldCase, isQuestion, normalizeToken, queryTerms} from '../shared/search/text';

const HIERARCHY_LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
type HierarchyLevel = (typeof HIERARCHY_LEVELS)[number];
type Marked = {hierarchy: Partial<Record<HierarchyLevel, HighlightValue>>; content?: HighlightValue};

export interface LocalHit {
  objectID: string;
  url: string;
  url_without_anchor: string;
  anchor: string | null;
  type: IndexedRecord['y'];
  content: string | null;
  hierarchy: Record<HierarchyLevel, string | null>;
  language: string;
  version: string | null;
  docusaurus_tag: string;
  _highlightResult: Marked;
  _snippetResult: Marked;
}

export interface SearchResponse {
  hits: LocalHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  exhaustiveNbHits: true;
  query: string;
  params: string;
  index: string;
  processingTimeMS: number;
  /** Local extension: `and` when every word matched, `or` for the any-word fallback. */
  matchMode: 'and' | 'or' | 'none';
  /**
   * Local extension: set when the query typed in the other keyboard layout matched better and its
   * results are shown: the converted query («пороги» for «gjhjub»). `query` stays as typed.
   */
  shownQuery?: string;
}

/** Facet filters as Algolia takes them: AND of entries, OR inside nested arrays. */
export type FacetFilters = string | ReadonlyArray<string | ReadonlyArray<string>>;

/** A request as DocSearch 4.7 and our own callers send it: the parameters as fields. */
export interface SearchRequest {
  indexName?: string;
  query?: string;
  hitsPerPage?: number;
  page?: number;
  facetFilters?: FacetFilters;
  highlightPreTag?: string;
  highlightPostTag?: string;
  attributesToSnippet?: string[];
  snippetEllipsisText?: string;
  /** Local extension: search the query exactly as typed, no layout switch. */
  monqVerbatim?: boolean;
  [key: string]: unknown;
}

export type Fetcher = (url: string, init?: RequestInit) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;

export interface LocalSearchClientOptions {
  /** URL of `search/manifest.json` (absolute, or relative to `siteOrigin`). */
  manifestUrl: string;
  /** Origin used for the absolute hit URLs DocSearch needs: `http://127.0.0.1:3000`. */
  siteOrigin: string;
  /** Site base URL (`/`): the index file paths in the manifest are relative to it. */
  baseUrl?: string;
  /** Defaults to the global `fetch`. */
  fetch?: Fetcher;
  /** Default hits per page when a request names none (DocSearch: 20, our config: 30). */
  defaultHitsPerPage?: number;
}

/** The files of one index that queries have loaded so far. */
interface LoadedIndex extends TermSource {
  entry: ManifestEntry;
  /** Loads the term chunks that hold these terms, and those of terms starting with the prefixes. */
  ensureTerms(need: {terms: string[]; prefixes: string[]}): Promise<void>;
  /** Does the index hold the term (its chunk loaded)? */
  has(term: string): boolean;
  vocabulary(): Promise<Vocabulary>;
  /** Loads the record chunks of these records. */
  ensureRecords(ids: number[]): Promise<void>;
  record(id: number): {record: IndexedRecord; page: IndexedPage};
  /** The first record of the record's section (heading and text under it: one address). */
  sectionOf(id: number): number;
}

type Facets = Record<string, string | null>;

const RECORD_FACET_RE = /^-?type:/;

function normalizeFacetFilters(filters: unknown): string[][] {
  if (filters === undefined || filters === null || filters === '') {
    return [];
  }
  if (typeof filters === 'string') {
    return [[filters]];
  }
  if (!Array.isArray(filters)) {
    return [];
  }
  return filters.map((entry: unknown) =>
    Array.isArray(entry) ? entry.map(String) : [String(entry)],
  );
}

function facetMatches(filter: string, facets: Facets): boolean {
  const colon = filter.indexOf(':');
  if (colon < 0) {
    return false;
  }
  const name = filter.slice(0, colon).trim();
  let value = filter.slice(colon + 1).trim();
  let negate = false;
  if (value.startsWith('-')) {
    negate = true;
    value = value.slice(1);
  } else if (name.startsWith('-')) {
    return !facetMatches(filter.slice(1), facets);
  }
  if (!(name in facets)) {
    return negate;
  }
  const equal = facets[name] === value;
  return negate ? !equal : equal;
}

/** Do the facets satisfy every group of the filters (a group = OR of filters)? */
function facetFiltersMatch(groups: string[][], facets: Facets): boolean {
  return groups.every((group) => group.length === 0 || group.some((filter) => facetMatches(filter, facets)));
}

function snippetWords(attributesToSnippet: unknown, attribute: string, fallback: number): number {
  if (!Array.isArray(attributesToSnippet)) {
    return fallback;
  }
  for (const entry of attributesToSnippet) {
    const [name, count] = String(entry).split(':');
    if (name === attribute || name === '*') {
      const parsed = Number(count);
      return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
    }
  }
  return fallback;
}

export interface LocalSearchClient {
  search(input: {requests: SearchRequest[]}): Promise<{results: SearchResponse[]}>;
  /** Loads the manifest and the indexes the filters select (to warm up). */
  preload(facetFilters?: FacetFilters): Promise<void>;
  /** Versions present in the manifest (for the search page's version choice). */
  manifest(): Promise<Manifest>;
}

/** A word of Latin letters, three or more: what a Latin name typed in the Russian layout turns back into. */
const LATIN_WORD_RE = /^[A-Za-z]{3,}$/;

/** Most term chunks a prefix of the query is extended in (a one- or two-letter word spans many). */
const MAX_PREFIX_CHUNKS = 2;

/**
 * Question-shaped queries («почему…», «как…», «что такое…») look for the documentation: release notes
 * and standalone pages rank lower, except the glossary-like pages for «что такое / что значит».
 */
export function tagWeight(tag: string, query: string): number {
  if (!isQuestion(query) || tag.startsWith('docs-default')) {
    return 1;
  }
  if (tag === 'default' && /^\s*что\s+(такое|значит|означает)/i.test(query)) {
    return 1;
  }
  return tag.startsWith('docs-upgrade') ? 0.5 : 0.7;
}

/** How much more the records of the guide that explains an abbreviation score («КЕ», «РГ»). */
const ABBREVIATION_BOOST = 3;
/** Queries of at most this many words are read as an abbreviation lookup. */
const ABBREVIATION_QUERY_WORDS = 3;
/** Pages of a how-to question's other words whose titles are compared with it. */
const HOW_TO_CANDIDATES = 8;

/**
 * A how-to question, «как <глагол> <что>»: the verb and the words after it, or null. «как добавить
 * администраторов» → «добавить», «администраторов».
 */
export function howToParts(query: string): {verb: string; rest: string} | null {
  const words = query.trim().split(/\s+/);
  if (words.length < 3 || foldCase(words[0]!) !== 'как') return null;
  return {verb: words[1]!, rest: words.slice(2).join(' ')};
}

/** Two index terms name the same word: equal, or one a stem of the other (добав, добавлен). */
function sameWord(a: string, b: string): boolean {
  return a === b || (Math.min(a.length, b.length) >= 4 && (a.startsWith(b) || b.startsWith(a)));
}

/**
 * How a page title answers a how-to question: 0 when it does not, 1 when the title is the question's
 * other words (every title word among them and every one of them in the title), 2 when the title
 * also names the task's verb («Добавление администраторов» for «как добавить администраторов»). A
 * step label («Шаг 1.») and numbers in the title do not count.
 */
export function howToTitleMatch(verb: string, rest: string, title: string): number {
  const titleTerms = queryTerms(title.replace(/^\p{L}+\s+\d+\.\s+/u, '')).filter((term) => !/^\d+$/.test(term));
  const restTerms = queryTerms(rest);
  const verbTerms = queryTerms(verb);
  if (titleTerms.length === 0 || restTerms.length === 0) return 0;
  const asked = restTerms.concat(verbTerms);
  if (!titleTerms.every((term) => asked.some((other) => sameWord(term, other)))) return 0;
  if (!restTerms.every((term) => titleTerms.some((other) => sameWord(term, other)))) return 0;
  return verbTerms.some((term) => titleTerms.some((other) => sameWord(term, other))) ? 2 : 1;
}

/** Below this many records holding every word, those holding most of them are added after them. */
const FEW_HITS = 5;

/** How much of the rest of its page's score a record gets: a page about the words ranks above a mention. */
const PAGE_SHARE = 0.1;

/**
 * Each record also scores a share of what the other records of its page score: of two sections that
 * hold the words alike, the one whose page treats the subject throughout ranks first.
 */
function withPageScores(entry: ManifestEntry, matches: Match[]): Match[] {
  const pageOf = (id: number) => chunkOf(entry.pageStarts, id);
  const sums = new Map<number, number>();
  for (const match of matches) {
    const page = pageOf(match.id);
    sums.set(page, (sums.get(page) ?? 0) + match.score);
  }
  return matches.map((match) => ({...match, score: match.score + PAGE_SHARE * (sums.get(pageOf(match.id))! - match.score)}));
}

/**
 * The page of an index that explains an abbreviation the query is made of («КЕ», «что такое РГ»), or
 * null: the query is short and one of its words is an abbreviation of the glossary.
 */
function explainedPage(entry: ManifestEntry, words: QueryWord[]): number | null {
  if (!entry.abbreviations || words.length === 0 || words.length > ABBREVIATION_QUERY_WORDS) return null;
  for (const word of words) {
    const page = entry.abbreviations[word.term];
    if (page !== undefined) return page;
  }
  return null;
}

export function createLocalSearchClient(options: LocalSearchClientOptions): LocalSearchClient {
  const doFetch: Fetcher = options.fetch ?? ((url, init) => fetch(url, init));
  const baseUrl = (options.baseUrl ?? '/').replace(/\/?$/, '/');
  const defaultHitsPerPage = options.defaultHitsPerPage ?? 20;
  const resolve = (path: string) => new URL(path, options.siteOrigin).href;
  const manifestLoad = new Map<string | number, Promise<Manifest>>();
  let synonyms: SynonymTable = prepareSynonyms([]);
  const indexes = new Map<string, LoadedIndex>();

  async function fetchJson<T>(url: string): Promise<T> {
    let response: Awaited<ReturnType<Fetcher>>;
    try {
      response = await doFetch(url, {credentials: 'same-origin'});
    } catch (error) {
      throw new RetryError(`Search index unreachable: ${url} (${String(error)})`, url, 0);
    }
    if (!response.ok) {
      throw new RetryError(`Search index unavailable: ${url} (HTTP ${response.status})`, url, response.status);
    }
    let json: T & {format?: unknown};
    try {
      json = (await response.json()) as T & {format?: unknown};
    } catch (error) {
      throw new RetryError(`Search index unreadable: ${url} (${String(error)})`, url, response.status);
    }
    if (!json || json.format !== INDEX_FORMAT) {
      throw new RetryError(`Search index has an unknown format: ${url}`, url, 200);
    }
    return json;
  }

  /** One fetch per file; a failed one is forgotten, so that the next search tries again. */
  function once<T>(cache: Map<string | number, Promise<T>>, key: string | number, load: () => Promise<T>): Promise<T> {
    let promise = cache.get(key);
    if (!promise) {
      promise = load();
      cache.set(key, promise);
      promise.catch(() => cache.delete(key));
    }
    return promise;
  }

  function getManifest(): Promise<Manifest> {
    const url = resolve(options.manifestUrl);
    return once(manifestLoad, 0, () =>
      fetchJson<Manifest>(url).then((manifest) => {
        if (typeof manifest.indexes !== 'object' || manifest.indexes === null) {
          throw new RetryError(`Search manifest has an unknown format: ${url}`, url, 200);
        }
        synonyms = prepareSynonyms(Array.isArray(manifest.synonyms) ? manifest.synonyms : []);
        return manifest;
      }),
    );
  }

  function openIndex(entry: ManifestEntry): LoadedIndex {
    const known = indexes.get(entry.name);
    if (known && known.entry === entry) {
      return known;
    }
    const termLoads = new Map<string | number, Promise<void>>();
    const docLoads = new Map<string | number, Promise<void>>();
    const vocabularyLoad = new Map<string | number, Promise<Vocabulary>>();
    /** Raw postings by term, decoded on first use; sorted terms of each loaded chunk. */
    const raw = new Map<string, number[]>();
    const decoded = new Map<string, Postings>();
    const chunkTerms = new Map<number, string[]>();
    const records = new Map<number, IndexedRecord>();
    const pages = new Map<number, IndexedPage>();
    const file = (path: string) => resolve(baseUrl + path);
    let sections: Int32Array | null = null;

    const loadTermChunk = (chunk: number) =>
      once(termLoads, chunk, async () => {
        const data = await fetchJson<TermChunkFile>(file(termChunkPath(entry, chunk)));
        const terms = Object.keys(data.terms).sort();
        for (const term of terms) {
          raw.set(term, data.terms[term]!);
        }
        chunkTerms.set(chunk, terms);
      });
    const loadDocChunk = (chunk: number) =>
      once(docLoads, chunk, async () => {
        const data = await fetchJson<DocChunkFile>(file(docChunkPath(entry, chunk)));
        data.records.forEach((record, offset) => records.set(data.first + offset, record));
        for (const [index, page] of Object.entries(data.pages)) {
          pages.set(Number(index), page);
        }
      });

    let missing: Set<string> | null = null;

    const index: LoadedIndex = {
      entry,
      async ensureTerms({terms, prefixes}) {
        // Synonyms this index does not hold, as words or word starts: their chunks would hold nothing.
        missing ??= synonymsMissing(synonyms, entry.synonymsHeld);
        const chunks = new Set<number>();
        for (const term of terms) {
          if (!missing.has(term)) chunks.add(chunkOf(entry.terms.first, term));
        }
        for (const prefix of prefixes) {
          if (missing.has(prefix)) continue;
          chunksOfPrefix(entry.terms.first, prefix)
            .slice(0, MAX_PREFIX_CHUNKS)
            .forEach((chunk) => chunks.add(chunk));
        }
        await Promise.all(Array.from(chunks).map(loadTermChunk));
      },
      has: (term) => raw.has(term),
      postings(term) {
        let postings = decoded.get(term);
        if (!postings) {
          const flat = raw.get(term);
          if (!flat) return undefined;
          postings = decodePostings(flat);
          decoded.set(term, postings);
        }
        return postings;
      },
      extensions(prefix) {
        const out: string[] = [];
        for (const chunk of chunksOfPrefix(entry.terms.first, prefix).slice(0, MAX_PREFIX_CHUNKS)) {
          const terms = chunkTerms.get(chunk);
          if (!terms) continue;
          for (let i = firstAtLeast(terms, prefix); i < terms.length && terms[i]!.startsWith(prefix); i++) {
            if (terms[i] !== prefix) out.push(terms[i]!);
          }
        }
        return out;
      },
      vocabulary: () =>
        once(vocabularyLoad, 0, async () => {
          const data = await fetchJson<VocabularyFile>(file(vocabularyPath(entry)));
          return buildVocabulary(data.terms);
        }),
      async ensureRecords(ids) {
        const chunks = new Set<number>();
        for (const id of ids) {
          if (!records.has(id)) chunks.add(chunkOf(entry.docs.first, id));
        }
        await Promise.all(Array.from(chunks).map(loadDocChunk));
      },
      sectionOf(id) {
        sections ??= sectionsOf(entry.records, entry.sections);
        return sections[id] ?? id;
      },
      record(id) {
        const record = records.get(id);
        const page = record ? pages.get(record.p) : undefined;
        if (!record || !page) {
          throw new RetryError(`Search record ${entry.name}:${id} is not loaded`, entry.name, 200);
        }
        return {record, page};
      },
    };
    indexes.set(entry.name, index);
    return index;
  }

  async function selectIndexes(groups: string[][]): Promise<LoadedIndex[]> {
    const manifest = await getManifest();
    // Record-level facets (`type:`) cannot choose indexes: they are checked per hit.
    const fileGroups = groups.filter((group) => !group.some((filter) => RECORD_FACET_RE.test(filter)));
    return Object.values(manifest.indexes)
      .filter((entry) =>
        facetFiltersMatch(fileGroups, {language: entry.language, docusaurus_tag: entry.tag, version: entry.version}),
      )
      .map(openIndex);
  }

  /**
   * The slots of a query for each index, with every term chunk they need loaded. Typo and spelling
   * variants (and so the vocabularies) only for a word that no selected index holds as typed, unless
   * it is the last word and an index holds longer words that start with it (the reader is typing it).
   */
  async function slotsFor(selected: LoadedIndex[], words: QueryWord[]): Promise<Slot[][]> {
    const base = expandQuery(words, null, synonyms, MAX_EXPANDED_WORDS);
    await Promise.all(selected.map((index) => index.ensureTerms(termsOfSlots(base))));
    const last = words.length - 1;
    const needy = new Set(
      words.filter(
        (word, i) =>
          i < MAX_EXPANDED_WORDS &&
          !selected.some((index) => index.has(word.term) || (i === last && index.extensions(word.term).length > 0)),
      ),
    );
    if (needy.size === 0) {
      return selected.map(() => base);
    }
    return Promise.all(
      selected.map(async (index) => {
        const vocabulary = await index.vocabulary();
        const slots = expandQuery(words, vocabulary, synonyms, MAX_EXPANDED_WORDS, (word) => needy.has(word));
        await index.ensureTerms(termsOfSlots(slots));
        return slots;
      }),
    );
  }

  /**
   * A query whose Latin names were typed in the Russian layout, or Russian words in the Latin one,
   * amid words typed right («настройка ыныдщп» → «настройка syslog»): each word that no index holds
   * as typed but holds in the other layout is switched. With `loose` (the query as typed does not
   * match every word), a word the index holds in neither form is switched too when it reads as a Latin word
   * in the other layout: the typo rule then finds the name it misspells. Null when no word is.
   */
  async function switchWords(text: string, selected: LoadedIndex[], loose = false): Promise<string | null> {
    const parts = text.split(' ');
    if (parts.length < 2) {
      return null;
    }
    const candidates = parts.map((part) => {
      const switched = /^[\p{L}[\];',.`{}:"<>~]+$/u.test(part) ? switchLayout(part) : null;
      const typed = normalizeToken(part);
      const other = switched === null ? null : normalizeToken(switched);
      return typed !== null && other !== null && switched !== null ? {typed, other, switched} : null;
    });
    const terms = candidates.flatMap((candidate) => (candidate ? [candidate.typed, candidate.other] : []));
    if (terms.length === 0) {
      return null;
    }
    await Promise.all(selected.map((index) => index.ensureTerms({terms, prefixes: []})));
    const held = (term: string) => selected.some((index) => index.has(term));
    let changed = false;
    const out = parts.map((part, i) => {
      const candidate = candidates[i];
      if (candidate && !held(candidate.typed) && (held(candidate.other) || (loose && LATIN_WORD_RE.test(candidate.switched)))) {
        changed = true;
        return candidate.switched;
      }
      return part;
    });
    return changed ? out.join(' ') : null;
  }

  function toHit(loaded: LoadedIndex, match: Match, tags: HighlightTags, request: SearchRequest, termCount: number): LocalHit {
    const {entry} = loaded;
    const {record, page} = loaded.record(match.id);
    const texts = [page.s, page.t].concat(record.h);
    const hierarchy = Object.fromEntries(HIERARCHY_LEVELS.map((level, i) => [level, texts[i] ?? null])) as LocalHit['hierarchy'];
    const matches = matcherFor(match.terms);
    const ellipsis = typeof request.snippetEllipsisText === 'string' ? request.snippetEllipsisText : '…';
    const highlighted: Marked = {hierarchy: {}};
    const snippets: Marked = {hierarchy: {}};
    const mark = (text: string, attribute: string, words: number) =>
      highlightAndSnippet(text, matches, tags, snippetWords(request.attributesToSnippet, attribute, words), ellipsis, termCount);
    for (const level of HIERARCHY_LEVELS) {
      const text = hierarchy[level];
      if (text !== null) {
        ({highlight: highlighted.hierarchy[level], snippet: snippets.hierarchy[level]} = mark(text, `hierarchy.${level}`, 1000));
      }
    }
    if (record.c !== null) {
      ({highlight: highlighted.content, snippet: snippets.content} = mark(record.c, 'content', 30));
    }
    const urlWithoutAnchor = resolve(page.u);
    return {
      objectID: `${entry.tag}:${match.id}`,
      url: record.a ? `${urlWithoutAnchor}#${record.a}` : urlWithoutAnchor,
      url_without_anchor: urlWithoutAnchor,
      anchor: record.a,
      type: record.y,
      content: record.c,
      hierarchy,
      language: entry.language,
      version: entry.version,
      docusaurus_tag: entry.tag,
      _highlightResult: highlighted,
      _snippetResult: snippets,
    };
  }

  type Found = {loaded: LoadedIndex; match: Match};
  interface RunResult {
    found: Found[];
    mode: SearchResponse['matchMode'];
    termCount: number;
  }

  /** A hit's section (heading and text under it: one address). */
  const sectionKey = ({loaded, match}: Found) => `${loaded.entry.name}:${loaded.sectionOf(match.id)}`;

  /** The best hit of each section only: its other records have the same address. */
  function distinct(found: Found[]): Found[] {
    const seen = new Set<string>();
    return found.filter((item) => {
      const key = sectionKey(item);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }

  /** How well a result list answers its query: every word, then fewer typos. */
  function quality(result: RunResult): number {
    const best = result.found[0];
    if (!best) {
      return 0;
    }
    const coverage = result.mode === 'and' ? 1 : best.match.matchedQueryTerms / Math.max(1, result.termCount);
    return 1 + coverage * 10 - best.match.typos;
  }

  /** Only a clean match counts for a switched layout: every word, no typo. */
  const isClean = (result: RunResult) => result.mode === 'and' && result.found[0]?.match.typos === 0;
  /**
   * A switched query that needs one typo to match counts too when the query as typed does not match
   * every word («ытьзз» is «snmpp», one letter more than «snmp»): switch first, then the typo rule.
   */
  const isSwitchedTypo = (result: RunResult, typed: RunResult) =>
    typed.mode !== 'and' && result.mode === 'and' && (result.found[0]?.match.typos ?? 2) <= 1;

  /**
   * A how-to question ranks first the pages whose title is the task it asks about: the pages found
   * for its other words are compared by title (`howToTitleMatch`), the ones that match come first,
   * those naming the verb too before the others.
   */
  async function titlesFirst(howTo: {verb: string; rest: string}, found: Found[], selected: LoadedIndex[]): Promise<Found[]> {
    const restWords = queryWords(howTo.rest, MAX_QUERY_WORDS);
    if (restWords.length === 0 || selected.length === 0) return found;
    const slotsByIndex = await slotsFor(selected, restWords);
    const pageStarts: Found[] = [];
    selected.forEach((loaded, i) => {
      for (const match of searchIndex(loaded, slotsByIndex[i]!, 'and', loaded.entry.records)) {
        const page = chunkOf(loaded.entry.pageStarts, match.id);
        if (loaded.entry.pageStarts[page] === match.id) pageStarts.push({loaded, match});
      }
    });
    const candidates = pageStarts.sort((a, b) => b.match.score - a.match.score).slice(0, HOW_TO_CANDIDATES);
    await loadRecords(candidates);
    const titled = candidates
      .map((item) => ({item, level: howToTitleMatch(howTo.verb, howTo.rest, item.loaded.record(item.match.id).page.t)}))
      .filter(({level}) => level > 0)
      .sort((a, b) => b.level - a.level);
    if (titled.length === 0) return found;
    // Each titled page is represented by its best hit of the question itself (a section headed with
    // the very question stays), or else by its title.
    const pageKey = ({loaded, match}: Found) => `${loaded.entry.name}:${chunkOf(loaded.entry.pageStarts, match.id)}`;
    const first = titled.map(({item}) => found.find((hit) => pageKey(hit) === pageKey(item)) ?? item);
    const taken = new Set(first.map(sectionKey));
    return first.concat(found.filter((item) => !taken.has(sectionKey(item))));
  }

  /** Loads the record chunks of these hits. */
  async function loadRecords(found: Found[]): Promise<void> {
    const indexesOf = Array.from(new Set(found.map(({loaded}) => loaded)));
    await Promise.all(indexesOf.map((loaded) => loaded.ensureRecords(found.filter((f) => f.loaded === loaded).map((f) => f.match.id))));
  }

  async function searchOne(request: SearchRequest): Promise<SearchResponse> {
    const started = Date.now();
    const query = typeof request.query === 'string' ? request.query : '';
    const hitsPerPage = Math.max(1, Math.min(1000, Number(request.hitsPerPage ?? defaultHitsPerPage) || defaultHitsPerPage));
    const page = Math.max(0, Math.floor(Number(request.page ?? 0) || 0));
    const groups = normalizeFacetFilters(request.facetFilters);
    const verbatim = request.monqVerbatim === true;
    const tags: HighlightTags = {
      pre: typeof request.highlightPreTag === 'string' ? request.highlightPreTag : '<mark>',
      post: typeof request.highlightPostTag === 'string' ? request.highlightPostTag : '</mark>',
    };
    // Control characters, bidi and zero-width marks go; very long queries are cut.
    const cleaned = sanitizeQuery(query);
    const words = queryWords(cleaned, MAX_QUERY_WORDS);
    const selected = words.length > 0 ? await selectIndexes(groups) : [];
    const recordFacets = groups.some((group) => group.some((filter) => RECORD_FACET_RE.test(filter)));

    const run = async (text: string): Promise<RunResult> => {
      const textWords = queryWords(text, MAX_QUERY_WORDS);
      const slotsByIndex = await slotsFor(selected, textWords);
      const prepared = selected.map((loaded, i) => ({loaded, slots: slotsByIndex[i]!}));
      const search = (mode: 'and' | 'or'): Found[] =>
        prepared.flatMap(({loaded, slots}) => {
          const weight = tagWeight(loaded.entry.tag, text);
          const explained = explainedPage(loaded.entry, textWords);
          const matches = withPageScores(loaded.entry, searchIndex(loaded, slots, mode, loaded.entry.records));
          return matches.map((match) => {
            const boost = explained !== null && chunkOf(loaded.entry.pageStarts, match.id) === explained ? ABBREVIATION_BOOST : 1;
            return {loaded, match: {...match, score: match.score * weight * boost}};
          });
        });
      let found = search('and');
      let mode: SearchResponse['matchMode'] = found.length > 0 ? 'and' : 'none';
      if (found.length === 0 && textWords.length > 1) {
        found = search('or');
        mode = found.length > 0 ? 'or' : 'none';
      } else if (found.length < FEW_HITS && textWords.length > 1) {
        // Few records hold every word: the records holding most of them follow, ranked below.
        const held = new Set(found.map(({loaded, match}) => `${loaded.entry.name}:${match.id}`));
        const floor = found.reduce((low, {match}) => Math.min(low, match.score), Infinity);
        const more = search('or').filter(({loaded, match}) => !held.has(`${loaded.entry.name}:${match.id}`));
        const top = more.reduce((high, {match}) => Math.max(high, match.score), 0);
        // Scaled below the last all-word record, in their own order.
        found = found.concat(more.map((item) => ({...item, match: {...item.match, score: (item.match.score / (top || 1)) * floor * 0.99}})));
      }
      if (recordFacets) {
        // `type:` filters need the records: load them all (no modal of ours sends one).
        await loadRecords(found);
        found = found.filter(({loaded, match}) =>
          facetFiltersMatch(groups, {
            language: loaded.entry.language,
            docusaurus_tag: loaded.entry.tag,
            version: loaded.entry.version,
            type: loaded.record(match.id).record.y,
          }),
        );
      }
      // Records holding every word of the query first: the ones added for holding most of them stay
      // below, also when they hold no typo because they lack the misspelled word. Then typo matches
      // rank below exact, stem, synonym and spelling matches (Algolia's first criterion).
      const slotsOf = new Map(prepared.map(({loaded, slots}) => [loaded, slots.length]));
      const complete = (item: Found) => (item.match.matchedQueryTerms >= (slotsOf.get(item.loaded) ?? 0) ? 1 : 0);
      found.sort(
        (a, b) =>
          complete(b) - complete(a) ||
          a.match.typos - b.match.typos ||
          b.match.score - a.match.score ||
          (a.loaded.entry.name < b.loaded.entry.name ? -1 : a.loaded.entry.name > b.loaded.entry.name ? 1 : 0) ||
          a.match.id - b.match.id,
      );
      return {found: distinct(found), mode, termCount: textWords.length};
    };

    let result = await run(cleaned);
    let shownQuery: string | undefined;
    const perfect = result.mode === 'and' && result.found[0]?.match.typos === 0;
    if (words.length > 0 && !perfect && !verbatim) {
      // Typed with the other keyboard layout, the whole query or some words of it? Show that query's
      // results when they are better.
      const switched = switchLayout(cleaned);
      const whole = switched === null ? null : await run(switched);
      const better = (other: RunResult) => (isClean(other) || isSwitchedTypo(other, result)) && quality(other) > quality(result);
      if (whole && switched !== null && better(whole)) {
        result = whole;
        shownQuery = switched;
      } else {
        const mixed = await switchWords(cleaned, selected, result.mode !== 'and');
        const other = mixed === null ? null : await run(mixed);
        if (other && mixed !== null && better(other)) {
          result = other;
          shownQuery = mixed;
        }
      }
    }
    const howTo = howToParts(cleaned);
    if (howTo && !verbatim) {
      result = {...result, found: await titlesFirst(howTo, result.found, selected)};
    }
    const {found, mode: matchMode, termCount} = result;
    const nbHits = found.length;
    const pageHits = found.slice(page * hitsPerPage, (page + 1) * hitsPerPage);
    await loadRecords(pageHits);
    return {
      hits: pageHits.map(({loaded, match}) => toHit(loaded, match, tags, request, termCount)),
      nbHits,
      page,
      nbPages: Math.ceil(nbHits / hitsPerPage),
      hitsPerPage,
      exhaustiveNbHits: true,
      query,
      params: '',
      index: typeof request.indexName === 'string' ? request.indexName : 'local',
      processingTimeMS: Date.now() - started,
      matchMode,
      ...(shownQuery !== undefined ? {shownQuery} : {}),
    };
  }

  return {
    async search({requests}) {
      return {results: await Promise.all(requests.map(searchOne))};
    },
    async preload(facetFilters) {
      await selectIndexes(normalizeFacetFilters(facetFilters));
    },
    manifest: getManifest,
  };
}
