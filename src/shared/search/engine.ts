/**
 * The search engine shared by the indexer (Node) and the search worker (browser): the format of the
 * prebuilt, split index, the vocabulary the forgiving search looks words up in, query expansion
 * (synonyms, spellings, typos) and the scoring of one index from the postings a query loaded.
 *
 * The index is prebuilt (plugins/search-index/split.ts): every posting carries its score, computed at
 * build time with BM25 over the record's fields (title, heading, body, context) and the field and
 * record-type boosts. A query only looks scores up and adds them; nothing is built in the browser.
 */
import {allowedTypos, editDistance, isCyrillicWord, isHyphenatedWord, isLatinWord, soundKeys, SPELLING_DICTIONARY} from './forgiving';
import {isCompoundTerm, queryTerms, tokenize, cleanText, foldCase, QUESTION_FILLERS} from './text';

/** Bump when the file format or the text analysis changes. */
export const INDEX_FORMAT = 5;

export type RecordType = 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6' | 'content';

/** One page of an index. */
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
  /** Index of the page in the index's pages. */
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

/**
 * `search/<name>.t<n>.<hash>.json`: the postings of a range of terms. A term's postings are a flat
 * list of pairs: the record id as the difference from the previous one, then the score × SCORE_SCALE.
 */
export interface TermChunkFile {
  format: number;
  terms: Record<string, number[]>;
}

/** `search/<name>.d<n>.<hash>.json`: the records from `first` on, and the pages they belong to. */
export interface DocChunkFile {
  format: number;
  first: number;
  pages: Record<string, IndexedPage>;
  records: IndexedRecord[];
}

/** `search/<name>.v.<hash>.json`: every term of the index, sorted (for typos and spellings). */
export interface VocabularyFile {
  format: number;
  terms: string[];
}

/** Scores are stored as integers: the score times this. */
export const SCORE_SCALE = 20;

export interface ManifestEntry {
  /** File name stem of the index's files: `docs-default-9.0` → `search/docs-default-9.0.t3.<hash>.json`. */
  name: string;
  tag: string;
  language: string;
  version: string | null;
  pages: number;
  records: number;
  /** Term chunks: the first term of each (sorted) and the hash of its file. */
  terms: {first: string[]; hash: string[]};
  /** The id of the first record of each page (records are stored page by page). */
  pageStarts: number[];
  /**
   * Which records start a section (a heading and the text under it, one address): a bit per record,
   * base64. Hits of one section are shown once, the best (Algolia's `distinct` on the URL).
   */
  sections: string;
  /** Record chunks: the id of the first record of each and the hash of its file. */
  docs: {first: number[]; hash: string[]};
  /** Hash of the vocabulary file. */
  vocabulary: string;
  /**
   * Which synonym terms (`synonymTerms` of the manifest's synonyms, in order) the index holds, as a
   * word or as the start of one: a bit per term, base64. A query does not fetch the term chunk of a
   * synonym the index does not have («трешхолд» for «пороги»).
   */
  synonymsHeld?: string;
  /**
   * Abbreviations of the glossary's terms (`ке`, `рг`, as index terms) and the page of this index that
   * explains each: a query made of one ranks that guide first.
   */
  abbreviations?: Record<string, number>;
  /** Bytes of all the index's files. */
  bytes: number;
}

/** The JSON of `search/manifest.json`. */
export interface Manifest {
  format: number;
  indexes: Record<string, ManifestEntry>;
  /** Synonym groups from `config/search-synonyms.txt`, expanded at query time. */
  synonyms?: string[][];
  /** The search worker's script, from the site root without the leading slash. */
  worker?: string;
}

/** Path of an index file from the site root, without the leading slash. */
export function termChunkPath(entry: ManifestEntry, chunk: number): string {
  return `search/${entry.name}.t${chunk}.${entry.terms.hash[chunk]}.json`;
}

export function docChunkPath(entry: ManifestEntry, chunk: number): string {
  return `search/${entry.name}.d${chunk}.${entry.docs.hash[chunk]}.json`;
}

export function vocabularyPath(entry: ManifestEntry): string {
  return `search/${entry.name}.v.${entry.vocabulary}.json`;
}

/** Every file of an index, from the site root without the leading slash. */
export function indexFiles(entry: ManifestEntry): string[] {
  return entry.terms.hash
    .map((_, chunk) => termChunkPath(entry, chunk))
    .concat(entry.docs.hash.map((_, chunk) => docChunkPath(entry, chunk)), vocabularyPath(entry));
}

/** A bit per record, set where `starts` is true, as base64. */
export function encodeBits(count: number, starts: (id: number) => boolean): string {
  const bytes = new Uint8Array(Math.ceil(count / 8));
  for (let id = 0; id < count; id++) {
    if (starts(id)) bytes[id >> 3]! |= 1 << (id & 7);
  }
  let binary = '';
  bytes.forEach((byte) => {
    binary += String.fromCharCode(byte);
  });
  return btoa(binary);
}

/** The section of every record (the id of the record that starts it), from `encodeBits`. */
export function sectionsOf(count: number, bits: string): Int32Array {
  const binary = atob(bits);
  const out = new Int32Array(count);
  let current = 0;
  for (let id = 0; id < count; id++) {
    if ((binary.charCodeAt(id >> 3) >> (id & 7)) & 1) current = id;
    out[id] = current;
  }
  return out;
}

/** The last index of a sorted list whose value is `<= value` (0 when none is). */
export function chunkOf<T extends string | number>(firsts: readonly T[], value: T): number {
  let low = 0;
  let high = firsts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (firsts[middle]! <= value) {
      low = middle;
    } else {
      high = middle - 1;
    }
  }
  return low;
}

/** The term chunks that may hold terms starting with `prefix`. */
export function chunksOfPrefix(firsts: readonly string[], prefix: string): number[] {
  const from = chunkOf(firsts, prefix);
  const out = [from];
  for (let chunk = from + 1; chunk < firsts.length && firsts[chunk]!.startsWith(prefix); chunk++) {
    out.push(chunk);
  }
  return out;
}

/** Field boosts of the scores: page title 6, heading 3, body 1, context (title and headings above) 0.4. */
export const FIELD_BOOST = {title: 6, heading: 3, content: 1, context: 0.4} as const;

/** Record-type boosts: a page or a section that is about the words ranks above a paragraph. */
export const TYPE_BOOST: Record<RecordType, number> = {
  lvl1: 1.5,
  lvl2: 1.2,
  lvl3: 1.15,
  lvl4: 1.1,
  lvl5: 1.1,
  lvl6: 1.1,
  content: 1,
};

/** The fields of a record that are scored. */
export interface RecordFields {
  /** Page title, only on the page's lvl1 record. */
  title: string;
  /** The record's own heading (lvl2..lvl6 records). */
  heading: string;
  /** Body text (content records). */
  content: string;
  /** Where the record sits: the page title and the heading chain above it. */
  context: string;
}

export function fieldsOf(record: IndexedRecord, page: IndexedPage): RecordFields {
  const heading = record.y === 'lvl1' || record.y === 'content' ? '' : record.h[record.h.length - 1] ?? '';
  const parents = record.y === 'content' ? record.h : record.h.slice(0, -1);
  return {
    title: record.y === 'lvl1' ? page.t : '',
    heading,
    content: record.c ?? '',
    context: [record.y === 'lvl1' ? '' : page.t].concat(parents).join(' '),
  };
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

/**
 * The words of a query (stop words dropped, duplicates removed, at most `limit`). Question words and
 * fillers («почему», «такое», «сколько», «нужно»…) are dropped too when other words remain: they
 * are in every question and in no answer.
 */
export function queryWords(query: string, limit = Infinity): QueryWord[] {
  const seen = new Set<string>();
  const tokens = tokenize(cleanText(query)).filter((token) => token.term !== null);
  const meaningful = tokens.filter((token) => !QUESTION_FILLERS.has(foldCase(token.text)));
  const words: QueryWord[] = [];
  for (const token of meaningful.length > 0 ? meaningful : tokens) {
    if (!seen.has(token.term!) && words.length < limit) {
      seen.add(token.term!);
      words.push({term: token.term!, text: token.text});
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

/** Every term a synonym expansion can add, sorted: the order of `ManifestEntry.synonymsHeld`. */
export function synonymTerms(table: SynonymTable): string[] {
  return Array.from(new Set(table.groups.flat(2))).sort();
}

/** The first index of a sorted list whose value is `>= value` (the list's length when none is). */
export function firstAtLeast(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Whether a sorted list of terms holds `term`, or a term that starts with it. */
export function holdsPrefix(sortedTerms: readonly string[], term: string): boolean {
  const at = firstAtLeast(sortedTerms, term);
  return at < sortedTerms.length && sortedTerms[at]!.startsWith(term);
}

/** The synonym terms an index does not hold (from `synonymsHeld`; none known without it). */
export function synonymsMissing(table: SynonymTable, held: string | undefined): Set<string> {
  const missing = new Set<string>();
  if (held === undefined) return missing;
  const binary = atob(held);
  synonymTerms(table).forEach((term, i) => {
    if (!((binary.charCodeAt(i >> 3) >> (i & 7)) & 1)) missing.add(term);
  });
  return missing;
}

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
  /** Which words get typo and spelling variants (all, when absent). */
  wants?: (word: QueryWord) => boolean,
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
    if (span === 1 && expand && vocabulary !== null && (wants === undefined || wants(words[i]!))) {
      for (const alternative of wordVariants(words[i]!, vocabulary)) {
        add(alternative);
      }
    }
    slots.push({alternatives});
    i += span;
  }
  return slots;
}

/** The postings of one term: record ids and their scores (× SCORE_SCALE). */
export interface Postings {
  ids: Int32Array;
  scores: Float32Array;
}

/** Decodes a term's postings as stored: id differences and scores, in pairs. */
export function decodePostings(flat: readonly number[]): Postings {
  const count = flat.length >> 1;
  const ids = new Int32Array(count);
  const scores = new Float32Array(count);
  let id = 0;
  for (let i = 0; i < count; i++) {
    id += flat[2 * i]!;
    ids[i] = id;
    scores[i] = flat[2 * i + 1]! / SCORE_SCALE;
  }
  return {ids, scores};
}

/** What the scoring of one index needs: the postings the query loaded. */
export interface TermSource {
  /** Postings of a term, or undefined when the index does not hold it (or its chunk is not loaded). */
  postings(term: string): Postings | undefined;
  /** Loaded terms that start with `prefix` and are longer. */
  extensions(prefix: string): string[];
}

/** A ranked match of one record. */
export interface Match {
  id: number;
  score: number;
  /** Index terms that matched (for highlighting). */
  terms: string[];
  /** How many slots of the query matched. */
  matchedQueryTerms: number;
  /** How many slots matched only through a typo (0 ranks first). */
  typos: number;
}

/** Weight of a prefix match (MiniSearch's rule): 0.75, falling slowly with the letters added. */
const PREFIX_WEIGHT = 0.75;
/** Most index terms one prefix expands to (the closest in length first). */
const MAX_PREFIX_TERMS = 60;

function prefixWeight(prefix: string, term: string): number {
  return (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * (term.length - prefix.length));
}

/** The index terms (with weights) an alternative's term stands for: itself, and its extensions. */
function expansions(source: TermSource, term: string, prefix: boolean): Array<[string, number]> {
  const out: Array<[string, number]> = [[term, 1]];
  if (prefix) {
    const longer = source.extensions(term).sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
    for (const extension of longer.slice(0, MAX_PREFIX_TERMS)) {
      out.push([extension, prefixWeight(term, extension)]);
    }
  }
  return out;
}

interface SlotHit {
  score: number;
  exact: boolean;
  terms: string[];
}

/** Best score of each record for one alternative (a phrase needs every term in the record). */
function alternativeScores(source: TermSource, alternative: Alternative): Map<number, SlotHit> {
  let combined: Map<number, SlotHit> | null = null;
  for (const term of alternative.terms) {
    const scores = new Map<number, SlotHit>();
    for (const [indexTerm, weight] of expansions(source, term, alternative.prefix)) {
      const postings = source.postings(indexTerm);
      if (!postings) continue;
      for (let i = 0; i < postings.ids.length; i++) {
        const id = postings.ids[i]!;
        const score = postings.scores[i]! * weight * alternative.weight;
        const known = scores.get(id);
        if (!known) {
          scores.set(id, {score, exact: !alternative.typo, terms: [indexTerm]});
        } else {
          if (score > known.score) known.score = score;
          known.terms.push(indexTerm);
        }
      }
    }
    if (combined === null) {
      combined = scores;
    } else {
      const next = new Map<number, SlotHit>();
      combined.forEach((hit, id) => {
        const other = scores.get(id);
        if (other) next.set(id, {score: hit.score + other.score, exact: hit.exact, terms: hit.terms.concat(other.terms)});
      });
      combined = next;
    }
  }
  return combined ?? new Map();
}

/**
 * Search one index. `mode` `and` keeps records matching every slot of the query; `or` keeps
 * records matching any, ranked by how many they match (the share of slots, squared).
 * A slot's score is that of its best alternative; a record's score is the sum over its slots. In
 * `or` mode a slot also counts by its rarity (`recordCount` records in the index): in «настройка LDAP»
 * the rare word says more than the common one. So it does in `and` mode when a word of the query
 * matched nothing as typed and only its typos matched: «пороиг срабатывания» is «порог срабатывания»,
 * the typo counts as the word it stands for, and the common word next to it no longer decides.
 */
export function searchIndex(source: TermSource, slots: Slot[], mode: 'and' | 'or', recordCount = 0): Match[] {
  if (slots.length === 0) {
    return [];
  }
  interface Acc {
    score: number;
    matched: number;
    typos: number;
    terms: string[];
  }
  // The best alternative per record and slot; an exact (non-typo) match anywhere in the slot counts as exact.
  const bests = slots.map((slot) => {
    const best = new Map<number, SlotHit>();
    for (const alternative of slot.alternatives) {
      alternativeScores(source, alternative).forEach((hit, id) => {
        const known = best.get(id);
        if (!known) {
          best.set(id, {score: hit.score, exact: hit.exact, terms: hit.terms.slice()});
        } else {
          if (hit.score > known.score) known.score = hit.score;
          known.exact = known.exact || hit.exact;
          known.terms.push(...hit.terms);
        }
      });
    }
    return best;
  });
  const typoOnly = bests.map((best) => {
    let exact = false;
    best.forEach((hit) => {
      exact = exact || hit.exact;
    });
    return best.size > 0 && !exact;
  });
  const byRarity = recordCount > 0 && (mode === 'or' || typoOnly.some(Boolean));
  const records = new Map<number, Acc>();
  bests.forEach((best, index) => {
    const rarity = byRarity ? Math.log(1 + recordCount / Math.max(1, best.size)) : 1;
    const weight = rarity * (typoOnly[index] ? 1 / WEIGHT.typo : 1);
    best.forEach((hit, id) => {
      let acc = records.get(id);
      if (!acc) {
        if (mode === 'and' && index > 0) return;
        acc = {score: 0, matched: 0, typos: 0, terms: []};
        records.set(id, acc);
      }
      if (mode === 'and' && acc.matched !== index) return;
      acc.score += hit.score * weight;
      acc.matched += 1;
      acc.typos += hit.exact ? 0 : 1;
      acc.terms.push(...hit.terms);
    });
  });
  const out: Match[] = [];
  records.forEach((acc, id) => {
    if (mode === 'and' && acc.matched !== slots.length) return;
    const coverage = mode === 'or' ? Math.pow(acc.matched / slots.length, 2) : 1;
    out.push({
      id,
      score: acc.score * coverage,
      terms: Array.from(new Set(acc.terms)),
      matchedQueryTerms: acc.matched,
      typos: acc.typos,
    });
  });
  return out;
}

/** Index terms an expanded query needs: every alternative's terms, and the prefixes to extend. */
export function termsOfSlots(slots: Slot[]): {terms: string[]; prefixes: string[]} {
  const terms = new Set<string>();
  const prefixes = new Set<string>();
  for (const slot of slots) {
    for (const alternative of slot.alternatives) {
      for (const term of alternative.terms) {
        terms.add(term);
        if (alternative.prefix) prefixes.add(term);
      }
    }
  }
  return {terms: Array.from(terms), prefixes: Array.from(prefixes)};
}
