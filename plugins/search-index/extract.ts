/**
 * Rendered page → DocSearch-shaped records.
 *
 * lvl0 = the section (first breadcrumb after home) or the instance label,
 * lvl1 = the page title (h1), lvl2..lvl6 = h2..h6 (their ids are the anchors),
 * content = paragraphs, list items, table cells, code, grouped under the
 * heading they follow.
 */
import type {IndexedRecord, RecordType} from '../../src/shared/search/engine';
import type {Element, Nodes, Root} from 'hast';
import {CARD_CLASS as GLOSSARY_CARD_CLASS} from '../../src/shared/glossaryCard';
import {parse} from 'parse5';
import {fromParse5} from 'hast-util-from-parse5';
import {classList, findAll, findElement, hasClass, prop, textContent} from '../lib/hast';

export interface PageMeta {
  /** `docusaurus_tag` meta: `docs-default-9.0`, `docs-upgrade-current`, `default`. */
  tag: string;
  language: string;
  version: string | null;
  /** `noindex` pages (unlisted, drafts) are left out. */
  noindex: boolean;
}

export interface ExtractedPage {
  meta: PageMeta;
  section: string | null;
  title: string;
  /** Records without the page index (`p`), in document order. */
  records: Array<Omit<IndexedRecord, 'p'>>;
}

/** Largest content record, in characters; longer sections are split. */
const MAX_CONTENT_LENGTH = 700;

export interface ExtractOptions {
  /** The site title, stripped from `<title>` when a page has no h1. */
  siteTitle?: string;
}

const SKIP_TAGS = new Set(['script', 'style', 'svg', 'button', 'noscript', 'template', 'nav', 'iframe', 'select']);
const SKIP_CLASSES = [
  'hash-link',
  'theme-doc-toc-mobile',
  'theme-doc-footer',
  'theme-doc-version-badge',
  'theme-doc-version-banner',
  'theme-doc-breadcrumbs',
  'pagination-nav',
  'theme-edit-this-page',
  'theme-last-updated',
  'theme-admonition-heading',
  'sr-only',
  'search-index-skip',
  // the glossary card beside a term's link: the glossary's text, not the page's
  GLOSSARY_CARD_CLASS,
];
const BLOCK_TAGS = new Set([
  'p', 'li', 'ul', 'ol', 'dl', 'dt', 'dd', 'pre', 'blockquote', 'table', 'thead', 'tbody', 'tr', 'td', 'th',
  'div', 'section', 'article', 'header', 'footer', 'figure', 'figcaption', 'details', 'summary', 'main', 'aside',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'br', 'caption', 'img',
]);
const HEADING_LEVEL: Record<string, number> = {h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6};

function shouldSkip(node: Element): boolean {
  const {ariaHidden, hidden} = node.properties;
  if (SKIP_TAGS.has(node.tagName) || ariaHidden === 'true' || (hidden !== undefined && hidden !== false)) {
    return true;
  }
  const classes = classList(node);
  // Doc cards (category index pages) only repeat the titles of other pages.
  if (node.tagName === 'a' && classes.includes('card')) {
    return true;
  }
  return SKIP_CLASSES.some((name) => classes.includes(name));
}

function collapseWhitespace(text: string): string {
  return text.replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, '').replace(/\s+/g, ' ').trim();
}

function metaContent(head: Nodes, name: string): string | null {
  const meta = findElement(
    head,
    (el) => el.tagName === 'meta' && (prop(el, 'name') === name || prop(el, 'property') === name),
  );
  return meta ? (prop(meta, 'content') ?? null) : null;
}

function readMeta(lang: string | undefined, head: Element | Root): PageMeta {
  const robots = metaContent(head, 'robots') ?? '';
  return {
    tag: metaContent(head, 'docusaurus_tag') ?? metaContent(head, 'docsearch:docusaurus_tag') ?? 'default',
    language: metaContent(head, 'docsearch:language') ?? metaContent(head, 'docusaurus_locale') ?? lang ?? 'ru',
    version: metaContent(head, 'docsearch:version') ?? metaContent(head, 'docusaurus_version'),
    noindex: /noindex/i.test(robots),
  };
}

function readSection(breadcrumbs: Element | null): string | null {
  if (!breadcrumbs) {
    return null;
  }
  const items = findAll(breadcrumbs, (el) => el.tagName === 'li' && hasClass(el, 'breadcrumbs__item'));
  for (const item of items) {
    const isHome = findElement(item, (el) => el.tagName === 'a' && hasClass(el, 'breadcrumbs__link') && el.properties.ariaLabel !== undefined && findElement(el, (svg) => svg.tagName === 'svg') !== null);
    if (isHome) {
      continue;
    }
    const text = collapseWhitespace(textContent(item, shouldSkip));
    if (text) {
      return text;
    }
  }
  return null;
}

/** The parts of the page the index reads; parse5 implies the end tags the minifier leaves out, as a browser does. */
function pageParts(page: string) {
  const tree = fromParse5(parse(page));
  const byTag = (name: string) => findElement(tree, (el) => el.tagName === name);
  const byClass = (name: string) => findElement(tree, (el) => hasClass(el, name));
  const html = byTag('html');
  return {
    lang: html ? prop(html, 'lang') : undefined,
    head: byTag('head'),
    breadcrumbs: byClass('theme-doc-breadcrumbs'),
    content: byClass('theme-doc-markdown') ?? byTag('main') ?? byTag('article'),
  };
}

/**
 * The page without the parts the index never reads: the navbar and the sidebar between `</head>` and
 * `<main>`, and what follows `</main>` (the footer, the scripts). This only spares the parser a third
 * of each page: which elements are read is decided on the tree, and a page without those marks is
 * read whole.
 */
export function indexedHtml(page: string): string {
  const headEnd = page.indexOf('</head>');
  const mainStart = headEnd === -1 ? -1 : page.indexOf('<main', headEnd);
  const mainEnd = page.lastIndexOf('</main>');
  if (mainStart === -1 || mainEnd < mainStart) return page;
  return page.slice(0, headEnd) + page.slice(mainStart, mainEnd);
}

/** Parse one rendered page. */
export function extractPage(html: string, options: ExtractOptions = {}): ExtractedPage {
  const parts = pageParts(indexedHtml(html));
  const head = parts.head ?? {type: 'root', children: []};
  const meta = readMeta(parts.lang, head);
  const root = parts.content;
  const records: ExtractedPage['records'] = [];
  let title = '';

  // Heading chain: index 0 = lvl2 ... index 4 = lvl6.
  const chain: string[] = [];
  let anchor: string | null = null;
  let pending: string[] = [];
  let buffer = '';

  const flushBlock = () => {
    const text = collapseWhitespace(buffer);
    buffer = '';
    if (text) {
      pending.push(text);
    }
  };
  const flushSection = () => {
    flushBlock();
    let chunk = '';
    const emit = () => {
      if (chunk) {
        records.push({y: 'content', a: anchor, h: chain.slice(), c: chunk});
      }
      chunk = '';
    };
    for (const block of pending) {
      for (const piece of splitLong(block, MAX_CONTENT_LENGTH)) {
        if (chunk && chunk.length + 1 + piece.length > MAX_CONTENT_LENGTH) {
          emit();
        }
        chunk = chunk ? `${chunk} ${piece}` : piece;
      }
    }
    emit();
    pending = [];
  };

  const walk = (node: Nodes) => {
    if (node.type === 'text') {
      buffer += node.value;
      return;
    }
    if (node.type !== 'element' || shouldSkip(node)) {
      return;
    }
    const level = HEADING_LEVEL[node.tagName];
    if (level !== undefined) {
      const text = collapseWhitespace(textContent(node, shouldSkip));
      flushSection();
      if (!text) {
        return;
      }
      if (level === 1) {
        if (!title) {
          title = text;
        }
        return;
      }
      // A skipped level (h2 → h4) moves the heading up: lvl2..lvl6 stay contiguous.
      chain.length = Math.min(chain.length, level - 2);
      chain.push(text);
      const id = prop(node, 'id');
      anchor = id ?? anchor;
      records.push({y: `lvl${chain.length + 1}` as RecordType, a: id ?? null, h: chain.slice(), c: null});
      return;
    }
    const block = BLOCK_TAGS.has(node.tagName);
    if (block) {
      flushBlock();
    }
    const alt = node.tagName === 'img' ? prop(node, 'alt') : undefined;
    if (alt) {
      buffer += ` ${alt} `;
    }
    for (const child of node.children) {
      walk(child);
    }
    if (block) {
      flushBlock();
    }
  };

  if (root) {
    for (const child of root.children) {
      walk(child);
    }
    flushSection();
  }
  if (!title) {
    const titleEl = findElement(head, (el) => el.tagName === 'title');
    const raw = titleEl ? collapseWhitespace(textContent(titleEl)) : '';
    const suffix = options.siteTitle ? ` | ${options.siteTitle}` : '';
    title = suffix && raw.endsWith(suffix) ? raw.slice(0, -suffix.length) : raw.split(' | ')[0] ?? raw;
  }
  records.unshift({y: 'lvl1', a: null, h: [], c: null});
  return {meta, section: readSection(parts.breadcrumbs), title, records};
}

/** Split a long block at word boundaries into pieces of at most `max` characters. */
export function splitLong(text: string, max: number): string[] {
  if (text.length <= max) {
    return [text];
  }
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > max) {
    let cut = rest.lastIndexOf(' ', max);
    if (cut < max / 2) {
      cut = max;
    }
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) {
    pieces.push(rest);
  }
  return pieces;
}
