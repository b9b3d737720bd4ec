/**
 * The local search backend: an Algolia-shaped client answering DocSearch's
 * multi-queries (`search({requests})`) from the index files the indexer
 * plugin wrote next to the site (`search/manifest.json` + one file per
 * `docusaurus_tag`). No request ever leaves the site's own origin.
 *
 * - The request's `facetFilters` choose the index files (language, tag,
 *   version) and are applied to every hit.
 * - All query words first; when no record holds them all, any word, ranked by
 *   how many words a record holds.
 * - A failed load throws an error named `RetryError`, the name DocSearch
 *   checks; the next search tries to load again.
 */
import type MiniSearch from 'minisearch';
import {
  INDEX_FORMAT,
  expandQuery,
  loadIndex,
  prepareSynonyms,
  queryWords,
  searchIndex,
  type IndexFile,
  type IndexedRecord,
  type Manifest,
  type ManifestEntry,
  type Match,
  type SearchDocument,
  type SynonymTable,
  type Vocabulary,
} from './engine';
import {MAX_EXPANDED_WORDS, MAX_QUERY_WORDS, sanitizeQuery, switchLayout} from './forgiving';
import {highlightAndSnippet, matcherFor, type HighlightTags, type HighlightValue} from './highlight';
import {RetryError} from './errors';
import {buildPacing} from './pacing';

export const HIERARCHY_LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
export type HierarchyLevel = (typeof HIERARCHY_LEVELS)[number];
export type Hierarchy = Record<HierarchyLevel, string | null>;

export interface LocalHit {
  objectID: string;
  url: string;
  url_without_anchor: string;
  anchor: string | null;
  type: IndexedRecord['y'];
  content: string | null;
  hierarchy: Hierarchy;
  language: string;
  version: string | null;
  docusaurus_tag: string;
  _highlightResult: {
    hierarchy: Partial<Record<HierarchyLevel, HighlightValue>>;
    content?: HighlightValue;
  };
  _snippetResult: {
    hierarchy: Partial<Record<HierarchyLevel, HighlightValue>>;
    content?: HighlightValue;
  };
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

export interface SearchRequest {
  indexName?: string;
  query?: string;
  params?: string | Record<string, unknown>;
  hitsPerPage?: number;
  page?: number;
  facetFilters?: FacetFilters;
  highlightPreTag?: string;
  highlightPostTag?: string;
  attributesToSnippet?: string[];
  snippetEllipsisText?: string;
  [key: string]: unknown;
}

export {RetryError};

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

interface LoadedIndex {
  entry: ManifestEntry;
  file: IndexFile;
  miniSearch: MiniSearch<SearchDocument>;
  vocabulary: Vocabulary;
}

/** Request parameter (local extension): search the query exactly as typed, no layout switch. */
export const VERBATIM_PARAM = 'monqVerbatim';

type Facets = Record<string, string | null>;

const RECORD_FACET_RE = /^-?type:/;

function parseParams(params: SearchRequest['params']): Record<string, unknown> {
  if (params === undefined) {
    return {};
  }
  if (typeof params !== 'string') {
    return params;
  }
  const out: Record<string, unknown> = {};
  new URLSearchParams(params).forEach((value, key) => {
    try {
      out[key] = JSON.parse(value);
    } catch {
      out[key] = value;
    }
  });
  return out;
}

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
export function facetFiltersMatch(groups: string[][], facets: Facets): boolean {
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
  search(
    input: {requests: SearchRequest[]} | SearchRequest[],
  ): Promise<{results: SearchResponse[]}>;
  /** DocSearch and Docusaurus call these on a client; nothing to do locally. */
  addAlgoliaAgent(segment: string, version?: string): void;
  transporter: {algoliaAgent: {value: string; add(options: {segment: string; version?: string}): unknown}};
  /** Loads the manifest and the indexes the filters select (to warm up). */
  preload(facetFilters?: FacetFilters): Promise<void>;
  /** Versions present in the manifest (for the search page's version choice). */
  manifest(): Promise<Manifest>;
}

export function createLocalSearchClient(options: LocalSearchClientOptions): LocalSearchClient {
  const doFetch: Fetcher = options.fetch ?? ((url, init) => fetch(url, init));
  const baseUrl = options.baseUrl ?? '/';
  const defaultHitsPerPage = options.defaultHitsPerPage ?? 20;
  const resolve = (path: string) => new URL(path, options.siteOrigin).href;
  let manifestPromise: Promise<Manifest> | null = null;
  // Searches waiting for an index: while there are any, the index is built at full speed; otherwise
  // (a preload in the background) in short slices when the page has nothing else to do (pacing.ts).
  let waiting = 0;
  const pacing = buildPacing(() => waiting > 0);
  let synonyms: SynonymTable = prepareSynonyms([]);
  const indexPromises = new Map<string, Promise<LoadedIndex>>();

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
    try {
      return (await response.json()) as T;
    } catch (error) {
      throw new RetryError(`Search index unreadable: ${url} (${String(error)})`, url, response.status);
    }
  }

  function getManifest(): Promise<Manifest> {
    if (!manifestPromise) {
      const url = resolve(options.manifestUrl);
      manifestPromise = fetchJson<Manifest>(url).then((manifest) => {
        if (!manifest || manifest.format !== INDEX_FORMAT || typeof manifest.indexes !== 'object') {
          throw new RetryError(`Search manifest has an unknown format: ${url}`, url, 200);
        }
        synonyms = prepareSynonyms(Array.isArray(manifest.synonyms) ? manifest.synonyms : []);
        return manifest;
      });
      // A failed load is retried by the next search.
      manifestPromise.catch(() => {
        manifestPromise = null;
      });
    }
    return manifestPromise;
  }

  function getIndex(entry: ManifestEntry): Promise<LoadedIndex> {
    let promise = indexPromises.get(entry.file);
    if (!promise) {
      const url = resolve(baseUrl.replace(/\/?$/, '/') + entry.file);
      promise = fetchJson<IndexFile>(url).then(async (file) => {
        if (!file || file.format !== INDEX_FORMAT || !Array.isArray(file.records)) {
          throw new RetryError(`Search index has an unknown format: ${url}`, url, 200);
        }
        const engine = await loadIndex(file, pacing);
        return {entry, file, miniSearch: engine.miniSearch, vocabulary: engine.vocabulary};
      });
      indexPromises.set(entry.file, promise);
      promise.catch(() => {
        indexPromises.delete(entry.file);
      });
    }
    return promise;
  }

  async function selectIndexes(groups: string[][]): Promise<LoadedIndex[]> {
    const manifest = await getManifest();
    // Record-level facets (`type:`) cannot choose files: they are checked per hit.
    const fileGroups = groups.filter((group) => !group.some((filter) => RECORD_FACET_RE.test(filter)));
    const entries = Object.values(manifest.indexes).filter((entry) =>
      facetFiltersMatch(fileGroups, {
        language: entry.language,
        docusaurus_tag: entry.tag,
        version: entry.version,
      }),
    );
    return Promise.all(entries.map(getIndex));
  }

  function toHit(
    loaded: LoadedIndex,
    match: Match,
    tags: HighlightTags,
    params: Record<string, unknown>,
    termCount: number,
  ): LocalHit {
    const {file} = loaded;
    const record = file.records[match.id]!;
    const page = file.pages[record.p]!;
    const hierarchy: Hierarchy = {
      lvl0: page.s,
      lvl1: page.t,
      lvl2: record.h[0] ?? null,
      lvl3: record.h[1] ?? null,
      lvl4: record.h[2] ?? null,
      lvl5: record.h[3] ?? null,
      lvl6: record.h[4] ?? null,
    };
    const matches = matcherFor(match.terms);
    const ellipsis = typeof params.snippetEllipsisText === 'string' ? params.snippetEllipsisText : '…';
    const highlightHierarchy: Partial<Record<HierarchyLevel, HighlightValue>> = {};
    const snippetHierarchy: Partial<Record<HierarchyLevel, HighlightValue>> = {};
    for (const level of HIERARCHY_LEVELS) {
      const text = hierarchy[level];
      if (text !== null) {
        const both = highlightAndSnippet(
          text,
          matches,
          tags,
          snippetWords(params.attributesToSnippet, `hierarchy.${level}`, 1000),
          ellipsis,
          termCount,
        );
        highlightHierarchy[level] = both.highlight;
        snippetHierarchy[level] = both.snippet;
      }
    }
    const urlWithoutAnchor = resolve(page.u);
    const url = record.a ? `${urlWithoutAnchor}#${record.a}` : urlWithoutAnchor;
    const hit: LocalHit = {
      objectID: `${file.tag}:${match.id}`,
      url,
      url_without_anchor: urlWithoutAnchor,
      anchor: record.a,
      type: record.y,
      content: record.c,
      hierarchy,
      language: file.language,
      version: file.version,
      docusaurus_tag: file.tag,
      _highlightResult: {hierarchy: highlightHierarchy},
      _snippetResult: {hierarchy: snippetHierarchy},
    };
    if (record.c !== null) {
      const both = highlightAndSnippet(
        record.c,
        matches,
        tags,
        snippetWords(params.attributesToSnippet, 'content', 30),
        ellipsis,
        termCount,
      );
      hit._highlightResult.content = both.highlight;
      hit._snippetResult.content = both.snippet;
    }
    return hit;
  }

  async function searchOne(request: SearchRequest): Promise<SearchResponse> {
    const started = Date.now();
    const {params: rawParams, ...rest} = request;
    const params: Record<string, unknown> = {...parseParams(rawParams), ...rest};
    const query = typeof params.query === 'string' ? params.query : '';
    const hitsPerPage = Math.max(1, Math.min(1000, Number(params.hitsPerPage ?? defaultHitsPerPage) || defaultHitsPerPage));
    const page = Math.max(0, Math.floor(Number(params.page ?? 0) || 0));
    const groups = normalizeFacetFilters(params.facetFilters);
    const tags: HighlightTags = {
      pre: typeof params.highlightPreTag === 'string' ? params.highlightPreTag : '<mark>',
      post: typeof params.highlightPostTag === 'string' ? params.highlightPostTag : '</mark>',
    };
    // Control characters, bidi and zero-width marks go; very long queries are cut.
    const cleaned = sanitizeQuery(query);
    const words = queryWords(cleaned, MAX_QUERY_WORDS);
    let indexes: LoadedIndex[] = [];
    if (words.length > 0) {
      waiting++;
      try {
        indexes = await selectIndexes(groups);
      } finally {
        waiting--;
      }
    }

    const recordFilter = (loaded: LoadedIndex, match: Match) =>
      facetFiltersMatch(groups, {
        language: loaded.file.language,
        docusaurus_tag: loaded.file.tag,
        version: loaded.file.version,
        type: loaded.file.records[match.id]!.y,
      });
    type Found = {loaded: LoadedIndex; match: Match};
    const run = (text: string): {found: Found[]; mode: SearchResponse['matchMode']; termCount: number} => {
      const queryWordsOf = queryWords(text, MAX_QUERY_WORDS);
      const slotsFor = (loaded: LoadedIndex) => expandQuery(queryWordsOf, loaded.vocabulary, synonyms, MAX_EXPANDED_WORDS);
      const slotCache = new Map<LoadedIndex, ReturnType<typeof slotsFor>>();
      const slots = (loaded: LoadedIndex) => {
        let cached = slotCache.get(loaded);
        if (!cached) {
          cached = slotsFor(loaded);
          slotCache.set(loaded, cached);
        }
        return cached;
      };
      const search = (mode: 'and' | 'or') =>
        indexes.flatMap((loaded) =>
          searchIndex(loaded.miniSearch, loaded.file.records, slots(loaded), mode)
            .filter((match) => recordFilter(loaded, match))
            .map((match) => ({loaded, match})),
        );
      let found = search('and');
      let mode: SearchResponse['matchMode'] = found.length > 0 ? 'and' : 'none';
      if (found.length === 0 && queryWordsOf.length > 1) {
        found = search('or');
        mode = found.length > 0 ? 'or' : 'none';
      }
      // Typo matches rank below exact, stem, synonym and spelling matches (Algolia's first criterion).
      found.sort(
        (a, b) => a.match.typos - b.match.typos || b.match.score - a.match.score || a.match.id - b.match.id,
      );
      return {found, mode, termCount: queryWordsOf.length};
    };
    /** How well a result list answers its query: every word, then fewer typos. */
    const quality = (result: ReturnType<typeof run>): number => {
      const best = result.found[0];
      if (!best) {
        return 0;
      }
      const coverage = result.mode === 'and' ? 1 : best.match.matchedQueryTerms / Math.max(1, result.termCount);
      return 1 + coverage * 10 - best.match.typos;
    };

    let result = run(cleaned);
    let shownQuery: string | undefined;
    const perfect = result.mode === 'and' && result.found[0]?.match.typos === 0;
    if (!perfect && params[VERBATIM_PARAM] !== true && params[VERBATIM_PARAM] !== 'true') {
      // Typed with the other keyboard layout? Show that query's results when they are better.
      const switched = switchLayout(cleaned);
      if (switched !== null) {
        const other = run(switched);
        // Only a clean match counts: every word, no typo (stray keys like «o]o]op» match nothing real).
        const clean = other.mode === 'and' && other.found[0]?.match.typos === 0;
        if (clean && quality(other) > quality(result)) {
          result = other;
          shownQuery = switched;
        }
      }
    }
    const {found, mode: matchMode, termCount} = result;
    const nbHits = found.length;
    const pageHits = found.slice(page * hitsPerPage, (page + 1) * hitsPerPage);
    return {
      hits: pageHits.map(({loaded, match}) => toHit(loaded, match, tags, params, termCount)),
      nbHits,
      page,
      nbPages: Math.ceil(nbHits / hitsPerPage),
      hitsPerPage,
      exhaustiveNbHits: true,
      query,
      params: typeof rawParams === 'string' ? rawParams : '',
      index: typeof params.indexName === 'string' ? params.indexName : 'local',
      processingTimeMS: Date.now() - started,
      matchMode,
      ...(shownQuery !== undefined ? {shownQuery} : {}),
    };
  }

  const algoliaAgent = {
    value: 'Monq local search',
    add() {
      return algoliaAgent;
    },
  };

  return {
    async search(input) {
      const requests = Array.isArray(input) ? input : input.requests;
      const results = await Promise.all(requests.map(searchOne));
      return {results};
    },
    addAlgoliaAgent() {},
    transporter: {algoliaAgent},
    async preload(facetFilters) {
      await selectIndexes(normalizeFacetFilters(facetFilters));
    },
    manifest: getManifest,
  };
}
