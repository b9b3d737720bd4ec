/**
 * How the local search forgives the way people type (pure functions, shared by the browser client
 * and the tests):
 *
 * - typos: Algolia's default rule, one edit for words of 4–7 letters and two from 8, a
 *   transposition is one edit (Damerau), never on numbers, versions, codes or identifiers;
 * - the other keyboard layout, both ways (ЙЦУКЕН ↔ QWERTY): «gjhjub» is «пороги»;
 * - Cyrillic spellings of Latin names and the reverse (заббикс ↔ zabbix): both spellings are
 *   reduced to one Latin sound key by a transliteration rule, plus a small dictionary for what a
 *   rule cannot do;
 * - synonym groups written by writers in `config/search-synonyms.txt` (parsed here).
 *
 * Compiled by Docusaurus with loose Babel: no spread of Sets or iterators here.
 */

/** Longest query the client works on; the rest is ignored (a pasted page must not freeze the tab). */
export const MAX_QUERY_LENGTH = 256;
/** Most words of a query that are searched. */
export const MAX_QUERY_WORDS = 10;
/** Words of a query that get typo, spelling and synonym variants (the first ones). */
export const MAX_EXPANDED_WORDS = 6;

/** Letters, or letters joined by hyphens (`бизнес-процессы` is a word, not an identifier). */
const LETTERS_ONLY_RE = /^\p{L}+(?:-\p{L}+)*$/u;

/** An identifier (`CreateSignalExpanded`) this long or longer may hold one typo. */
export const IDENTIFIER_TYPO_LENGTH = 12;

/**
 * How many typos a typed word may contain: 0 below 4 letters, 1 for 4–7, 2 from 8.
 * Words with digits or joiners (`.`, `_`, `-`, `/`, `:`, `@`) are codes: no typo at all. Identifiers,
 * with capitals inside (`ZabbixHosts`, `monqCtl`) or only capitals (`SNMP`), stay exact below
 * {@link IDENTIFIER_TYPO_LENGTH} letters and get one typo from there: a long function or model name
 * is typed wrong as often as a word, and no other identifier is one edit from it. Variants are only
 * looked for when the index holds nothing as typed.
 */
export function allowedTypos(word: string): number {
  if (!LETTERS_ONLY_RE.test(word)) {
    return 0;
  }
  if (/\p{Ll}\p{Lu}/u.test(word) || /^\p{Lu}{2,}$/u.test(word)) {
    return Array.from(word).length >= IDENTIFIER_TYPO_LENGTH ? 1 : 0;
  }
  const length = Array.from(word.replace(/-/g, '')).length;
  if (length >= 8) {
    return 2;
  }
  return length >= 4 ? 1 : 0;
}

/**
 * Damerau–Levenshtein distance (optimal string alignment: an adjacent transposition is one edit),
 * or `max + 1` as soon as the distance is known to exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) {
    return max + 1;
  }
  if (la === 0 || lb === 0) {
    return Math.max(la, lb);
  }
  // Three rows of the table, reused between calls; only the band |i - j| <= max is computed.
  const width = lb + 1;
  if (rows.length < width * 3) {
    rows = new Int32Array(width * 3 * 2);
  }
  const big = max + 1;
  let prevPrev = 0;
  let prev = width;
  let row = width * 2;
  for (let j = 0; j <= lb; j++) {
    rows[prev + j] = j <= max ? j : big;
  }
  for (let i = 1; i <= la; i++) {
    const from = Math.max(1, i - max);
    const to = Math.min(lb, i + max);
    rows[row] = i <= max ? i : big;
    if (from > 1) {
      rows[row + from - 1] = big;
    }
    let rowMin = big;
    const ca = a.charCodeAt(i - 1);
    for (let j = from; j <= to; j++) {
      const cb = b.charCodeAt(j - 1);
      let value = rows[prev + j - 1]! + (ca === cb ? 0 : 1);
      const del = rows[prev + j]! + 1;
      const ins = rows[row + j - 1]! + 1;
      if (del < value) value = del;
      if (ins < value) value = ins;
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        const swap = rows[prevPrev + j - 2]! + 1;
        if (swap < value) value = swap;
      }
      if (value > big) value = big;
      rows[row + j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (to < lb) {
      rows[row + to + 1] = big;
    }
    if (rowMin > max) {
      return big;
    }
    const spare = prevPrev;
    prevPrev = prev;
    prev = row;
    row = spare;
  }
  return Math.min(rows[prev + lb]!, big);
}

let rows = new Int32Array(64 * 3);

// ---------------------------------------------------------------------------------------------
// Keyboard layout

/** The keys of the Russian ЙЦУКЕН layout and the QWERTY keys under them (lowercase, then shifted). */
const QWERTY = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`QWERTYUIOP{}ASDFGHJKL:\"ZXCVBNM<>~";
const JCUKEN = 'йцукенгшщзхъфывапролджэячсмитьбюёЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮЁ';

const TO_CYRILLIC = new Map<string, string>();
const TO_LATIN = new Map<string, string>();
for (let i = 0; i < QWERTY.length; i++) {
  TO_CYRILLIC.set(QWERTY[i]!, JCUKEN[i]!);
  TO_LATIN.set(JCUKEN[i]!, QWERTY[i]!);
}

/**
 * The query as it would read typed in the other layout: a query of Latin letters becomes Cyrillic
 * («gjhjub» → «пороги»), a query of Cyrillic letters becomes Latin («яфиишч» → «zabbix»). Keys that
 * are letters in the other layout (`[`, `;`, `,`, `.`, `` ` ``…) are converted with the letters.
 * Returns null when the query mixes both alphabets (typed on purpose) or has no letter to convert.
 */
export function switchLayout(query: string): string | null {
  const hasLatin = /[A-Za-z]/.test(query);
  const hasCyrillic = /[А-яЁё]/.test(query);
  if (hasLatin === hasCyrillic) {
    return null;
  }
  const map = hasLatin ? TO_CYRILLIC : TO_LATIN;
  let out = '';
  for (const char of Array.from(query)) {
    out += map.get(char) ?? char;
  }
  return out === query ? null : out;
}

// ---------------------------------------------------------------------------------------------
// Transliteration

const CYRILLIC_TO_LATIN: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'i', к: 'k',
  л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'ts',
  ч: 'ch', ш: 'sh', щ: 'sh', ъ: '', ы: 'i', ь: '', э: 'e', ю: 'u', я: 'a',
};

/**
 * Spellings a rule cannot reach: the Cyrillic form as readers say the name, and the Latin name.
 * Both sides are reduced with {@link soundKeys}; keep this list short.
 */
export const SPELLING_DICTIONARY: ReadonlyArray<readonly [string, string]> = [
  ['вмвар', 'vmware'],
  ['вэмвэр', 'vmware'],
  ['энджинкс', 'nginx'],
  ['нджинкс', 'nginx'],
  ['эластик', 'elasticsearch'],
  ['постгре', 'postgresql'],
  ['эскуэль', 'sql'],
  ['виндовс', 'windows'],
  ['линукс', 'linux'],
];

const CYRILLIC_RE = /^[а-яё]+$/;
const LATIN_RE = /^[a-z]+$/;
const HYPHENATED_RE = /^(?:[а-яё]+(?:-[а-яё]+)+|[a-z]+(?:-[a-z]+)+)$/;

/** A word of letters of one alphabet joined by hyphens: `бизнес-процессы`, `read-only`. */
export function isHyphenatedWord(word: string): boolean {
  return HYPHENATED_RE.test(word);
}

export function isCyrillicWord(word: string): boolean {
  return CYRILLIC_RE.test(word);
}

export function isLatinWord(word: string): boolean {
  return LATIN_RE.test(word);
}

function collapseDoubles(text: string): string {
  return text.replace(/(.)\1+/g, '$1');
}

/**
 * Sound keys of a word: Latin letters as a Russian reader would write them, and Cyrillic letters
 * transliterated, reduced to the same alphabet (`x` → `ks`, `th` → `t`, `w` → `v`, `y` → `i`,
 * `q` → `k`, doubled letters once). `c` gives several keys (`k`, `s` before e/i, `ts`) and a silent
 * final `e` is dropped in a second key. «заббикс» and «zabbix» share `zabiks`; «монкцтл» and
 * «monqctl» share `monktstl`. Returns [] for a word of another kind (digits, mixed alphabets).
 */
export function soundKeys(word: string): string[] {
  const lower = word.toLowerCase();
  if (CYRILLIC_RE.test(lower)) {
    let latin = '';
    for (const char of lower) {
      latin += CYRILLIC_TO_LATIN[char] ?? '';
    }
    return [collapseDoubles(latin)];
  }
  if (!LATIN_RE.test(lower)) {
    return [];
  }
  const base = lower
    .replace(/sch/g, 'sh')
    .replace(/ph/g, 'f')
    .replace(/th/g, 't')
    .replace(/ck/g, 'k')
    .replace(/qu/g, 'kv')
    .replace(/q/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/w/g, 'v')
    .replace(/j/g, 'dzh')
    .replace(/y/g, 'i');
  const keys = new Set<string>();
  const variants = base.includes('c')
    ? [
        base.replace(/ch/g, '§').replace(/c(?=[ei])/g, 's').replace(/c/g, 'k').replace(/§/g, 'ch'),
        base.replace(/ch/g, '§').replace(/c/g, 'k').replace(/§/g, 'ch'),
        base.replace(/ch/g, '§').replace(/c/g, 'ts').replace(/§/g, 'ch'),
      ]
    : [base];
  for (const variant of variants) {
    const key = collapseDoubles(variant);
    keys.add(key);
    if (key.length > 4 && key.endsWith('e')) {
      keys.add(key.slice(0, -1));
    }
  }
  return Array.from(keys);
}

// ---------------------------------------------------------------------------------------------
// Synonyms

/**
 * Parse the synonym file: one group a line, its members (words or phrases) separated by `/`;
 * `#` starts a comment. Members are kept as written; the client normalizes them like queries.
 */
export function parseSynonyms(text: string): string[][] {
  const groups: string[][] = [];
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    if (line === '') {
      continue;
    }
    const members = line
      .split('/')
      .map((member) => member.trim().replace(/\s+/g, ' '))
      .filter((member) => member !== '');
    if (members.length > 1) {
      groups.push(members);
    }
  }
  return groups;
}

/** Strip characters that have no business in a query: controls, bidi marks, zero-width marks. */
export function sanitizeQuery(query: string): string {
  return (
    query
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/g, ' ')
      .slice(0, MAX_QUERY_LENGTH)
      .replace(/\s+/g, ' ')
      .trim()
  );
}
