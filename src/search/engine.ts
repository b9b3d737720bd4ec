/**
 * The search engine settings shared by the indexer and the browser client, and
 * the format of the index files. MiniSearch must be given the very same
 * options when an index is built and when it is loaded.
 */
import MiniSearch, {type Options, type SearchResult} from 'minisearch';
import {indexTerms, isCompoundTerm, queryTerms} from './text';

/** Bump when the file format or the text analysis changes. */
export const INDEX_FORMAT = 1;

export type RecordType = 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6' | 'content';

/** One page of an index file. */
export interface IndexedPage {
  /** Path of the page, from the site root: `/docs/guide/metrics/`. */
  u: string;
  /** lvl0: the section (first breadcrumb) or the instance label. */
  s: string;
  /** lvl1: the page title (h1). */
  t: string;
}

/** One record, following the DocSearch hierarchy. */
export interface IndexedRecord {
  /** Index of the page in `pages`. */
  p: number;
  /** Record type. */
  y: RecordType;
  /** Anchor (heading id) without `#`, or null for the top of the page. */
  a: string | null;
  /** lvl2..lvl6 texts of the record's heading chain (may be shorter). */
  h: string[];
  /** Text content (paragraphs, list items, table cells, code), or null for headings. */
  c: string | null;
}

/** The JSON of `search/<tag>.<hash>.json`. */
export interface IndexFile {
  format: number;
  /** `docusaurus_tag` of every page in the file: `docs-default-9.0`, `default`... */
  tag: string;
  language: string;
  /** `docsearch:version` of the pages (`9.0`), or null. */
  version: string | null;
  pages: IndexedPage[];
  records: IndexedRecord[];
  /** MiniSearch's own serialization (`toJSON()`), document ids = record indexes. */
  index: unknown;
}

export interface ManifestEntry {
  /** Path from the site root without a leading slash: `search/docs-default-9.0.1a2b3c4d.json`. */
  file: string;
  tag: string;
  language: string;
  version: string | null;
  pages: number;
  records: number;
  bytes: number;
}

/** The JSON of `search/manifest.json`. */
export interface Manifest {
  format: number;
  indexes: Record<string, ManifestEntry>;
}

/** The document MiniSearch indexes (fields are not stored: records are kept aside). */
export interface SearchDocument {
  id: number;
  /** Page title, only on the page's lvl1 record. */
  title: string;
  /** The record's own heading (lvl2..lvl6 records). */
  heading: string;
  /** Body text (content records). */
  content: string;
  /** Where the record sits: the page title and the heading chain above it. */
  context: string;
}

export const FIELD_BOOST = {title: 6, heading: 3, content: 1, context: 0.4} as const;

export const miniSearchOptions: Options<SearchDocument> = {
  idField: 'id',
  fields: ['title', 'heading', 'content', 'context'],
  storeFields: [],
  tokenize: indexTerms,
  processTerm: (term) => term,
  searchOptions: {
    tokenize: queryTerms,
    processTerm: (term) => term,
  },
};

export function documentOf(record: IndexedRecord, page: IndexedPage, id: number): SearchDocument {
  const heading = record.y === 'lvl1' || record.y === 'content' ? '' : record.h[record.h.length - 1] ?? '';
  const parents = record.y === 'content' ? record.h : record.h.slice(0, -1);
  return {
    id,
    title: record.y === 'lvl1' ? page.t : '',
    heading,
    content: record.c ?? '',
    context: [record.y === 'lvl1' ? '' : page.t].concat(parents).join(' '),
  };
}

export function buildIndex(pages: IndexedPage[], records: IndexedRecord[]): MiniSearch<SearchDocument> {
  const miniSearch = new MiniSearch<SearchDocument>(miniSearchOptions);
  miniSearch.addAll(records.map((record, id) => documentOf(record, pages[record.p]!, id)));
  return miniSearch;
}

export function loadIndex(file: IndexFile): MiniSearch<SearchDocument> {
  return MiniSearch.loadJS(file.index as Parameters<typeof MiniSearch.loadJS>[0], miniSearchOptions);
}

/** A ranked match of one record. */
export interface Match {
  id: number;
  score: number;
  /** Document terms that matched (for highlighting). */
  terms: string[];
  /** How many of the query terms matched. */
  matchedQueryTerms: number;
}

const TYPE_BOOST: Record<RecordType, number> = {
  lvl1: 1.5,
  lvl2: 1.2,
  lvl3: 1.15,
  lvl4: 1.1,
  lvl5: 1.1,
  lvl6: 1.1,
  content: 1,
};

/**
 * The Russian Snowball stemmer sometimes cuts one more letter from a form
 * (`сигнал`, `сигнала` → `сигна`, but `сигналы` → `сигнал`). A query term
 * therefore also matches, with a lower weight, the index term one letter
 * shorter.
 */
const SHORTER_STEM_WEIGHT = 0.8;

function shorterStem(term: string): string | null {
  return /^[а-я]{5,}$/.test(term) ? term.slice(0, -1) : null;
}

type QueryNode = {
  queries: Array<string | QueryNode>;
  combineWith?: 'AND' | 'OR';
  prefix?: boolean;
  fuzzy?: number | boolean;
  boost?: Record<string, number>;
};

/**
 * Search one index. `mode` `and` keeps records holding every query term;
 * `or` keeps records holding any of them, ranked by how many they hold.
 */
export function searchIndex(
  miniSearch: MiniSearch<SearchDocument>,
  records: IndexedRecord[],
  terms: string[],
  mode: 'and' | 'or',
): Match[] {
  if (terms.length === 0) {
    return [];
  }
  const last = terms.length - 1;
  const groups: string[][] = [];
  const query: QueryNode = {
    combineWith: mode === 'and' ? 'AND' : 'OR',
    queries: terms.map((term, i) => {
      const compound = isCompoundTerm(term);
      const alternatives: QueryNode[] = [
        {
          queries: [term],
          // The last word is matched as a prefix (the reader is still typing it), longer words too.
          prefix: i === last || (term.length >= 5 && !compound),
          // One typo on long words, never on identifiers.
          fuzzy: term.length >= 7 && !compound ? 1 : false,
        },
      ];
      const shorter = shorterStem(term);
      if (shorter !== null) {
        const boost: Record<string, number> = {};
        for (const [field, value] of Object.entries(FIELD_BOOST)) {
          boost[field] = value * SHORTER_STEM_WEIGHT;
        }
        alternatives.push({queries: [shorter], prefix: false, fuzzy: false, boost});
      }
      groups.push([term].concat(shorter === null ? [] : [shorter]));
      return {combineWith: 'OR', queries: alternatives};
    }),
  };
  const results: SearchResult[] = miniSearch.search(query as Parameters<typeof miniSearch.search>[0], {
    tokenize: (text) => [text],
    processTerm: (term) => term,
    boost: {...FIELD_BOOST},
    weights: {fuzzy: 0.3, prefix: 0.75},
    boostDocument: (id) => TYPE_BOOST[records[id as number]?.y ?? 'content'],
  });
  return results.map((result) => {
    const matchedTerms = new Set(result.queryTerms);
    const matched = groups.filter((group) => group.some((term) => matchedTerms.has(term))).length;
    // MiniSearch multiplies the score by the number of matched query strings; count groups instead,
    // so that a record holding both stems of one word does not count it twice.
    const base = result.score / Math.max(1, result.queryTerms.length);
    const coverage = mode === 'or' ? Math.pow(matched / terms.length, 2) : 1;
    return {
      id: result.id as number,
      score: base * matched * coverage,
      terms: result.terms,
      matchedQueryTerms: matched,
    };
  });
}
