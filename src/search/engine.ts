/**
 * The search engine settings shared by the indexer and the browser client, and
 * the format of the index files. MiniSearch must be given the very same
 * options when an index is built and when it is loaded.
 */
import MiniSearch, {type Options, type SearchResult} from 'minisearch';
import {allowedTypos, editDistance, isCyrillicWord, isHyphenatedWord, isLatinWord, soundKeys, SPELLING_DICTIONARY} from './forgiving';
import {indexTerms, isCompoundTerm, queryTerms, tokenize, cleanText} from './text';

/** Bump when the file format or the text analysis changes. */
export const INDEX_FORMAT = 3;

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
  /** Synonym groups from `config/search-synonyms.txt`, expanded at query time. */
  synonyms?: string[][];
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

/** A loaded index: the engine and the vocabulary the forgiving search looks words up in. */
export interface LoadedEngine {
  miniSearch: MiniSearch<SearchDocument>;
  vocabulary: Vocabulary;
}

const now = () => (typeof performance === 'undefined' ? Date.now() : performance.now());

/** How the build of an engine shares the main thread with the page. */
export interface BuildPacing {
  /** Milliseconds of work before a pause. */
  sliceMs(): number;
  /** The pause between slices. */
  pause(): Promise<void>;
}

const EAGER_PACING: BuildPacing = {
  sliceMs: () => 40,
  pause: () => new Promise((resolve) => setTimeout(resolve, 0)),
};

/**
 * Build the engine of an index file in the browser. The file carries the records only (their text
 * is needed for the snippets anyway): shipping MiniSearch's postings too made a version's index
 * 60 % larger. The work is cut into slices with pauses between them (`pacing`), so the page stays
 * responsive while it runs in the background; headings go first.
 */
export async function loadIndex(file: IndexFile, pacing: BuildPacing = EAGER_PACING): Promise<LoadedEngine> {
  const terms = new Set<string>();
  const miniSearch = new MiniSearch<SearchDocument>({
    ...miniSearchOptions,
    tokenize: (text) => {
      const found = indexTerms(text);
      for (const term of found) {
        terms.add(term);
      }
      return found;
    },
  });
  const order = file.records.map((_, id) => id);
  order.sort((a, b) => Number(file.records[a]!.y === 'content') - Number(file.records[b]!.y === 'content') || a - b);
  let sliceStart = now();
  for (const id of order) {
    const record = file.records[id]!;
    miniSearch.add(documentOf(record, file.pages[record.p]!, id));
    if (now() - sliceStart > pacing.sliceMs()) {
      await pacing.pause();
      sliceStart = now();
    }
  }
  return {miniSearch, vocabulary: buildVocabulary(Array.from(terms))};
}

// ---------------------------------------------------------------------------------------------
// Vocabulary: where typo and spelling variants are looked up

export interface Vocabulary {
  /** Simple words (letters only) by length. */
  byLength: Map<number, string[]>;
  /** Index terms by sound key, Cyrillic and Latin apart. */
  latinByKey: Map<string, string[]>;
  cyrillicByKey: Map<string, string[]>;
  /** Sound keys by length, for keys one or two edits away. */
  latinKeys: Map<number, string[]>;
  cyrillicKeys: Map<number, string[]>;
  /** Sound keys sorted, for keys that start with a query's key. */
  latinSorted: string[];
  cyrillicSorted: string[];
  /** Typo and spelling variants already found, by word (readers type a query letter by letter). */
  variants: Map<string, Alternative[]>;
  /** Every index term. */
  terms: Set<string>;
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) {
    list.push(value);
  } else {
    map.set(key, [value]);
  }
}

export function buildVocabulary(terms: string[]): Vocabulary {
  const vocabulary: Vocabulary = {
    byLength: new Map(),
    latinByKey: new Map(),
    cyrillicByKey: new Map(),
    latinKeys: new Map(),
    cyrillicKeys: new Map(),
    latinSorted: [],
    cyrillicSorted: [],
    variants: new Map(),
    terms: new Set(terms),
  };
  for (const term of terms) {
    const latin = isLatinWord(term);
    const cyrillic = !latin && isCyrillicWord(term);
    if (!latin && !cyrillic) {
      if (isHyphenatedWord(term)) {
        pushTo(vocabulary.byLength, term.length, term);
      }
      continue;
    }
    pushTo(vocabulary.byLength, term.length, term);
    const byKey = latin ? vocabulary.latinByKey : vocabulary.cyrillicByKey;
    const keys = latin ? vocabulary.latinKeys : vocabulary.cyrillicKeys;
    for (const key of soundKeys(term)) {
      if (!byKey.has(key)) {
        pushTo(keys, key.length, key);
      }
      pushTo(byKey, key, term);
    }
  }
  vocabulary.latinSorted = Array.from(vocabulary.latinByKey.keys()).sort();
  vocabulary.cyrillicSorted = Array.from(vocabulary.cyrillicByKey.keys()).sort();
  return vocabulary;
}

/** Keys of a sorted list that start with `prefix` (and are longer). */
function keysStartingWith(sorted: string[], prefix: string): string[] {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! < prefix) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  const out: string[] = [];
  for (let i = low; i < sorted.length && sorted[i]!.startsWith(prefix); i++) {
    if (sorted[i] !== prefix) {
      out.push(sorted[i]!);
    }
  }
  return out;
}


// ---------------------------------------------------------------------------------------------
// Queries

/** A word of a query: its index term and the text as typed. */
export interface QueryWord {
  term: string;
  text: string;
}

/** The words of a query (stop words dropped, duplicates removed, at most `limit`). */
export function queryWords(query: string, limit = Infinity): QueryWord[] {
  const seen = new Set<string>();
  const words: QueryWord[] = [];
  for (const token of tokenize(cleanText(query))) {
    if (token.term !== null && !seen.has(token.term) && words.length < limit) {
      seen.add(token.term);
      words.push({term: token.term, text: token.text});
    }
  }
  return words;
}

/** The form in which synonym members and query words are compared (English plural `s` dropped). */
function synonymKey(term: string): string {
  return /^[a-z]{4,}s$/.test(term) && !term.endsWith('ss') ? term.slice(0, -1) : term;
}

/** Synonym groups, their members as index terms, ready to be matched against query words. */
export interface SynonymTable {
  /** Members (term sequences) by the key of their first term. */
  byFirst: Map<string, Array<{keys: string[]; group: number}>>;
  /** Every group's members as index terms. */
  groups: string[][][];
}

export function prepareSynonyms(groups: string[][] | undefined): SynonymTable {
  const table: SynonymTable = {byFirst: new Map(), groups: []};
  for (const group of groups ?? []) {
    const members = group.map((member) => queryTerms(member)).filter((terms) => terms.length > 0);
    if (members.length < 2) {
      continue;
    }
    const index = table.groups.length;
    table.groups.push(members);
    for (const terms of members) {
      pushTo(table.byFirst, synonymKey(terms[0]!), {keys: terms.map(synonymKey), group: index});
    }
  }
  return table;
}

export const EMPTY_SYNONYMS: SynonymTable = prepareSynonyms([]);

/** One way of matching a slot of the query: a term, or a phrase (every term). */
export interface Alternative {
  terms: string[];
  weight: number;
  prefix: boolean;
  /** Found through a typo (ranked below exact, stem, synonym and spelling matches). */
  typo: boolean;
}

/** A part of the query (one word, or the words of a synonym phrase) and its alternatives. */
export interface Slot {
  alternatives: Alternative[];
}

const WEIGHT = {
  exact: 1,
  /** The stem one letter shorter (the Snowball stemmer cuts `сигнала` to `сигна`). */
  shorterStem: 0.8,
  synonym: 0.9,
  spelling: 0.9,
  spellingPrefix: 0.7,
  typo: 0.5,
} as const;

const MAX_TYPO_VARIANTS = 8;
const MAX_SPELLING_VARIANTS = 6;
/** The shortest sound key that is compared at all. */
const MIN_SOUND_KEY = 2;

function shorterStem(term: string): string | null {
  return /^[а-я]{5,}$/.test(term) ? term.slice(0, -1) : null;
}

/** Index terms one or two edits away from a word (by its typed length), closest first. */
export function typoVariants(word: QueryWord, vocabulary: Vocabulary): string[] {
  const simple = isLatinWord(word.term) || isCyrillicWord(word.term) || isHyphenatedWord(word.term);
  const max = simple ? allowedTypos(word.text) : 0;
  if (max === 0) {
    return [];
  }
  const found: Array<[string, number]> = [];
  for (let length = word.term.length - max; length <= word.term.length + max; length++) {
    for (const candidate of vocabulary.byLength.get(length) ?? []) {
      if (candidate === word.term) {
        continue;
      }
      const distance = editDistance(word.term, candidate, max);
      if (distance <= max) {
        found.push([candidate, distance]);
      }
    }
  }
  return found
    .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))
    .slice(0, MAX_TYPO_VARIANTS)
    .map(([term]) => term);
}

/** Index terms in the other alphabet that sound like the word (заббикс → zabbix, porogi → порог). */
export function spellingVariants(word: QueryWord, vocabulary: Vocabulary): Alternative[] {
  const folded = word.text.toLowerCase().replace(/ё/g, 'е');
  const cyrillic = isCyrillicWord(folded);
  if ((!cyrillic && !isLatinWord(folded)) || folded.length < 3) {
    return [];
  }
  const byKey = cyrillic ? vocabulary.latinByKey : vocabulary.cyrillicByKey;
  const keysByLength = cyrillic ? vocabulary.latinKeys : vocabulary.cyrillicKeys;
  // A key that collapsed below two letters («ъъъ» → ``, «zzzz» → `z`) says nothing about the word.
  const queryKeys = soundKeys(folded)
    .concat(cyrillic && word.term !== folded ? soundKeys(word.term) : [])
    .filter((key) => key.length >= MIN_SOUND_KEY);
  for (const [spoken, written] of SPELLING_DICTIONARY) {
    if (cyrillic && folded.startsWith(spoken)) {
      queryKeys.push(...soundKeys(written));
    } else if (!cyrillic && folded === written) {
      queryKeys.push(...soundKeys(spoken));
    }
  }
  const out = new Map<string, Alternative>();
  const add = (term: string, weight: number, typo: boolean) => {
    const known = out.get(term);
    if (!known || known.weight < weight) {
      out.set(term, {terms: [term], weight, prefix: false, typo});
    }
  };
  for (const key of queryKeys) {
    for (const term of byKey.get(key) ?? []) {
      add(term, WEIGHT.spelling, false);
    }
  }
  if (out.size === 0) {
    const sorted = cyrillic ? vocabulary.latinSorted : vocabulary.cyrillicSorted;
    for (const key of queryKeys) {
      // Typos are counted on the key, not on the typed word: a short key has little to spare.
      const max = Math.min(allowedTypos(word.text), allowedTypos(key));
      if (key.length >= 5) {
        for (const candidate of keysStartingWith(sorted, key).slice(0, MAX_SPELLING_VARIANTS)) {
          for (const term of byKey.get(candidate) ?? []) {
            add(term, WEIGHT.spellingPrefix, false);
          }
        }
      }
      for (let length = key.length - max; max > 0 && length <= key.length + max; length++) {
        for (const candidate of keysByLength.get(length) ?? []) {
          if (editDistance(key, candidate, max) <= max) {
            for (const term of byKey.get(candidate) ?? []) {
              add(term, WEIGHT.typo, true);
            }
          }
        }
      }
    }
  }
  return Array.from(out.values()).slice(0, MAX_SPELLING_VARIANTS);
}

const VARIANT_CACHE_LIMIT = 2000;

/**
 * Spelling and typo variants of a word, remembered per index. A word the index holds as typed gets
 * none: its exact hits would rank above them anyway, and the query stays fast.
 */
function wordVariants(word: QueryWord, vocabulary: Vocabulary): Alternative[] {
  if (vocabulary.terms.has(word.term)) {
    return [];
  }
  const key = `${word.term}\u0000${word.text}`;
  let variants = vocabulary.variants.get(key);
  if (variants === undefined) {
    variants = spellingVariants(word, vocabulary).concat(
      typoVariants(word, vocabulary).map((term) => ({terms: [term], weight: WEIGHT.typo, prefix: false, typo: true})),
    );
    if (vocabulary.variants.size >= VARIANT_CACHE_LIMIT) {
      vocabulary.variants.clear();
    }
    vocabulary.variants.set(key, variants);
  }
  return variants;
}

/** The slots of a query and all their alternatives for one index. */
export function expandQuery(
  words: QueryWord[],
  vocabulary: Vocabulary | null,
  synonyms: SynonymTable = EMPTY_SYNONYMS,
  expandedWords = Infinity,
): Slot[] {
  const slots: Slot[] = [];
  const last = words.length - 1;
  let i = 0;
  while (i < words.length) {
    const expand = i < expandedWords;
    // The longest synonym member that starts here.
    let span = 1;
    const groups = new Set<number>();
    if (expand) {
      const firstKey = synonymKey(words[i]!.term);
      for (const member of synonyms.byFirst.get(firstKey) ?? []) {
        const fits =
          member.keys.length <= words.length - i && member.keys.every((key, k) => synonymKey(words[i + k]!.term) === key);
        if (!fits) {
          continue;
        }
        if (member.keys.length > span) {
          span = member.keys.length;
          groups.clear();
        }
        if (member.keys.length === span) {
          groups.add(member.group);
        }
      }
    }
    const alternatives: Alternative[] = [];
    const seen = new Set<string>();
    const add = (alternative: Alternative) => {
      const key = alternative.terms.join(' ');
      if (!seen.has(key)) {
        seen.add(key);
        alternatives.push(alternative);
      }
    };
    const spanTerms = words.slice(i, i + span).map((word) => word.term);
    const isLast = i + span - 1 === last;
    if (span === 1) {
      const word = words[i]!;
      const compound = isCompoundTerm(word.term);
      // The last word is matched as a prefix (the reader is still typing it), longer words too.
      add({terms: [word.term], weight: WEIGHT.exact, prefix: isLast || (word.term.length >= 5 && !compound), typo: false});
      const shorter = shorterStem(word.term);
      if (shorter !== null) {
        add({terms: [shorter], weight: WEIGHT.shorterStem, prefix: false, typo: false});
      }
    } else {
      add({terms: spanTerms, weight: WEIGHT.exact, prefix: isLast, typo: false});
    }
    groups.forEach((group) => {
      for (const member of synonyms.groups[group]!) {
        add({terms: member, weight: WEIGHT.synonym, prefix: member.length === 1 && member[0]!.length >= 5, typo: false});
      }
    });
    if (span === 1 && expand && vocabulary !== null) {
      for (const alternative of wordVariants(words[i]!, vocabulary)) {
        add(alternative);
      }
    }
    slots.push({alternatives});
    i += span;
  }
  return slots;
}

type QueryNode = {
  queries: Array<string | QueryNode>;
  combineWith?: 'AND' | 'OR';
  prefix?: boolean;
  fuzzy?: number | boolean;
  boost?: Record<string, number>;
};

function boostOf(weight: number): Record<string, number> {
  const boost: Record<string, number> = {};
  for (const [field, value] of Object.entries(FIELD_BOOST)) {
    boost[field] = value * weight;
  }
  return boost;
}

/** A ranked match of one record. */
export interface Match {
  id: number;
  score: number;
  /** Document terms that matched (for highlighting). */
  terms: string[];
  /** How many slots of the query matched. */
  matchedQueryTerms: number;
  /** How many slots matched only through a typo (0 ranks first). */
  typos: number;
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
 * Search one index. `mode` `and` keeps records matching every slot of the query; `or` keeps
 * records matching any, ranked by how many they match.
 */
export function searchIndex(
  miniSearch: MiniSearch<SearchDocument>,
  records: IndexedRecord[],
  slots: Slot[],
  mode: 'and' | 'or',
): Match[] {
  if (slots.length === 0) {
    return [];
  }
  // For each query string: the slots it belongs to, and whether only as a typo.
  const owners = new Map<string, Array<{slot: number; typo: boolean}>>();
  const query: QueryNode = {
    combineWith: mode === 'and' ? 'AND' : 'OR',
    queries: slots.map((slot, s) => ({
      combineWith: 'OR',
      queries: slot.alternatives.map((alternative): QueryNode => {
        for (const term of alternative.terms) {
          pushTo(owners, term, {slot: s, typo: alternative.typo});
        }
        const nodes: QueryNode[] = alternative.terms.map((term) => ({
          queries: [term],
          prefix: alternative.prefix,
          fuzzy: false,
          boost: boostOf(alternative.weight),
        }));
        return nodes.length === 1 ? nodes[0]! : {combineWith: 'AND', queries: nodes};
      }),
    })),
  };
  const results: SearchResult[] = miniSearch.search(query as Parameters<typeof miniSearch.search>[0], {
    tokenize: (text) => [text],
    processTerm: (term) => term,
    boost: {...FIELD_BOOST},
    weights: {fuzzy: 0.3, prefix: 0.75},
    boostDocument: (id) => TYPE_BOOST[records[id as number]?.y ?? 'content'],
  });
  return results.map((result) => {
    const exact = new Array<boolean>(slots.length).fill(false);
    const any = new Array<boolean>(slots.length).fill(false);
    for (const queryTerm of result.queryTerms) {
      for (const owner of owners.get(queryTerm) ?? []) {
        any[owner.slot] = true;
        if (!owner.typo) {
          exact[owner.slot] = true;
        }
      }
    }
    const matched = any.filter(Boolean).length;
    const typos = any.filter((hit, s) => hit && !exact[s]).length;
    // MiniSearch adds up the scores of every matched query string; count slots instead, so that a
    // record holding several alternatives of one word does not count it several times.
    const base = result.score / Math.max(1, result.queryTerms.length);
    const coverage = mode === 'or' ? Math.pow(matched / slots.length, 2) : 1;
    return {
      id: result.id as number,
      score: base * matched * coverage,
      terms: result.terms,
      matchedQueryTerms: matched,
      typos,
    };
  });
}
