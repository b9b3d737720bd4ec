/**
 * A doc page as the comparison sees it: its sections (by heading id), and in each section the facts
 * that make a product change (parameter rows, other table rows, code samples, inline code, bold
 * interface names, link and image targets) apart from the prose around them. README.md, «What
 * counts as a change».
 *
 * The Markdown is read with markdown-it (CommonMark and GFM tables): its token stream is all this
 * needs, and it reads the two versions of the site several times faster than remark.
 */
import type { BlockKind } from '../../src/shared/changes';
import { posix } from 'node:path';
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';

/** A block of a section, as the full comparison shows it: one paragraph, list item, table row or code sample. */
export interface Block {
  kind: BlockKind;
  text: string;
  /**
   * Of a paragraph or list item: the names and numbers of its plain text (Latin words such as `Json`
   * or `pull`, numbers), outside inline code and bold text, in order. Two versions of a sentence whose
   * terms differ say something else (compare.ts, «changed meaning»).
   */
  terms?: string[];
}

export interface Row {
  /** The first cell as the reader sees it (`successConfig.timeout`). */
  name: string;
  /** The row's cells, normalised, with their facts. */
  value: string;
}

export interface Section {
  /** The heading's explicit id; `''` for the text before the first heading. */
  id: string;
  title: string;
  depth: number;
  blocks: Block[];
  /** Rows of parameter tables, by their normalised first cell: the first cell as written, and the normalised row. */
  params: Map<string, Row>;
  /** Rows of other tables, by their first cell. */
  rows: Map<string, Row>;
  /** Code samples, trimmed, with their language. */
  code: string[];
  /** Inline code, bold text, link and image targets, sorted. */
  facts: string[];
  /** The section's text, normalised: equal when only whitespace, punctuation or case differ. */
  wording: string;
}

export interface PageStructure {
  sections: Section[];
}

/** How a link inside a page is compared: `doc:` plus the doc path its relative `.md` link points at. */
export interface LinkContext {
  /** The page's doc path inside its version (`guide/signals`, `guide/index`). */
  docPath: string;
  /** Maps a doc path of the older version to the newer one (moved pages); identity otherwise. */
  mapDocPath?: (docPath: string) => string;
}

/** First header cells that mark a table of parameters (Параметр | Тип | По умолчанию | Описание, pins, fields). */
const PARAMETER_HEADER = /^(параметр|пин|поле|свойство|настройка|переменная|ключ|аргумент|атрибут|опция)/;

const HEADING_ID = /\s*\{#([\w.-]+)\}\s*$/;

/** Text compared as wording: case, `ё`, punctuation, quotes and whitespace do not count. */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Strip the front matter: it holds the title and description, which are wording, and the sidebar position. */
export function stripFrontMatter(source: string): string {
  const match = /^---\r?\n[\s\S]*?\r?\n---\r?\n/.exec(source);
  return match ? source.slice(match[0].length) : source;
}

/** The id and the title of a heading written `## Title {#id}`. */
export function headingIdOf(text: string): { id: string; title: string } {
  const match = HEADING_ID.exec(text);
  if (!match?.[1]) return { id: slug(text), title: text.trim() };
  return { id: match[1], title: text.slice(0, match.index).trim() };
}

function slug(text: string): string {
  return normalise(text).replace(/ /g, '-');
}

/** A link target as compared: relative doc links resolved to the doc, 8.9 prefixes dropped, no trailing slash. */
export function linkTarget(url: string, context: LinkContext): string {
  const map = context.mapDocPath ?? ((path: string) => path);
  const [rawPath = '', hash] = url.split('#');
  if (rawPath === '') return `#${hash ?? ''}`;
  if (/^[a-z]+:/i.test(rawPath)) return url;
  if (!rawPath.startsWith('/') && /\.mdx?$/.test(rawPath)) {
    const resolved = posix.normalize(posix.join(posix.dirname(context.docPath), rawPath)).replace(/\.mdx?$/, '');
    return `doc:${map(resolved.replace(/\/index$/, ''))}${hash === undefined ? '' : `#${hash}`}`;
  }
  const path = rawPath.replace(/^\/docs\/8\.9(?=\/|$)/, '/docs').replace(/\/+$/, '');
  const doc = /^\/docs\/(.+)$/.exec(path);
  const target = doc?.[1] ? `doc:${map(doc[1])}` : path;
  return `${target}${hash === undefined ? '' : `#${hash}`}`;
}

function emptySection(id: string, title: string, depth: number): Section {
  return { id, title, depth, blocks: [], params: new Map(), rows: new Map(), code: [], facts: [], wording: '' };
}

const markdown = new MarkdownIt('commonmark', { html: true }).enable('table');

/**
 * Latin words (also the Latin part of `pull-шаблонов`) and numbers of plain text. Version numbers
 * (`8.5`, `8.x`, `2.2.0`) are matched to be left out: which release added a thing is history, not meaning.
 */
const TERM = /\d+\.(?:\d+|x)(?:\.\d+)*|[A-Za-z][A-Za-z0-9+#]*|\d+(?:,\d+)?/g;
const termsOfText = (text: string): string[] => (text.match(TERM) ?? []).filter((term) => !term.includes('.'));

/**
 * A bold run-in heading: a paragraph that is bold text alone, or starts with bold text that ends
 * with a full stop or a colon (`**Буфер и отправка.** …`). It names a part of the page, not an interface.
 */
function runInHeading(children: readonly Token[]): boolean {
  const first = children.findIndex((child) => !(child.type === 'text' && child.content.trim() === ''));
  if (children[first]?.type !== 'strong_open') return false;
  const close = children.findIndex((child, index) => index > first && child.type === 'strong_close');
  const inside = children.slice(first + 1, close).map((child) => child.content).join('').trim();
  const rest = children.slice(close + 1).map((child) => child.content).join('').trim();
  return rest === '' || /[.:]$/.test(inside);
}

/** The text of an inline token as a reader sees it, and its facts: inline code, bold text, link and image targets. */
function readInline(token: Token, context: LinkContext, paragraph = false): { text: string; facts: string[]; terms: string[] } {
  const facts: string[] = [];
  const terms: string[] = [];
  let text = '';
  let bold: string | undefined;
  const heading = paragraph && runInHeading(token.children ?? []);
  let bolds = 0;
  for (const child of token.children ?? []) {
    let piece = '';
    switch (child.type) {
      case 'text':
        piece = child.content;
        if (bold === undefined) terms.push(...termsOfText(child.content));
        break;
      case 'code_inline':
        piece = child.content;
        facts.push(`code:${child.content.trim()}`);
        break;
      case 'softbreak':
      case 'hardbreak':
        piece = ' ';
        break;
      case 'strong_open':
        bold = '';
        break;
      case 'strong_close':
        // the first bold text of a run-in heading is not an interface name
        if (!(heading && bolds === 0)) facts.push(`bold:${normalise(bold ?? '')}`);
        bolds += 1;
        bold = undefined;
        break;
      case 'link_open':
        facts.push(`link:${linkTarget(child.attrGet('href') ?? '', context)}`);
        break;
      case 'image':
        facts.push(`image:${(child.attrGet('src') ?? '').split('/').pop() ?? ''}`);
        piece = child.content;
        break;
      case 'html_inline':
        for (const match of child.content.matchAll(/\b(?:to|href)="([^"]+)"/g)) facts.push(`link:${linkTarget(match[1] ?? '', context)}`);
        break;
      default:
        break;
    }
    text += piece;
    if (bold !== undefined) bold += piece;
  }
  return { text: text.trim(), facts, terms };
}

/** A table's rows: the header's first cell says whether it lists parameters. */
function addTable(section: Section, rows: { cells: { text: string; facts: string[] }[]; header: boolean }[]): void {
  const header = rows.find((row) => row.header);
  const isParameters = PARAMETER_HEADER.test(normalise(header?.cells[0]?.text ?? ''));
  const target = isParameters ? section.params : section.rows;
  for (const row of rows.filter((candidate) => !candidate.header)) {
    const key = normalise(row.cells[0]?.text ?? '');
    const value = row.cells.map((cell) => [normalise(cell.text), ...[...cell.facts].sort()].join(' ')).join(' | ');
    // a first cell used twice (the same parameter of two plugins) keeps both rows
    let unique = key;
    for (let n = 2; target.has(unique); n += 1) unique = `${key} (${n})`;
    target.set(unique, { name: row.cells[0]?.text ?? '', value });
    section.blocks.push({ kind: 'row', text: row.cells.map((cell) => cell.text).join(' | ') });
  }
}

/** Parse a page's Markdown (`.md` or `.mdx`: JSX and imports are read as plain text) into sections. */
export function pageStructure(source: string, context: LinkContext): PageStructure {
  const tokens = markdown.parse(stripFrontMatter(source), {});
  const sections: Section[] = [emptySection('', '', 1)];
  let section = sections[0] as Section;
  let lists = 0;
  let table: { cells: { text: string; facts: string[] }[]; header: boolean }[] | undefined;
  let inHeader = false;
  let heading: number | undefined;
  for (const token of tokens) {
    switch (token.type) {
      case 'heading_open':
        heading = Number(token.tag.slice(1));
        break;
      case 'heading_close':
        heading = undefined;
        break;
      case 'bullet_list_open':
      case 'ordered_list_open':
        lists += 1;
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        lists -= 1;
        break;
      case 'table_open':
        table = [];
        break;
      case 'table_close':
        addTable(section, table ?? []);
        table = undefined;
        break;
      case 'thead_open':
        inHeader = true;
        break;
      case 'thead_close':
        inHeader = false;
        break;
      case 'tr_open':
        table?.push({ cells: [], header: inHeader });
        break;
      case 'fence':
      case 'code_block':
        section.code.push(`${token.info.trim()}\n${token.content.trim()}`);
        section.blocks.push({ kind: 'code', text: token.content.trim() });
        break;
      case 'html_block':
        for (const match of token.content.matchAll(/\b(?:to|href)="([^"]+)"/g)) section.facts.push(`link:${linkTarget(match[1] ?? '', context)}`);
        break;
      case 'inline': {
        const inline = readInline(token, context, heading === undefined && !table && lists === 0);
        if (heading !== undefined) {
          if (heading < 2) break;
          const { id, title } = headingIdOf(token.content);
          section = emptySection(id, title, heading);
          section.facts.push(...inline.facts);
          sections.push(section);
        } else if (table) {
          table[table.length - 1]?.cells.push(inline);
        } else {
          if (inline.text) section.blocks.push({ kind: lists > 0 ? 'item' : 'text', text: inline.text, terms: inline.terms });
          section.facts.push(...inline.facts);
        }
        break;
      }
      default:
        break;
    }
  }
  for (const each of sections) {
    each.facts.sort();
    each.wording = normalise(each.blocks.map((block) => block.text).join('\n'));
  }
  const seen = new Set<string>();
  for (const each of sections) {
    if (seen.has(each.id)) throw new Error(`heading id #${each.id} is used twice`);
    seen.add(each.id);
  }
  return { sections: sections[0]?.blocks.length === 0 && sections[0].facts.length === 0 ? sections.slice(1) : sections };
}
