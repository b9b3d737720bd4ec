/**
 * A doc page as the comparison sees it: its sections (by heading id), and in each section the facts
 * that make a product change (parameter rows, other table rows, code samples, inline code, bold
 * interface names, link and image targets) apart from the prose around them. README.md, «What
 * counts as a change».
 */
import { posix } from 'node:path';
import type { Heading, Nodes, Root, RootContent, Table } from 'mdast';
import { toString } from 'mdast-util-to-string';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

/** A block of a section, as the full comparison shows it: one paragraph, list item, table row or code sample. */
export interface Block {
  kind: 'text' | 'item' | 'row' | 'code';
  text: string;
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

const parser = unified().use(remarkParse).use(remarkGfm);

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
export function headingIdOf(heading: Heading): { id: string; title: string } {
  const text = toString(heading);
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

/** The facts of a node: inline code, bold text, link and image targets. */
function collectFacts(node: Nodes, context: LinkContext, into: string[]): void {
  switch (node.type) {
    case 'inlineCode':
      into.push(`code:${node.value.trim()}`);
      return;
    case 'strong':
      into.push(`bold:${normalise(toString(node))}`);
      break;
    case 'link':
      into.push(`link:${linkTarget(node.url, context)}`);
      break;
    case 'image':
      into.push(`image:${node.url.split('/').pop() ?? node.url}`);
      return;
    case 'html':
      for (const match of node.value.matchAll(/\b(?:to|href)="([^"]+)"/g)) into.push(`link:${linkTarget(match[1] ?? '', context)}`);
      return;
    default:
      break;
  }
  if ('children' in node) for (const child of node.children) collectFacts(child as Nodes, context, into);
}

function addTable(section: Section, table: Table, context: LinkContext): void {
  const [header, ...body] = table.children;
  const headerCells = header?.children.map((cell) => normalise(toString(cell))) ?? [];
  const isParameters = PARAMETER_HEADER.test(headerCells[0] ?? '');
  const target = isParameters ? section.params : section.rows;
  for (const row of body) {
    const cells = row.children.map((cell) => toString(cell).trim());
    const key = normalise(cells[0] ?? '');
    const value = row.children.map((cell) => {
      const facts: string[] = [];
      collectFacts(cell, context, facts);
      return [normalise(toString(cell)), ...facts.sort()].join(' ');
    });
    // a first cell used twice (the same parameter of two plugins) keeps both rows
    let unique = key;
    for (let n = 2; target.has(unique); n += 1) unique = `${key} (${n})`;
    target.set(unique, { name: cells[0] ?? '', value: value.join(' | ') });
    section.blocks.push({ kind: 'row', text: cells.join(' | ') });
  }
}

function addBlock(section: Section, node: RootContent, context: LinkContext): void {
  switch (node.type) {
    case 'table':
      addTable(section, node, context);
      return;
    case 'code':
      section.code.push(`${node.lang ?? ''}\n${node.value.trim()}`);
      section.blocks.push({ kind: 'code', text: node.value.trim() });
      return;
    case 'list':
      for (const item of node.children) {
        const isNested = (child: RootContent) => child.type === 'list' || child.type === 'code' || child.type === 'table';
        const nested = item.children.filter(isNested);
        const own = item.children.filter((child) => !isNested(child));
        section.blocks.push({ kind: 'item', text: own.map((child) => toString(child)).join(' ').trim() });
        for (const child of own) collectFacts(child, context, section.facts);
        for (const child of nested) addBlock(section, child, context);
      }
      return;
    case 'yaml':
    case 'definition':
      return;
    default: {
      const text = node.type === 'html' ? '' : toString(node).trim();
      if (text) section.blocks.push({ kind: 'text', text });
      collectFacts(node, context, section.facts);
    }
  }
}

/** Parse a page's Markdown (`.md` or `.mdx`: JSX and imports are read as plain text) into sections. */
export function pageStructure(source: string, context: LinkContext): PageStructure {
  const tree = parser.parse(stripFrontMatter(source)) as Root;
  const sections: Section[] = [emptySection('', '', 1)];
  for (const node of tree.children) {
    if (node.type === 'heading' && node.depth >= 2) {
      const { id, title } = headingIdOf(node);
      const section = emptySection(id, title, node.depth);
      collectFacts(node, context, section.facts);
      sections.push(section);
      continue;
    }
    if (node.type === 'heading') continue;
    addBlock(sections[sections.length - 1] as Section, node, context);
  }
  for (const section of sections) {
    section.facts.sort();
    section.wording = normalise(section.blocks.map((block) => block.text).join('\n'));
  }
  const seen = new Set<string>();
  for (const section of sections) {
    if (seen.has(section.id)) throw new Error(`heading id #${section.id} is used twice`);
    seen.add(section.id);
  }
  return { sections: sections[0]?.blocks.length === 0 ? sections.slice(1) : sections };
}
