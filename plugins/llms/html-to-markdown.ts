/**
 * A doc page's rendered article → clean Markdown (the page's twin, plugins/llms). It reads the HTML
 * Docusaurus wrote, so MDX components arrive already rendered, links already resolved to routes and
 * images to their built files: the converter only turns the theme's markup back into plain Markdown.
 *
 * domino, the HTML parser Turndown runs on, reads the article: it builds the tree of the HTML standard,
 * so the end tags the minifier leaves out (`</li>`, `</p>`, `</tr>`, `</tbody>`) are implied where a
 * browser implies them. Turndown (7.2) walks that tree and writes the Markdown. Here are only the rules
 * of this site, as Turndown rules:
 *
 * - the article is `div.theme-doc-markdown`; the title is its `<h1>`;
 * - admonitions → a blockquote opening with the bold title: `> **Примечание.** …`;
 * - doc cards (`<DocCardList />`) → a list of links, each with the card's description;
 * - tabs → each tab's label in bold, then its panel; `<details>` → its summary in bold, then its text;
 * - code blocks (tokenized at build time) → fenced code with the language and `title="…"`;
 * - heading anchors, icons, buttons → dropped; heading ids are attributes here, so `{#id}` never appears;
 * - tables → GFM tables (a line break or a block inside a cell → a space);
 * - links and images → absolute URLs (`pageUrl` resolves them, anchors on the same page included);
 * - lists with `- ` and items indented by their marker; text escaped where Markdown would read markup.
 *
 * No HTML reaches the output: an element without a rule gives its text (Turndown's default rule, and
 * no `keep`). The GFM table plugins of Turndown were not used: both keep some tables as HTML (a table
 * with code in a cell, or without a header row) — plugins/llms/README.md.
 */
import TurndownService from 'turndown';
import { createDocument } from '@mixmark-io/domino';

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

/** The state of the conversion under way (Turndown converts synchronously, one article at a time). */
const current = { pageUrl: '', hasTitle: false };

/** The article's HTML → Markdown (ending with one newline). */
export function articleToMarkdown(html: string, options: ConvertOptions): string {
  current.pageUrl = options.pageUrl;
  current.hasTitle = false;
  const body = createDocument(`<!doctype html><html><body>${html}`).body as El;
  const article = find(body, (el) => hasClass(el, ARTICLE_CLASS)) ?? body;
  simplify(article);
  let out = service.turndown(article);
  if (options.title && !current.hasTitle) out = out ? `# ${escapeText(options.title, false)}\n\n${out}` : `# ${escapeText(options.title, false)}`;
  return `${out}\n`;
}

/**
 * Before Turndown walks the article: elements without text for a reader are taken out, and each
 * tokenized code block becomes a `<pre>` with its code as text (Turndown would otherwise convert
 * every token of it and throw the result away: 0.5 s of CPU for the site, plugins/llms/README.md).
 */
function simplify(el: El): void {
  for (let child = el.firstElementChild as El | null; child; ) {
    const next = child.nextElementSibling as El | null;
    if (dropped(child)) child.remove();
    else if (hasClass(child, 'theme-code-block')) child.replaceWith(codeBlockPre(child));
    else simplify(child);
    child = next;
  }
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

function isElement(node: Node | null): node is El {
  return node !== null && node.nodeType === 1;
}

/** The element's `class` attribute as a string ('' without one). */
function classAttr(el: El): string {
  return el.getAttribute('class') ?? '';
}

function hasClass(el: El, name: string): boolean {
  const value = classAttr(el);
  return value.includes(name) && value.split(/\s+/).includes(name);
}

/** A CSS-module class such as `admonitionHeading_Gvgb`, found by its name before the hash. */
function hasModuleClass(el: El, name: string): boolean {
  const value = classAttr(el);
  return value.includes(name) && value.split(/\s+/).some((item) => item === name || item.startsWith(`${name}_`));
}

/** The element children, in order. */
function elements(el: El): El[] {
  const out: El[] = [];
  for (let child = el.firstElementChild; child; child = child.nextElementSibling) out.push(child as El);
  return out;
}

/** Elements that carry nothing for a reader of the text. */
function dropped(el: El): boolean {
  return (
    DROPPED_TAGS.has(el.nodeName) ||
    hasClass(el, 'hash-link') ||
    hasModuleClass(el, 'admonitionIcon') ||
    hasClass(el, 'theme-doc-card-icon') ||
    // «Что изменилось с 8.9» (plugins/changes) compares the site's versions; it is not the page's text
    hasClass(el, 'monq-changes')
  );
}

const BLOCK_TAGS = new Set(['P', 'UL', 'OL', 'PRE', 'DIV', 'BLOCKQUOTE', 'TABLE', 'SECTION', 'DETAILS', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HR', 'DL']);
const DROPPED_TAGS = new Set(['svg', 'SVG', 'BUTTON', 'SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'INPUT', 'SELECT', 'TEXTAREA']);

/** The text as the reader sees it (`<br>` as a line break), without dropped elements. */
function textOf(node: Node): string {
  if (node.nodeType === 3) return node.nodeValue ?? '';
  if (!isElement(node)) return '';
  if (node.nodeName === 'BR') return '\n';
  if (dropped(node)) return '';
  let text = '';
  for (let child = node.firstChild; child; child = child.nextSibling) text += textOf(child);
  return text;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A paragraph or a heading on one line; a no-break space stays. */
function paragraphLine(text: string): string {
  return text.replace(/[ \t\n]+/g, ' ').trim();
}

function find(el: El, test: (child: El) => boolean): El | null {
  for (let child = el.firstElementChild as El | null; child; child = child.nextElementSibling as El | null) {
    if (test(child)) return child;
    const found = find(child, test);
    if (found) return found;
  }
  return null;
}

function findAll(el: El, test: (child: El) => boolean, into: El[] = []): El[] {
  for (let child = el.firstElementChild as El | null; child; child = child.nextElementSibling as El | null) {
    if (test(child)) into.push(child);
    findAll(child, test, into);
  }
  return into;
}

function closest(el: El, test: (ancestor: El) => boolean): El | null {
  for (let node = el.parentNode; isElement(node); node = node.parentNode) if (test(node)) return node;
  return null;
}

const inCell = (el: El) => closest(el, (ancestor) => ancestor.nodeName === 'TD' || ancestor.nodeName === 'TH') !== null;

/** A block's content without the blank lines Turndown puts around it. */
function trimNewlines(content: string): string {
  return content.replace(/^\n+/, '').replace(/\n+$/, '');
}

// ---------------------------------------------------------------------------------------------
// The rules (a rule added later is tried first)

const service = new TurndownService({
  headingStyle: 'atx',
  hr: '---',
  bulletListMarker: '-',
  codeBlockStyle: 'fenced',
  emDelimiter: '*',
  strongDelimiter: '**',
  br: '\\',
  // inline code keeps its spaces, as written
  preformattedCode: true,
});
service.escape = (text: string) => escapeText(text, false);

const block = (markdown: string) => (markdown ? `\n\n${markdown}\n\n` : '');

service.addRule('paragraph', {
  filter: 'p',
  replacement: (content, node) => block(inCell(node as El) ? paragraphLine(content) : escapeLineStart(paragraphLine(content))),
});

service.addRule('heading', {
  filter: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
  replacement: (content, node) => {
    const heading = escapeLineStart(paragraphLine(content));
    if (!heading) return '';
    if (node.nodeName === 'H1') current.hasTitle = true;
    return block(`${'#'.repeat(Number(node.nodeName[1]))} ${heading}`);
  },
});

service.addRule('blockquote', {
  filter: 'blockquote',
  replacement: (content) => block(quote(trimNewlines(content))),
});

function quote(markdown: string): string {
  return markdown
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
}

/** A list is loose when one of its items holds a paragraph: then its items are apart by a blank line. */
function looseList(list: El): boolean {
  for (const item of elements(list)) {
    if (item.nodeName !== 'LI') continue;
    for (const child of elements(item)) if (child.nodeName === 'P') return true;
  }
  return false;
}

service.addRule('list', {
  filter: ['ul', 'ol'],
  replacement: (content, node) => {
    // In a tight item a nested list follows the item's text on the next line.
    if (node.parentNode?.nodeName === 'LI' && !looseList(node.parentNode.parentNode as El)) return `\n${trimNewlines(content)}\n`;
    return block(trimNewlines(content));
  },
});

service.addRule('listItem', {
  filter: 'li',
  replacement: (content, node) => {
    const list = node.parentNode as El;
    const items = elements(list).filter((child) => child.nodeName === 'LI');
    const index = items.indexOf(node as El);
    const start = Number.parseInt(list.getAttribute('start') ?? '1', 10) || 1;
    const marker = list.nodeName === 'OL' ? `${start + index}. ` : '- ';
    const indent = ' '.repeat(marker.length);
    const body = trimNewlines(content)
      .split('\n')
      .map((line, at) => (at === 0 || line === '' ? line : indent + line))
      .join('\n');
    const last = index === items.length - 1;
    // Text that opens the item is escaped like a paragraph; a paragraph or a list has its own rule.
    const first = node.firstChild;
    const opensWithText = first !== null && (first.nodeType === 3 || (isElement(first) && !BLOCK_TAGS.has(first.nodeName)));
    return marker + (opensWithText ? escapeLineStart(body) : body) + (last ? '' : looseList(list) ? '\n\n' : '\n');
  },
});

// Emphasis and strong are Turndown's own rules, with the delimiters set above.
service.addRule('strikethrough', { filter: ['del', 's'], replacement: (content) => (content ? `~~${content}~~` : '') });

service.addRule('code', {
  filter: (node) => (node.nodeName === 'CODE' || node.nodeName === 'KBD') && node.parentNode?.nodeName !== 'PRE',
  replacement: (_content, node) => codeSpan(textOf(node).replace(/\n/g, ' ')),
});

service.addRule('lineBreak', {
  filter: 'br',
  replacement: (_content, node) => (inCell(node as El) ? ' ' : '\\\n'),
});

service.addRule('image', {
  filter: 'img',
  replacement: (_content, node) => {
    const src = (node as El).getAttribute('src');
    if (!src) return '';
    const table = inCell(node as El);
    return `![${escapeText((node as El).getAttribute('alt') ?? '', table)}](${linkUrl(src, table)})`;
  },
});

service.addRule('link', {
  filter: 'a',
  replacement: (content, node) => {
    const label = content.trim();
    const href = (node as El).getAttribute('href');
    if (!href || !label) return label;
    return `[${label}](${linkUrl(href, inCell(node as El))})`;
  },
});

// Tables: a row per line, the first row is the header, the alignment comes from its cells.
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
    const table = closest(node as El, (ancestor) => ancestor.nodeName === 'TABLE');
    const rows = table ? findAll(table, (child) => child.nodeName === 'TR') : [node as El];
    const width = tableWidth(rows);
    const cells = (node as El).children.length;
    const line = `| ${content}${' | '.repeat(Math.max(0, width - cells))} |`;
    if (rows[0] !== node) return `\n${line}`;
    const align = Array.from({ length: width }, (_, at) => {
      const cell = (node as El).children[at];
      const style = cell ? `${cell.getAttribute('style') ?? ''} ${cell.getAttribute('align') ?? ''}` : '';
      if (/center/.test(style)) return ':-:';
      if (/right/.test(style)) return '--:';
      if (/left/.test(style)) return ':--';
      return '---';
    });
    return `\n${line}\n| ${align.join(' | ')} |`;
  },
});
service.addRule('table', {
  filter: 'table',
  replacement: (content) => block(trimNewlines(content)),
});

const widths = new WeakMap<El, number>();
function tableWidth(rows: El[]): number {
  const first = rows[0]!;
  let width = widths.get(first);
  if (width === undefined) {
    width = Math.max(0, ...rows.map((row) => elements(row).filter((cell) => cell.nodeName === 'TD' || cell.nodeName === 'TH').length));
    widths.set(first, width);
  }
  return width;
}

service.addRule('pre', {
  filter: 'pre',
  replacement: (_content, node) => {
    const el = node as El;
    return block(fence(textOf(el), el.getAttribute('data-language') ?? languageOf(el), el.getAttribute('data-title')));
  },
});

function languageOf(el: El): string {
  for (const node of [el, ...findAll(el, (child) => child.nodeName === 'PRE' || child.nodeName === 'CODE')]) {
    for (const name of classAttr(node).split(/\s+/)) if (name.startsWith('language-')) return name.slice('language-'.length);
  }
  return '';
}

function fence(code: string, language: string, title: string | null): string {
  const value = code.replace(/\n+$/, '');
  const longest = Math.max(0, ...(value.match(/`+/g) ?? []).map((run) => run.length));
  const marks = '`'.repeat(Math.max(3, longest + 1));
  const info = [language, title ? `title="${title.replace(/"/g, '\\"')}"` : ''].filter(Boolean).join(' ');
  return `${marks}${info}\n${value}\n${marks}`;
}

// --- the theme's elements

service.addRule('details', {
  filter: ['summary', 'dt'],
  replacement: (content) => block(oneLine(content) ? `**${oneLine(content)}**` : ''),
});

service.addRule('tabs', {
  filter: (node) => node.getAttribute('role') === 'tabpanel',
  replacement: (content, node) => {
    const container = closest(node as El, (ancestor) => hasClass(ancestor, 'tabs-container'));
    const panels = container ? findAll(container, (child) => child.getAttribute('role') === 'tabpanel') : [];
    const tabs = container ? findAll(container, (child) => child.getAttribute('role') === 'tab') : [];
    const index = panels.indexOf(node as El);
    const tab = tabs[index];
    const label = tab ? escapeText(oneLine(textOf(tab)), false) : '';
    const panel = trimNewlines(content);
    return block(`**${label || String(index + 1)}**${panel ? `\n\n${panel}` : ''}`);
  },
});
service.addRule('tabList', { filter: (node) => node.getAttribute('role') === 'tablist', replacement: () => '' });

service.addRule('docCards', {
  filter: (node) => node.nodeName === 'SECTION' && find(node as El, (child) => hasClass(child, 'theme-doc-card-container')) !== null,
  replacement: (_content, node) => {
    const cards = findAll(node as El, (child) => child.nodeName === 'A' && hasClass(child, 'theme-doc-card-container'));
    const lines = cards.map((card) => {
      const titleEl = find(card, (child) => hasClass(child, 'theme-doc-card-title')) ?? find(card, (child) => /^H[1-6]$/.test(child.nodeName));
      const descriptionEl = find(card, (child) => hasClass(child, 'theme-doc-card-description'));
      const title = escapeText(oneLine(textOf(titleEl ?? card)), false);
      const description = descriptionEl ? escapeText(oneLine(textOf(descriptionEl)), false) : '';
      const link = `[${title}](${linkUrl(card.getAttribute('href') ?? '', false)})`;
      return `- ${description ? `${link} — ${description}` : link}`;
    });
    return block(lines.join('\n'));
  },
});

service.addRule('admonitionHeading', { filter: (node) => hasModuleClass(node as El, 'admonitionHeading'), replacement: () => '' });
service.addRule('admonition', {
  filter: (node) => hasClass(node as El, 'theme-admonition'),
  replacement: (content, node) => {
    const el = node as El;
    const heading = find(el, (child) => hasModuleClass(child, 'admonitionHeading'));
    const body = find(el, (child) => hasModuleClass(child, 'admonitionContent'));
    const title = heading ? oneLine(textOf(heading)) : '';
    let markdown = trimNewlines(content);
    if (title) {
      const label = `**${escapeText(/[.!?:…]$/.test(title) ? title : `${title}.`, false)}**`;
      // The label opens the first paragraph; before a list, a table or code it stands alone.
      let first = body?.firstElementChild ?? null;
      while (first && dropped(first as El)) first = first.nextElementSibling;
      markdown = first?.nodeName === 'P' && markdown ? `${label} ${markdown}` : markdown ? `${label}\n\n${markdown}` : label;
    }
    return block(quote(markdown));
  },
});

// ---------------------------------------------------------------------------------------------
// Inline text

function codeSpan(code: string): string {
  const longest = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const ticks = '`'.repeat(longest + 1);
  const pad = code.startsWith('`') || code.endsWith('`') || (code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '') ? ' ' : '';
  // GFM: a pipe inside a table cell ends the cell even in code, unless escaped: the cell rule escapes it.
  return `${ticks}${pad}${code}${pad}${ticks}`;
}

function linkUrl(href: string, table: boolean): string {
  const url = absoluteUrl(href, current.pageUrl).replace(/\(/g, '%28').replace(/\)/g, '%29').replace(/ /g, '%20');
  return table ? url.replace(/\|/g, '%7C') : url;
}

export function absoluteUrl(href: string, pageUrl: string): string {
  try {
    return new URL(href, pageUrl).href;
  } catch {
    return href;
  }
}

/**
 * Text escaped where Markdown would read it as markup: backslash, code and emphasis marks, link
 * brackets, an HTML tag or autolink, an entity, and `|` in a table cell. An underscore inside a word
 * (`snake_case`) is left alone: it never starts emphasis.
 */
export function escapeText(value: string, table: boolean): string {
  let out = value
    .replace(/[\\`*[\]]/g, '\\$&')
    .replace(/(^|[^\p{L}\p{N}])_|_(?=[^\p{L}\p{N}]|$)/gu, (_whole: string, before: string | undefined) =>
      before === undefined ? '\\_' : `${before}\\_`,
    )
    .replace(/<(?=[A-Za-z/!?])/g, '\\<')
    .replace(/&(?=#?[A-Za-z0-9]+;)/g, '\\&')
    .replace(/~~/g, '\\~\\~');
  if (table) out = out.replace(/\|/g, '\\|');
  return out;
}

/** A line that would start a heading, a quote, a list or a thematic break is escaped at its start. */
function escapeLineStart(line: string): string {
  return line
    .replace(/^(#{1,6})(?=\s|$)/, '\\$1')
    .replace(/^([>+-])(?=\s|$)/, '\\$1')
    .replace(/^(\d{1,9})([.)])(?=\s|$)/, '$1\\$2')
    .replace(/^(=+|-{3,})$/, (marks) => `\\${marks}`);
}
