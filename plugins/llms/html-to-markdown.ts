/**
 * A doc page's rendered article → clean Markdown (the page's twin; the rules: plugins/llms/README.md).
 * domino, the HTML parser Turndown runs on, reads the article (`div.theme-doc-markdown`) with the end
 * tags the minifier leaves out implied where a browser implies them. A pass over the tree turns the
 * theme's markup (admonitions, doc cards, tabs, tokenized code) into the plain HTML Turndown's rules
 * handle; Turndown (7.2) writes the Markdown, with our rules for fenced code and GFM tables. No HTML
 * reaches the output: an element without a rule gives its text, and text that reads as a tag is escaped.
 */
import TurndownService from 'turndown';
import { createDocument } from '@mixmark-io/domino';
import { CARD_CLASS as GLOSSARY_CARD_CLASS } from '../../src/shared/glossaryCard';
import { oneLine } from './llms-txt';

export interface ConvertOptions {
  /** Absolute address of the page, e.g. `https://docs.monq.ru/docs/guide/thresholds/`. */
  pageUrl: string;
  /** The title to open with when the article has no `<h1>` of its own. */
  title?: string;
}

const ARTICLE_CLASS = 'theme-doc-markdown';

/**
 * The page from the article body (`div.theme-doc-markdown`) up to the doc footer, or null when the
 * page has none. This only spares the parser the navbar and the sidebar.
 */
export function articleHtml(page: string): string | null {
  const at = page.indexOf(ARTICLE_CLASS);
  if (at === -1) return null;
  const start = page.lastIndexOf('<div', at);
  let end = page.indexOf('<footer class="theme-doc-footer', at);
  if (end === -1) end = page.indexOf('</article>', at);
  if (end === -1) end = page.length;
  return page.slice(start, end);
}

/** A rendered doc page → its Markdown twin (ending with one newline), or null for a page without article. */
export function pageToMarkdown(page: string, options: ConvertOptions): string | null {
  const html = articleHtml(page);
  return html === null ? null : articleToMarkdown(html, options);
}

/** The article's HTML → Markdown (ending with one newline). */
export function articleToMarkdown(html: string, options: ConvertOptions): string {
  const body = createDocument(`<!doctype html><html><body>${html}`).body as El;
  const article = find(body, (el) => hasClass(el, ARTICLE_CLASS)) ?? body;
  simplify(article, options.pageUrl);
  const out = service.turndown(article);
  const hasTitle = find(article, (el) => el.nodeName === 'H1' && textOf(el).trim() !== '') !== null;
  if (!options.title || hasTitle) return `${out}\n`;
  const title = `# ${service.escape(options.title)}`;
  return out ? `${title}\n\n${out}\n` : `${title}\n`;
}

/**
 * The theme's markup → plain HTML, before Turndown walks the tree: elements without text for a reader
 * are taken out, links and images made absolute, and the theme's components rebuilt as the elements
 * Turndown's rules convert. Each tokenized code block becomes a `<pre>` with its code as text: Turndown
 * would otherwise convert every token of it and throw the result away (0.5 s of CPU for the site).
 */
function simplify(el: El, pageUrl: string): void {
  for (let child = el.firstElementChild as El | null; child; ) {
    const next = child.nextElementSibling as El | null;
    if (dropped(child)) child.remove();
    else if (hasClass(child, 'theme-code-block')) child.replaceWith(codeBlockPre(child));
    else {
      const plain = rebuilt(child);
      if (plain !== child) child.replaceWith(plain);
      const attribute = plain.nodeName === 'A' ? 'href' : plain.nodeName === 'IMG' ? 'src' : '';
      const url = attribute && plain.getAttribute(attribute);
      if (url) plain.setAttribute(attribute, absoluteUrl(url, pageUrl));
      simplify(plain, pageUrl);
    }
    child = next;
  }
}

/** A theme component as plain HTML, or the element itself. */
function rebuilt(el: El): El {
  if (hasClass(el, 'theme-admonition')) return admonitionQuote(el);
  if (hasClass(el, 'tabs-container')) return flatTabs(el);
  if (el.nodeName === 'SUMMARY' || el.nodeName === 'DT') return boldParagraph(el.ownerDocument, Array.from(el.childNodes));
  if (el.nodeName === 'SECTION' && find(el, (child) => hasClass(child, 'theme-doc-card-container'))) return cardList(el);
  return el;
}

/** `<p><strong>…</strong></p>` around the nodes given (moved, not copied). */
function boldParagraph(doc: Document, nodes: (Node | string)[]): El {
  const paragraph = doc.createElement('p');
  const strong = paragraph.appendChild(doc.createElement('strong'));
  for (const node of nodes) strong.appendChild(typeof node === 'string' ? doc.createTextNode(node) : node);
  return paragraph;
}

/** An admonition → a blockquote whose first paragraph opens with the bold title; before a list, a table or code it stands alone. */
function admonitionQuote(el: El): El {
  const doc = el.ownerDocument;
  const quote = doc.createElement('blockquote');
  const heading = find(el, (child) => hasModuleClass(child, 'admonitionHeading'));
  const body = find(el, (child) => hasModuleClass(child, 'admonitionContent'));
  while (body?.firstChild) quote.appendChild(body.firstChild);
  const title = heading ? oneLine(textOf(heading)) : '';
  if (!title) return quote;
  const label = /[.!?:…]$/.test(title) ? title : `${title}.`;
  const first = quote.firstElementChild;
  if (first?.nodeName === 'P' && first.textContent?.trim()) {
    first.insertBefore(doc.createTextNode(' '), first.firstChild);
    first.insertBefore(boldParagraph(doc, [label]).firstChild!, first.firstChild);
  } else quote.insertBefore(boldParagraph(doc, [label]), quote.firstChild);
  return quote;
}

/** Tabs → for each panel, the label of its tab in bold, then the panel; hidden panels included. */
function flatTabs(el: El): El {
  const doc = el.ownerDocument;
  const flat = doc.createElement('div');
  const tabs = findAll(el, (child) => child.getAttribute('role') === 'tab');
  findAll(el, (child) => child.getAttribute('role') === 'tabpanel').forEach((panel, index) => {
    flat.appendChild(boldParagraph(doc, [oneLine(tabs[index] ? textOf(tabs[index]) : '') || String(index + 1)]));
    while (panel.firstChild) flat.appendChild(panel.firstChild);
  });
  return flat;
}

/** Doc cards → a list of links, each followed by the card's description. */
function cardList(el: El): El {
  const doc = el.ownerDocument;
  const list = doc.createElement('ul');
  for (const card of findAll(el, (child) => child.nodeName === 'A' && hasClass(child, 'theme-doc-card-container'))) {
    const title = find(card, (child) => hasClass(child, 'theme-doc-card-title')) ?? find(card, (child) => /^H[1-6]$/.test(child.nodeName));
    const description = find(card, (child) => hasClass(child, 'theme-doc-card-description'));
    const item = list.appendChild(doc.createElement('li'));
    const link = item.appendChild(doc.createElement('a'));
    link.setAttribute('href', card.getAttribute('href') ?? '');
    link.textContent = oneLine(textOf(title ?? card));
    if (description && oneLine(textOf(description))) item.appendChild(doc.createTextNode(` — ${oneLine(textOf(description))}`));
  }
  return list;
}

/** A tokenized code block as `<pre data-language data-title>` holding its lines. */
function codeBlockPre(el: El): El {
  const pre = find(el, (child) => child.nodeName === 'PRE');
  const title = find(el, (child) => hasModuleClass(child, 'codeBlockTitle'));
  const lines = pre ? findAll(pre, (child) => hasClass(child, 'token-line')) : [];
  const code = lines.length > 0 ? lines.map((line) => textOf(line).replace(/\n$/, '')).join('\n') : textOf(pre ?? el);
  const plain = el.ownerDocument.createElement('pre');
  plain.textContent = code;
  plain.setAttribute('data-language', languageOf(el));
  if (title) plain.setAttribute('data-title', textOf(title).trim());
  return plain;
}

// ---------------------------------------------------------------------------------------------
// The element tree (domino's DOM, as Turndown hands it to the rules)

type El = HTMLElement;

function hasClass(el: El, name: string): boolean {
  const value = el.getAttribute('class') ?? '';
  return value.includes(name) && value.split(/\s+/).includes(name);
}

/** A CSS-module class such as `admonitionHeading_Gvgb`, found by its name before the hash. */
function hasModuleClass(el: El, name: string): boolean {
  const value = el.getAttribute('class') ?? '';
  return value.includes(name) && value.split(/\s+/).some((item) => item === name || item.startsWith(`${name}_`));
}

/** Elements that carry nothing for a reader of the text. */
function dropped(el: El): boolean {
  return (
    DROPPED_TAGS.has(el.nodeName) ||
    el.getAttribute('role') === 'tablist' ||
    hasClass(el, 'hash-link') ||
    hasModuleClass(el, 'admonitionIcon') ||
    hasClass(el, 'theme-doc-card-icon') ||
    // «Что изменилось с 8.9» (plugins/changes) compares the site's versions; it is not the page's text
    hasClass(el, 'monq-changes') ||
    // the glossary card beside a term's link repeats the glossary (src/shared/glossaryCard.ts)
    hasClass(el, GLOSSARY_CARD_CLASS)
  );
}

const DROPPED_TAGS = new Set(['svg', 'SVG', 'BUTTON', 'SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'INPUT', 'SELECT', 'TEXTAREA']);

/** The text as the reader sees it (`<br>` as a line break), without dropped elements. */
function textOf(node: Node): string {
  if (node.nodeType === 3) return node.nodeValue ?? '';
  if (node.nodeType !== 1) return '';
  if (node.nodeName === 'BR') return '\n';
  if (dropped(node as El)) return '';
  let text = '';
  for (let child = node.firstChild; child; child = child.nextSibling) text += textOf(child);
  return text;
}

/** The first element below `el` (document order) that passes `test`. */
function find(el: El, test: (child: El) => boolean): El | null {
  return findAll(el, test)[0] ?? null;
}

/** Every element below `el` that passes `test`, in document order. */
function findAll(el: El, test: (child: El) => boolean): El[] {
  return Array.from(el.querySelectorAll<El>('*')).filter(test);
}

function absoluteUrl(href: string, pageUrl: string): string {
  try {
    return new URL(href, pageUrl).href;
  } catch {
    return href;
  }
}

// ---------------------------------------------------------------------------------------------
// Turndown: its options and rules, and ours for code blocks and tables

const service = new TurndownService({ headingStyle: 'atx', bulletListMarker: '-', codeBlockStyle: 'fenced', emDelimiter: '*' });

/** Turndown's escaping, and `<` before a letter, which CommonMark would read as an HTML tag. */
export function escapeText(text: string): string {
  return TurndownService.prototype.escape(text).replace(/<(?=[A-Za-z/!?])/g, '\\<');
}
service.escape = escapeText;

service.addRule('pre', {
  filter: 'pre',
  replacement: (_content, node) => {
    const el = node as El;
    const code = textOf(el).replace(/\n+$/, '');
    const title = el.getAttribute('data-title');
    const info = [el.getAttribute('data-language') ?? languageOf(el), title ? `title="${title.replace(/"/g, '\\"')}"` : ''].filter(Boolean).join(' ');
    const marks = '`'.repeat(Math.max(3, ...(code.match(/`+/g) ?? []).map((run) => run.length + 1)));
    return `\n\n${marks}${info}\n${code}\n${marks}\n\n`;
  },
});

function languageOf(el: El): string {
  for (const node of [el, ...findAll(el, (child) => child.nodeName === 'PRE' || child.nodeName === 'CODE')]) {
    const language = /(?:^|\s)language-(\S+)/.exec(node.getAttribute('class') ?? '');
    if (language) return language[1]!;
  }
  return '';
}

// GFM tables: a row per line, the first row is the header, the alignment comes from its cells. In a
// cell a line break or a block becomes a space, and `|` is escaped (in GFM even inside code).
service.addRule('tableSection', { filter: ['thead', 'tbody', 'tfoot'], replacement: (content) => content });
service.addRule('tableCell', {
  filter: ['td', 'th'],
  replacement: (content, node) => {
    const text = oneLine(content).replace(/\|/g, '\\|');
    return node.previousElementSibling ? ` | ${text}` : text;
  },
});
service.addRule('tableRow', {
  filter: 'tr',
  replacement: (content, node) => {
    const rows = Array.from(node.closest('table')?.querySelectorAll('tr') ?? [node]);
    const width = Math.max(...rows.map((row) => row.children.length));
    const line = `| ${content}${' | '.repeat(Math.max(0, width - node.children.length))} |`;
    if (rows[0] !== node) return `\n${line}`;
    const align = Array.from({ length: width }, (_, at) => {
      const cell = node.children[at];
      const style = cell ? `${cell.getAttribute('style') ?? ''} ${cell.getAttribute('align') ?? ''}` : '';
      return /center/.test(style) ? ':-:' : /right/.test(style) ? '--:' : /left/.test(style) ? ':--' : '---';
    });
    return `\n${line}\n| ${align.join(' | ')} |`;
  },
});
service.addRule('table', { filter: 'table', replacement: (content) => `\n\n${content.replace(/^\n+|\n+$/g, '')}\n\n` });
