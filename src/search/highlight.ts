/**
 * Highlighting and snippets in the shape DocSearch expects
 * (`_highlightResult` / `_snippetResult`).
 *
 * DocSearch injects these values as HTML, so the text is escaped first and
 * only then are the highlight tags added: a page that shows `<script>` in its
 * text cannot inject it.
 */
import {cleanText, tokenize} from '../shared/search/text';

export interface HighlightValue {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

export interface HighlightTags {
  pre: string;
  post: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Does an index term of the text match one of the matched terms (or a prefix query term)? */
type TermMatcher = (term: string) => boolean;

/** A matcher for the index terms a record matched (engine.ts `Match.terms`). */
export function matcherFor(matchedTerms: Iterable<string>): TermMatcher {
  const set = new Set<string>(Array.from(matchedTerms));
  return (term) => set.has(term);
}

interface Span {
  start: number;
  end: number;
}

function matchSpans(text: string, matches: TermMatcher): {spans: Span[]; words: string[]} {
  const spans: Span[] = [];
  const words: string[] = [];
  for (const token of tokenize(text)) {
    if (token.term !== null && matches(token.term)) {
      spans.push({start: token.start, end: token.end});
      words.push(token.text);
      continue;
    }
    for (const part of token.parts) {
      if (matches(part.term)) {
        spans.push({start: part.start, end: part.end});
        words.push(text.slice(part.start, part.end));
      }
    }
  }
  return {spans, words};
}

function render(text: string, spans: Span[], from: number, to: number, tags: HighlightTags): string {
  let out = '';
  let cursor = from;
  for (const span of spans) {
    if (span.end <= from || span.start >= to) {
      continue;
    }
    const start = Math.max(span.start, from);
    const end = Math.min(span.end, to);
    out += escapeHtml(text.slice(cursor, start));
    out += tags.pre + escapeHtml(text.slice(start, end)) + tags.post;
    cursor = end;
  }
  return out + escapeHtml(text.slice(cursor, to));
}

function level(spans: Span[], words: string[], queryTermCount: number): HighlightValue['matchLevel'] {
  if (spans.length === 0) {
    return 'none';
  }
  return new Set(words.map((word) => word.toLowerCase())).size >= queryTermCount ? 'full' : 'partial';
}

/**
 * Of one text, reading its tokens once: the highlight (the whole text, escaped, with matched words
 * wrapped in the tags) and the snippet (a window of about `wordCount` words around the first match,
 * or the start of the text, with the ellipsis where the text is cut).
 */
export function highlightAndSnippet(
  rawText: string,
  matches: TermMatcher,
  tags: HighlightTags,
  wordCount: number,
  ellipsis: string,
  queryTermCount = 1,
): {highlight: HighlightValue; snippet: HighlightValue} {
  const text = cleanText(rawText);
  const {spans, words} = matchSpans(text, matches);
  const matchLevel = level(spans, words, queryTermCount);
  const wordStarts = Array.from(text.matchAll(/\S+/g), (m) => m.index);
  let fromWord = 0;
  if (spans.length > 0) {
    const firstMatch = spans[0]!.start;
    let matchWord = 0;
    while (matchWord + 1 < wordStarts.length && wordStarts[matchWord + 1]! <= firstMatch) {
      matchWord++;
    }
    // Put the first match about a third into the window.
    fromWord = Math.max(0, matchWord - Math.floor(wordCount / 3));
  }
  const toWord = Math.min(wordStarts.length, fromWord + wordCount);
  if (wordStarts.length > toWord && toWord - fromWord < wordCount) {
    fromWord = Math.max(0, toWord - wordCount);
  }
  const from = wordStarts.length > 0 ? wordStarts[fromWord]! : 0;
  let to = text.length;
  if (toWord < wordStarts.length) {
    to = wordStarts[toWord]!;
    while (to > from && /\s/.test(text[to - 1]!)) {
      to--;
    }
  }
  const snippet = (from > 0 ? ellipsis : '') + render(text, spans, from, to, tags) + (to < text.length ? ellipsis : '');
  return {
    highlight: {
      value: render(text, spans, 0, text.length, tags),
      matchLevel,
      matchedWords: words,
      fullyHighlighted: spans.length === 1 && spans[0]!.start === 0 && spans[0]!.end === text.length,
    },
    snippet: {value: snippet, matchLevel, matchedWords: words},
  };
}
