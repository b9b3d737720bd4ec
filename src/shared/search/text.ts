/**
 * Text analysis shared by the indexer (`plugins/search-index`, Node) and the
 * browser client: the same tokens, stop words and stems on both sides, or
 * nothing would ever match.
 *
 * - Words are lowercased and `ё` is folded into `е`.
 * - Technical tokens stay whole: `source.ZabbixHosts`, `max_connections`,
 *   `http-probe`, `9.0.6`. The index also gets their parts (`zabbixhosts`,
 *   `connections`), the query keeps them whole.
 * - Cyrillic words are stemmed with the Russian Snowball stemmer
 *   (`метрика`, `метрики`, `метрикам`, `метрик` → `метрик`).
 * - Russian stop words are dropped.
 *
 * Compiled by Docusaurus with loose Babel: no spread of Sets or iterators here.
 */
import {stemmer as russianStemmer} from '@orama/stemmers/russian';

/** A word with its position in the source text. */
export interface Token {
  /** The original text of the token. */
  text: string;
  start: number;
  end: number;
  /** Index terms of the whole token (one term), or none for a stop word. */
  term: string | null;
  /** Parts of a compound token (`source`, `zabbixhosts`) with their positions. */
  parts: Array<{start: number; end: number; term: string}>;
}

/** The Russian Snowball stop list (ё folded into е). */
const STOP_WORD_LIST =
  'и в во не что он на я с со как а то все она так его но да ты к у же вы за бы по только ее ' +
  'мне было вот от меня еще нет о из ему теперь когда даже ну вдруг ли если уже или ни быть был ' +
  'него до вас нибудь опять уж вам ведь там потом себя ничего ей может они тут где есть надо ней ' +
  'для мы тебя их чем была сам чтоб без будто чего раз тоже себе под будет ж тогда кто этот того ' +
  'потому этого какой совсем ним здесь этом один почти мой тем чтобы нее сейчас были куда зачем ' +
  'всех никогда можно при наконец два об другой хоть после над больше тот через эти нас про всего ' +
  'них какая много разве три эту моя впрочем хорошо свою этой перед иногда лучше чуть том нельзя ' +
  'такой им более всегда конечно всю между это либо также';

export const STOP_WORDS: ReadonlySet<string> = new Set(STOP_WORD_LIST.split(' '));

/**
 * Question words and fillers of questions as readers type them («почему не приходят сигналы», «что
 * такое КЕ», «сколько хранятся метрики»). Not stop words: alone («что такое») they are the query.
 */
const QUESTION_FILLER_LIST =
  'почему отчего зачем как каков какой какая какое какие каких каким какими каком что чем такое такой ' +
  'такая такие это этого сколько где куда откуда когда можно ли нужно нужен нужна нужны надо необходимо ' +
  'хочу хотим могу может мне нам я мы сделать делать пожалуйста вопрос';

export const QUESTION_FILLERS: ReadonlySet<string> = new Set(QUESTION_FILLER_LIST.split(' '));

/** A query that reads as a question: it starts with a question word or ends with «?». */
export function isQuestion(query: string): boolean {
  const first = /[\p{L}]+/u.exec(query)?.[0];
  return /\?\s*$/.test(query) || (first !== undefined && QUESTION_START.has(foldCase(first)));
}

const QUESTION_START: ReadonlySet<string> = new Set(
  'почему отчего зачем как какой какая какое какие каких сколько где куда откуда когда можно что кто чем'.split(' '),
);

/**
 * A token: letters, digits and `_`, joined by `.`, `-`, `/`, `:` or `@` when a
 * letter or digit follows (so the full stop at the end of a sentence is not
 * part of the word).
 */
const TOKEN_RE = /[\p{L}\p{N}_]+(?:[.\-/:@][\p{L}\p{N}_]+)*/gu;
const PART_RE = /[\p{L}\p{N}]+/gu;
const CYRILLIC_WORD_RE = /^[а-я]+$/;
const JOINER_RE = /[._\-/:@]/;

/** Lowercase, fold `ё` into `е`, drop soft hyphens and zero-width characters. */
export function foldCase(text: string): string {
  return text.toLowerCase().replace(/ё/g, 'е');
}

/** Strip characters that never belong to words but hide inside them. */
export function cleanText(text: string): string {
  return text.replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, '');
}

/** Stems already computed: words repeat a lot, and highlighting re-reads every hit's text. */
const stemCache = new Map<string, string>();
const STEM_CACHE_LIMIT = 50000;

function stem(folded: string): string {
  let stemmed = stemCache.get(folded);
  if (stemmed === undefined) {
    stemmed = russianStemmer(folded).replace(/ё/g, 'е');
    if (stemCache.size >= STEM_CACHE_LIMIT) {
      stemCache.clear();
    }
    stemCache.set(folded, stemmed);
  }
  return stemmed;
}

/** The index term of one simple word (no joiners), or null for a stop word. */
export function normalizeWord(word: string): string | null {
  const folded = foldCase(word);
  if (folded === '' || STOP_WORDS.has(folded)) {
    return null;
  }
  if (CYRILLIC_WORD_RE.test(folded) && folded.length > 2) {
    return stem(folded);
  }
  return folded;
}

/** The term of a whole token: compounds stay whole and unstemmed. */
export function normalizeToken(token: string): string | null {
  if (JOINER_RE.test(token)) {
    const folded = foldCase(token);
    return folded.replace(/^[_]+|[_]+$/g, '') || null;
  }
  return normalizeWord(token);
}

/** Tokens of a text with their positions (used by highlighting). */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  TOKEN_RE.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = TOKEN_RE.exec(text)) !== null) {
    const raw = match[0];
    const start = match.index;
    const parts: Token['parts'] = [];
    if (JOINER_RE.test(raw)) {
      PART_RE.lastIndex = 0;
      let part: RegExpExecArray | null;
      while ((part = PART_RE.exec(raw)) !== null) {
        const term = normalizeWord(part[0]);
        if (term !== null) {
          parts.push({start: start + part.index, end: start + part.index + part[0].length, term});
        }
      }
    }
    tokens.push({text: raw, start, end: start + raw.length, term: normalizeToken(raw), parts});
  }
  return tokens;
}

/** Terms written to the index for a text: whole tokens plus the parts of compounds. */
export function indexTerms(text: string): string[] {
  const terms: string[] = [];
  for (const token of tokenize(cleanText(text))) {
    if (token.term !== null) {
      terms.push(token.term);
    }
    for (const part of token.parts) {
      if (part.term !== token.term) {
        terms.push(part.term);
      }
    }
  }
  return terms;
}

/** Terms of a query: whole tokens only, stop words dropped, duplicates removed. */
export function queryTerms(query: string): string[] {
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const token of tokenize(cleanText(query))) {
    if (token.term !== null && !seen.has(token.term)) {
      seen.add(token.term);
      terms.push(token.term);
    }
  }
  return terms;
}

/** True for a technical token (kept whole, never fuzzy). */
export function isCompoundTerm(term: string): boolean {
  return JOINER_RE.test(term) || /\d/.test(term);
}
