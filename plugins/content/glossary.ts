/**
 * The glossary's source (src/pages/glossary.mdx) read at build time: its terms (`### Термин {#id}`,
 * then a definition paragraph) with the first sentence of each definition, and every anchor the page
 * has (`{#id}` of any heading). rehype-glossary-cards.ts puts the first sentence beside each link to
 * `/glossary#id` and stops the build on a link whose anchor the glossary does not have;
 * plugins/search-index/glossary.ts reads the abbreviations of the terms from their entries.
 */
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

/** The glossary's source, from the site directory. */
export const GLOSSARY_FILE = 'src/pages/glossary.mdx';

/** A piece of a definition's first sentence: plain text, or inline code. */
export type InlinePart = { text: string; code?: true };

export interface GlossaryTerm {
  /** The anchor: `signal` of `/glossary#signal`. */
  id: string;
  /** The heading's text: «Сигнал». */
  term: string;
  /** The definition's first sentence as the reader sees it, Markdown removed. */
  sentence: string;
  /** The same sentence in pieces, inline code kept apart (the card shows it as code). */
  parts: InlinePart[];
  /** The entry's Markdown: the lines between its heading and the next heading. */
  body: string;
}

export interface Glossary {
  terms: Map<string, GlossaryTerm>;
  /** Every anchor of the glossary page: the terms', the letters' and the title's. */
  anchors: Set<string>;
}

const HEADING_RE = /^(#{1,6})\s+(.+?)\s*\{#([\w-]+)\}\s*$/;

/** Parses the glossary's MDX source. */
export function parseGlossary(source: string): Glossary {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const terms = new Map<string, GlossaryTerm>();
  const anchors = new Set<string>();
  lines.forEach((line, index) => {
    const heading = HEADING_RE.exec(line);
    if (!heading) return;
    const [, hashes, term, id] = heading as unknown as [string, string, string, string];
    anchors.add(id);
    if (hashes.length !== 3) return;
    const end = lines.slice(index + 1).findIndex((later) => /^#{1,6}\s/.test(later));
    const body = lines.slice(index + 1, end < 0 ? undefined : index + 1 + end).join('\n');
    // The first paragraph: the lines up to the first blank line.
    const paragraph = (body.trim().split(/\n\s*\n/)[0] ?? '').split('\n').map((part) => part.trim()).join(' ');
    if (!paragraph) return;
    const parts = inlineParts(firstSentence(paragraph));
    terms.set(id, { id, term, sentence: parts.map((part) => part.text).join(''), parts, body });
  });
  return { terms, anchors };
}

/** Words after which a full stop does not end a sentence. */
const ABBREVIATIONS = /(?:^|[\s(«])(?:т\.\s?[депн]|т|др|пр|см|напр|англ|им|ср|вкл|стр|гл|рис|ок|тыс|млн|e\.g|i\.e|etc)$/iu;

/**
 * The first sentence of a Markdown paragraph: up to the first `.`, `!`, `?` or `…` that stands outside
 * inline code and link text and is followed by a space and a capital (or by the paragraph's end), and is
 * not the dot of an abbreviation («т. е.», «напр.»).
 */
export function firstSentence(paragraph: string): string {
  let code = false;
  let bracket = 0;
  for (let i = 0; i < paragraph.length; i++) {
    const char = paragraph[i]!;
    if (char === '`') code = !code;
    if (code) continue;
    if (char === '[') bracket += 1;
    if (char === ']') bracket = Math.max(0, bracket - 1);
    if (bracket > 0 || !/[.!?…]/.test(char)) continue;
    const rest = paragraph.slice(i + 1);
    if (rest.trim() !== '' && !/^[*_)»"]*\s+[*_«"(`[]*[\p{Lu}\d]/u.test(rest)) continue;
    if (char === '.' && ABBREVIATIONS.test(paragraph.slice(0, i))) continue;
    const closing = /^[*_)»"]*/.exec(rest)![0];
    return paragraph.slice(0, i + 1 + closing.length).trim();
  }
  return paragraph.trim();
}

/** Markdown inline syntax → text, inline code kept as its own pieces; links give their text. */
export function inlineParts(markdown: string): InlinePart[] {
  const parts: InlinePart[] = [];
  const push = (text: string, code?: true): void => {
    if (!text) return;
    const last = parts[parts.length - 1];
    if (last && !last.code && !code) last.text += text;
    else parts.push(code ? { text, code } : { text });
  };
  markdown.split(/(`[^`]*`)/).forEach((piece) => {
    if (piece.startsWith('`') && piece.endsWith('`') && piece.length > 1) {
      push(piece.slice(1, -1), true);
      return;
    }
    push(
      piece
        .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/(\*\*|__)(.+?)\1/g, '$2')
        .replace(/(?<![\p{L}\d])[*_](.+?)[*_](?![\p{L}\d])/gu, '$1')
        .replace(/\\([\\`*_{}[\]()#+\-.!<>])/g, '$1')
        .replace(/\s+/g, ' '),
    );
  });
  return parts;
}

// ---------------------------------------------------------------------------------------------
// Links to the glossary

/** The anchor of a link to the glossary (`/glossary#signal`, `/glossary/#signal`), or null. */
export function glossaryAnchor(href: string): string | null {
  const match = /^\/glossary\/?#(.+)$/.exec(href);
  return match ? decodeURIComponent(match[1]!) : null;
}

/**
 * The links whose anchor the glossary does not have, as messages naming the page and the anchor.
 * `hrefs` are the link targets of one page, in document order.
 */
export function brokenGlossaryLinks(page: string, hrefs: readonly string[], anchors: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  for (const href of hrefs) {
    const anchor = glossaryAnchor(href);
    if (anchor !== null && !anchors.has(anchor)) {
      problems.push(`${page}: the link ${href} names the anchor #${anchor}, which ${GLOSSARY_FILE} does not have`);
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The glossary of the build

let cached: { file: string; mtimeMs: number; glossary: Glossary } | undefined;

/** The glossary read from `file` (re-read when the file changes, as on the dev server). */
export function loadGlossary(file: string = resolve(GLOSSARY_FILE)): Glossary {
  const { mtimeMs } = statSync(file);
  if (cached?.file !== file || cached.mtimeMs !== mtimeMs) {
    cached = { file, mtimeMs, glossary: parseGlossary(readFileSync(file, 'utf8')) };
  }
  return cached.glossary;
}
