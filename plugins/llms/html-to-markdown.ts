/**
 * A doc page's rendered article → clean Markdown (the page's twin, plugins/llms). It reads the HTML
 * Docusaurus wrote, so MDX components arrive already rendered, links already resolved to routes and
 * images to their built files: the converter only turns the theme's markup back into plain Markdown.
 *
 * - the article is `div.theme-doc-markdown`; the title is its `<h1>`;
 * - admonitions → a blockquote opening with the bold title: `> **Примечание.** …`;
 * - doc cards (`<DocCardList />`) → a list of links, each with the card's description;
 * - tabs → each tab's label in bold, then its panel; `<details>` → its summary in bold, then its text;
 * - code blocks (tokenized at build time) → fenced code with the language and `title="…"`;
 * - heading anchors, icons, buttons → dropped; heading ids are attributes here, so `{#id}` never appears;
 * - tables → GFM tables (a line break or a block inside a cell → a space);
 * - links and images → absolute URLs (`pageUrl` resolves them, anchors on the same page included).
 *
 * No HTML reaches the output: an element without a Markdown form gives its text. The page is read with
 * the small HTML reader of plugins/search-index (about 7 times faster than parse5 on these pages), which
 * does not close `<tbody>` or a row whose end tag the minifier left out: rows and cells are read from
 * wherever they nest.
 */
import { parseHtml, type ElementNode, type HtmlNode } from '../search-index/html';

export interface ConvertOptions {
  /** Absolute address of the page, e.g. `https://docs.monq.ru/docs/guide/thresholds/`. */
  pageUrl: string;
  /** The title to open with when the article has no `<h1>` of its own. */
  title?: string;
}

const ARTICLE_CLASS = 'theme-doc-markdown';

/** The HTML of the page's article body (`div.theme-doc-markdown`), or null when the page has none. */
export function articleHtml(page: string): string | null {
  const at = page.indexOf(ARTICLE_CLASS);
  if (at === -1) return null;
  const start = page.lastIndexOf('<div', at);
  // The doc footer (edit link, date) follows the article body: read up to it, or to the article's end.
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
  const root = parseHtml(html);
  const body = find(root, (el) => hasClass(el, ARTICLE_CLASS)) ?? root;
  const blocks = renderBlocks(body.children, { pageUrl: options.pageUrl, table: false });
  if (options.title && !blocks.some((block) => block.startsWith('# '))) blocks.unshift(`# ${escapeText(options.title, true)}`);
  return `${blocks.join('\n\n')}\n`;
}

interface Context {
  pageUrl: string;
  /** Inside a table cell: no line breaks, `|` escaped. */
  table: boolean;
}

// ---------------------------------------------------------------------------------------------
// The element tree

function classes(el: ElementNode): string[] {
  return (el.attrs.class ?? '').split(/\s+/).filter(Boolean);
}

function hasClass(el: ElementNode, name: string): boolean {
  return classes(el).includes(name);
}

/** A CSS-module class such as `admonitionHeading_Gvgb`, found by its name before the hash. */
function hasModuleClass(el: ElementNode, name: string): boolean {
  return classes(el).some((value) => value === name || value.startsWith(`${name}_`));
}

function find(node: ElementNode, test: (el: ElementNode) => boolean): ElementNode | null {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (test(child)) return child;
    const found = find(child, test);
    if (found) return found;
  }
  return null;
}

/** Every element matching `test`, in document order (nested matches included). */
function findAll(node: ElementNode, test: (el: ElementNode) => boolean, into: ElementNode[] = []): ElementNode[] {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (test(child)) into.push(child);
    findAll(child, test, into);
  }
  return into;
}

/** The text as the reader sees it (`<br>` as a line break), without dropped elements. */
function textOf(node: HtmlNode): string {
  if (node.type === 'text') return node.text;
  if (node.tag === 'br') return '\n';
  if (dropped(node)) return '';
  return node.children.map(textOf).join('');
}

/** Elements that carry nothing for a reader of the text. */
function dropped(el: ElementNode): boolean {
  return (
    DROPPED_TAGS.has(el.tag) ||
    hasClass(el, 'hash-link') ||
    hasModuleClass(el, 'admonitionIcon') ||
    hasClass(el, 'theme-doc-card-icon')
  );
}

const DROPPED_TAGS = new Set(['svg', 'button', 'script', 'style', 'template', 'noscript', 'input', 'select', 'textarea']);
const BLOCK_TAGS = new Set([
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'blockquote', 'pre', 'table', 'hr', 'div', 'section',
  'header', 'footer', 'article', 'aside', 'nav', 'main', 'figure', 'figcaption', 'details', 'summary', 'dl', 'dt', 'dd',
  'thead', 'tbody', 'tfoot', 'tr', 'li',
]);
/** Table parts that the reader may have left nested inside a cell: never part of the cell's text. */
const TABLE_PARTS = new Set(['thead', 'tbody', 'tfoot', 'tr']);

// ---------------------------------------------------------------------------------------------
// Blocks

/** Children → Markdown blocks; runs of inline content become paragraphs. */
function renderBlocks(nodes: readonly HtmlNode[], ctx: Context): string[] {
  const blocks: string[] = [];
  let run: HtmlNode[] = [];
  const flush = () => {
    const paragraph = paragraphText(renderInline(run, ctx), !ctx.table);
    if (paragraph) blocks.push(paragraph);
    run = [];
  };
  for (const node of nodes) {
    if (node.type === 'element' && dropped(node)) continue;
    if (node.type === 'element' && BLOCK_TAGS.has(node.tag)) {
      flush();
      blocks.push(...renderBlock(node, ctx));
    } else {
      run.push(node);
    }
  }
  flush();
  return blocks;
}

function renderBlock(el: ElementNode, ctx: Context): string[] {
  if (hasClass(el, 'theme-code-block')) return [codeBlock(el)];
  if (hasClass(el, 'theme-admonition')) return [admonition(el, ctx)];
  if (el.tag === 'section' && find(el, (child) => hasClass(child, 'theme-doc-card-container'))) return [cardList(el, ctx)];
  if (hasClass(el, 'tabs-container')) return tabs(el, ctx);
  switch (el.tag) {
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6': {
      const heading = paragraphText(renderInline(el.children, ctx));
      return heading ? [`${'#'.repeat(Number(el.tag[1]))} ${heading}`] : [];
    }
    case 'ul':
    case 'ol':
      return [list(el, ctx)];
    case 'blockquote':
      return [quote(renderBlocks(el.children, ctx))];
    case 'pre':
      return [fence(textOf(el), languageOf(el), null)];
    case 'table':
      return [table(el, ctx)];
    case 'hr':
      return ['---'];
    case 'details':
      return details(el, ctx);
    case 'summary':
    case 'dt': {
      const label = renderInline(el.children, ctx).trim();
      return label ? [`**${label}**`] : [];
    }
    default:
      return renderBlocks(el.children, ctx);
  }
}

/** Inline Markdown as a paragraph: one line, no leading character that would start another block. */
function paragraphText(inline: string, ownLine = true): string {
  const line = inline.replace(/[ \t\n]+/g, ' ').trim();
  return ownLine ? escapeLineStart(line) : line;
}

function languageOf(el: ElementNode): string {
  for (const node of [el, ...findAll(el, (child) => child.tag === 'pre' || child.tag === 'code')]) {
    const language = classes(node).find((name) => name.startsWith('language-'));
    if (language) return language.slice('language-'.length);
  }
  return '';
}

function codeBlock(el: ElementNode): string {
  const pre = find(el, (child) => child.tag === 'pre');
  const title = find(el, (child) => hasModuleClass(child, 'codeBlockTitle'));
  const lines = pre ? findAll(pre, (child) => hasClass(child, 'token-line')) : [];
  const code = lines.length > 0 ? lines.map((line) => textOf(line).replace(/\n$/, '')).join('\n') : textOf(pre ?? el);
  return fence(code, languageOf(el), title ? textOf(title).trim() : null);
}

function fence(code: string, language: string, title: string | null): string {
  const value = code.replace(/\n+$/, '');
  const longest = Math.max(0, ...(value.match(/`+/g) ?? []).map((run) => run.length));
  const marks = '`'.repeat(Math.max(3, longest + 1));
  const info = [language, title ? `title="${title.replace(/"/g, '\\"')}"` : ''].filter(Boolean).join(' ');
  return `${marks}${info}\n${value}\n${marks}`;
}

function admonition(el: ElementNode, ctx: Context): string {
  const heading = find(el, (child) => hasModuleClass(child, 'admonitionHeading'));
  const content = find(el, (child) => hasModuleClass(child, 'admonitionContent'));
  const blocks = renderBlocks(content ? content.children : [], ctx);
  const title = heading ? textOf(heading).replace(/\s+/g, ' ').trim() : '';
  if (title) {
    const label = `**${escapeText(/[.!?:…]$/.test(title) ? title : `${title}.`, false)}**`;
    // The label opens the first paragraph; before a list, a table or code it stands alone.
    const first = content?.children.find((child): child is ElementNode => child.type === 'element' && !dropped(child));
    if (first?.tag === 'p' && blocks[0] !== undefined) blocks[0] = `${label} ${blocks[0]}`;
    else blocks.unshift(label);
  }
  return quote(blocks);
}

function quote(blocks: readonly string[]): string {
  return blocks
    .join('\n\n')
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
}

function cardList(el: ElementNode, ctx: Context): string {
  const cards = findAll(el, (child) => child.tag === 'a' && hasClass(child, 'theme-doc-card-container'));
  return cards
    .map((card) => {
      const titleEl = find(card, (child) => hasClass(child, 'theme-doc-card-title')) ?? find(card, (child) => /^h[1-6]$/.test(child.tag));
      const descriptionEl = find(card, (child) => hasClass(child, 'theme-doc-card-description'));
      const title = escapeText((titleEl ? textOf(titleEl) : textOf(card)).replace(/\s+/g, ' ').trim(), false);
      const description = descriptionEl ? escapeText(textOf(descriptionEl).replace(/\s+/g, ' ').trim(), false) : '';
      const link = `[${title}](${linkUrl(card.attrs.href ?? '', ctx)})`;
      return `- ${description ? `${link} — ${description}` : link}`;
    })
    .join('\n');
}

function tabs(el: ElementNode, ctx: Context): string[] {
  const labels = findAll(el, (child) => child.attrs.role === 'tab').map((tab) => escapeText(textOf(tab).replace(/\s+/g, ' ').trim(), false));
  const panels = findAll(el, (child) => child.attrs.role === 'tabpanel');
  return panels.flatMap((panel, index) => [`**${labels[index] || String(index + 1)}**`, ...renderBlocks(panel.children, ctx)]);
}

function details(el: ElementNode, ctx: Context): string[] {
  const summary = el.children.find((child): child is ElementNode => child.type === 'element' && child.tag === 'summary');
  const label = summary ? renderInline(summary.children, ctx).replace(/\s+/g, ' ').trim() : '';
  const rest = el.children.filter((child) => child !== summary);
  return [...(label ? [`**${label}**`] : []), ...renderBlocks(rest, ctx)];
}

function list(el: ElementNode, ctx: Context): string {
  const items = el.children.filter((child): child is ElementNode => child.type === 'element' && child.tag === 'li');
  const loose = items.some((item) => item.children.some((child) => child.type === 'element' && child.tag === 'p'));
  const start = el.tag === 'ol' ? Number.parseInt(el.attrs.start ?? '1', 10) || 1 : 1;
  return items
    .map((item, index) => {
      const marker = el.tag === 'ol' ? `${start + index}. ` : '- ';
      const blocks = renderBlocks(item.children, ctx);
      // A tight item keeps a nested list on the next line; any other block needs a blank line before it.
      const body = blocks.map((block, at) => (at === 0 ? block : (loose || !/^(- |\d+\. )/.test(block) ? '\n\n' : '\n') + block)).join('');
      const indent = ' '.repeat(marker.length);
      return marker + body.split('\n').map((line, at) => (at === 0 || line === '' ? line : indent + line)).join('\n');
    })
    .join(loose ? '\n\n' : '\n');
}

function table(el: ElementNode, ctx: Context): string {
  const cellCtx: Context = { ...ctx, table: true };
  const rows = findAll(el, (child) => child.tag === 'tr').map((row) =>
    row.children.filter((child): child is ElementNode => child.type === 'element' && (child.tag === 'td' || child.tag === 'th')),
  );
  const head = rows[0] ?? [];
  const width = Math.max(0, ...rows.map((row) => row.length));
  if (width === 0) return '';
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const text = (row: ElementNode[]) =>
    Array.from({ length: width }, (_, at) => {
      const cell = row[at];
      return cell ? cellText(cell, cellCtx) : '';
    });
  const align = Array.from({ length: width }, (_, at) => {
    const style = `${head[at]?.attrs.style ?? ''} ${head[at]?.attrs.align ?? ''}`;
    if (/center/.test(style)) return ':-:';
    if (/right/.test(style)) return '--:';
    if (/left/.test(style)) return ':--';
    return '---';
  });
  return [line(text(head)), line(align), ...rows.slice(1).map((row) => line(text(row)))].join('\n');
}

function cellText(cell: ElementNode, ctx: Context): string {
  const own = cell.children.filter((child) => child.type === 'text' || !TABLE_PARTS.has(child.tag));
  return renderBlocks(own, ctx).join(' ').replace(/\s+/g, ' ').trim();
}

// ---------------------------------------------------------------------------------------------
// Inline content

function renderInline(nodes: readonly HtmlNode[], ctx: Context): string {
  return nodes.map((node) => inline(node, ctx)).join('');
}

function inline(node: HtmlNode, ctx: Context): string {
  if (node.type === 'text') return escapeText(node.text.replace(/[ \t\r\n]+/g, ' '), ctx.table);
  if (dropped(node)) return '';
  switch (node.tag) {
    case 'strong':
    case 'b':
      return wrap('**', renderInline(node.children, ctx));
    case 'em':
    case 'i':
      return wrap('*', renderInline(node.children, ctx));
    case 'del':
    case 's':
      return wrap('~~', renderInline(node.children, ctx));
    case 'code':
    case 'kbd':
      return codeSpan(textOf(node).replace(/\n/g, ' '), ctx);
    case 'br':
      return ctx.table ? ' ' : '\\\n';
    case 'img': {
      const src = node.attrs.src;
      if (!src) return '';
      return `![${escapeText(node.attrs.alt ?? '', ctx.table)}](${linkUrl(src, ctx)})`;
    }
    case 'a': {
      const label = renderInline(node.children, ctx).trim();
      const href = node.attrs.href;
      if (!href || !label) return label;
      return `[${label}](${linkUrl(href, ctx)})`;
    }
    default:
      if (BLOCK_TAGS.has(node.tag)) return ` ${renderBlocks(node.children, ctx).join(' ')} `;
      return renderInline(node.children, ctx);
  }
}

/** `**text**` with the spaces around the text kept outside the markers. */
function wrap(marker: string, content: string): string {
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(content);
  const [, before = '', inner = '', after = ''] = match ?? [];
  return inner ? `${before}${marker}${inner}${marker}${after}` : content;
}

function codeSpan(code: string, ctx: Context): string {
  const longest = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const ticks = '`'.repeat(longest + 1);
  const pad = code.startsWith('`') || code.endsWith('`') || (code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '') ? ' ' : '';
  const span = `${ticks}${pad}${code}${pad}${ticks}`;
  // GFM: a pipe inside a table cell ends the cell even in code, unless escaped.
  return ctx.table ? span.replace(/\|/g, '\\|') : span;
}

function linkUrl(href: string, ctx: Context): string {
  const url = absoluteUrl(href, ctx.pageUrl).replace(/\(/g, '%28').replace(/\)/g, '%29').replace(/ /g, '%20');
  return ctx.table ? url.replace(/\|/g, '%7C') : url;
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
