/**
 * The prebuilt, split index of one `docusaurus_tag` (see plugins/search-index/README.md):
 *
 * - term chunks: the terms sorted and cut into ranges of about TERM_CHUNK_CHARS of JSON, each term with
 *   its postings (record id, score). The score is computed here, once: BM25 per field (title,
 *   heading, body, context) × the field boost, × the record-type boost. A query fetches the chunks of
 *   its words only, and adds scores up;
 * - record chunks: the records (hierarchy and text, for the hits and their snippets) cut at page
 *   boundaries into pieces of about DOC_CHUNK_CHARS; a query fetches those of the hits it shows;
 * - the vocabulary: every term, fetched only when a word of a query is not in the index as typed
 *   (typos, other spellings).
 */
import {
  FIELD_BOOST,
  INDEX_FORMAT,
  SCORE_SCALE,
  TYPE_BOOST,
  fieldsOf,
  type DocChunkFile,
  type IndexedPage,
  type IndexedRecord,
  type RecordFields,
  type TermChunkFile,
  type VocabularyFile,
} from '../../src/shared/search/engine';
import {indexTerms} from '../../src/shared/search/text';

/** About this many characters of JSON per term chunk (about 4 KB gzip). */
export const TERM_CHUNK_CHARS = 16000;
/** About this many characters of JSON per record chunk (about 3 KB gzip). */
export const DOC_CHUNK_CHARS = 10000;

/** MiniSearch's BM25+ parameters, kept so that the ranking stays what readers had. */
const BM25 = {k: 1.2, b: 0.7, d: 0.5} as const;

const FIELDS = Object.keys(FIELD_BOOST) as Array<keyof RecordFields>;

export interface SplitIndex {
  terms: Array<{first: string; file: TermChunkFile}>;
  docs: Array<{first: number; file: DocChunkFile}>;
  vocabulary: VocabularyFile;
}

/** Scores of every (term, record) pair: BM25 per field, boosted, summed over the fields. */
export function scorePostings(pages: IndexedPage[], records: IndexedRecord[]): Map<string, Array<[number, number]>> {
  const count = records.length;
  // Per field: the term frequencies of each record and its number of distinct terms.
  const frequencies = FIELDS.map(() => [] as Array<Map<string, number>>);
  const lengths = FIELDS.map(() => [] as number[]);
  records.forEach((record, id) => {
    const fields = fieldsOf(record, pages[record.p]!);
    FIELDS.forEach((field, f) => {
      const tf = new Map<string, number>();
      for (const term of indexTerms(fields[field])) {
        tf.set(term, (tf.get(term) ?? 0) + 1);
      }
      frequencies[f]![id] = tf;
      lengths[f]![id] = tf.size;
    });
  });
  // The average length of a field over the records that have it: only page records have a title, and
  // averaged over all records a two-word title would count as ten times too long.
  const averages = lengths.map((list) => {
    const present = list.filter((length) => length > 0);
    return present.reduce((sum, length) => sum + length, 0) / Math.max(1, present.length);
  });
  // A term's rarity is counted over whole records, not per field: a word found in many records
  // («настройка») says little even in the few titles that hold it.
  const recordFrequency = new Map<string, number>();
  for (let id = 0; id < count; id++) {
    const seen = new Set<string>();
    frequencies.forEach((field) => field[id]!.forEach((_, term) => seen.add(term)));
    seen.forEach((term) => recordFrequency.set(term, (recordFrequency.get(term) ?? 0) + 1));
  }
  const postings = new Map<string, Array<[number, number]>>();
  records.forEach((record, id) => {
    const scores = new Map<string, number>();
    FIELDS.forEach((field, f) => {
      frequencies[f]![id]!.forEach((tf, term) => {
        const df = recordFrequency.get(term)!;
        const idf = Math.log(1 + (count - df + 0.5) / (df + 0.5));
        const norm = BM25.k * (1 - BM25.b + (BM25.b * lengths[f]![id]!) / Math.max(1e-9, averages[f]!));
        const bm25 = idf * (BM25.d + (tf * (BM25.k + 1)) / (tf + norm));
        scores.set(term, (scores.get(term) ?? 0) + FIELD_BOOST[field] * bm25);
      });
    });
    scores.forEach((score, term) => {
      const list = postings.get(term);
      const entry: [number, number] = [id, Math.max(1, Math.round(score * TYPE_BOOST[record.y] * SCORE_SCALE))];
      if (list) list.push(entry);
      else postings.set(term, [entry]);
    });
  });
  return postings;
}

/** Split one index into term chunks, record chunks and the vocabulary. */
export function splitIndex(pages: IndexedPage[], records: IndexedRecord[]): SplitIndex {
  const postings = scorePostings(pages, records);
  const sorted = Array.from(postings.keys()).sort();

  const terms: SplitIndex['terms'] = [];
  let current: TermChunkFile | null = null;
  let size = 0;
  for (const term of sorted) {
    if (current === null || size >= TERM_CHUNK_CHARS) {
      current = {format: INDEX_FORMAT, terms: {}};
      terms.push({first: term, file: current});
      size = 0;
    }
    const flat: number[] = [];
    let previous = 0;
    for (const [id, score] of postings.get(term)!) {
      flat.push(id - previous, score);
      previous = id;
    }
    current.terms[term] = flat;
    size += term.length + 6 + flat.join(',').length;
  }
  if (terms.length === 0) {
    terms.push({first: '', file: {format: INDEX_FORMAT, terms: {}}});
  }

  const docs: SplitIndex['docs'] = [];
  let chunk: DocChunkFile | null = null;
  let chunkSize = 0;
  records.forEach((record, id) => {
    const startsPage = id === 0 || records[id - 1]!.p !== record.p;
    // A chunk ends at a page boundary once it is big enough, or anywhere once it is twice that.
    if (chunk === null || (chunkSize >= DOC_CHUNK_CHARS && startsPage) || chunkSize >= 2 * DOC_CHUNK_CHARS) {
      chunk = {format: INDEX_FORMAT, first: id, pages: {}, records: []};
      docs.push({first: id, file: chunk});
      chunkSize = 0;
    }
    if (!(record.p in chunk.pages)) {
      chunk.pages[record.p] = pages[record.p]!;
      chunkSize += JSON.stringify(pages[record.p]).length;
    }
    chunk.records.push(record);
    chunkSize += JSON.stringify(record).length;
  });
  if (docs.length === 0) {
    docs.push({first: 0, file: {format: INDEX_FORMAT, first: 0, pages: {}, records: []}});
  }

  return {terms, docs, vocabulary: {format: INDEX_FORMAT, terms: sorted}};
}
