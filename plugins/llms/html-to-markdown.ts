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
 * No HTML reaches the output: an element without a Markdown form gives its text.
 *
 * The article is parsed by parse5 (plugins/lib/html.ts): the tree is the one a browser builds, end
 * tags the minifier left out included. The Markdown is written here rather than by hast-util-to-mdast
 * and mdast-util-to-markdown: that pipeline gave the same twins, but the 379 pages took 3.6-4.6 s of
 * CPU instead of 1.1-1.4 s, and the build 8-10 % longer (plugins/llms/README.md).
 */
import type { Element, ElementContent } from 'hast';
import { classList, findAll, findElement, hasClass, hasModuleClass, parseHtmlFragment, prop, textContent } from '../lib/html';

export interface ConvertOptions {
  /** Absolute address of the page, e.g. `https://docs.monq.ru/docs/guide/thresholds/`. */
  pageUrl: string;
  /** The title to open with when the article has no `<h1>` of its own. */
  title?: string;
}

const ARTICLE_CLASS = 'theme-doc-markdown';

/**
 * The page from the article body (`div.theme-doc-markdown`) up to the doc footer, or null when the
 * page has none. This only spares the parser the navbar and the sidebar: which element is the article
 * is decided on the parsed tree, so a footer whose mark changed would still be left out.
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
  const root = parseHtmlFragment(html);
  const body = findElement(root, (el) => hasClass(el, ARTICLE_CLASS)) ?? root;
  const blocks = renderBlocks(body.children as ElementContent[], { pageUrl: options.pageUrl, table: false });
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

type Node = ElementContent;

/** The text as the reader sees it (`<br>` as a line break), without dropped elements. */
function textOf(node: Node): string {
  return textContent(node, dropped);
}

/** Elements that carry nothing for a reader of the text. */
function dropped(el: Element): boolean {
  return (
    DROPPED_TAGS.has(el.tagName) ||
    hasClass(el, 'hash-link') ||
    hasModuleClass(el, 'admonitionIcon') ||
    hasClass(el, 'theme-doc-card-icon') ||
    // «Что изменилось с 8.9» (plugins/changes) compares the site's versions; it is not the page's text
    hasClass(el, 'monq-changes')
  );
}

const DROPPED_TAGS = new Set(['svg', 'button', 'script', 'style', 'template', 'noscript', 'input', 'select', 'textarea']);
const BLOCK_TAGS = new Set([
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'blockquote', 'pre', 'table', 'hr', 'div', 'section',
  'header', 'footer', 'article', 'aside', 'nav', 'main', 'figure', 'figcaption', 'details', 'summary', 'dl', 'dt', 'dd',
  'thead', 'tbody', 'tfoot', 'tr', 'li',
]);

// ---------------------------------------------------------------------------------------------
// Blocks

/** Children → Markdown blocks; runs of inline content become paragraphs. */
function renderBlocks(nodes: readonly Node[], ctx: Context): string[] {
  const blocks: string[] = [];
  let run: Node[] = [];
  const flush = () => {
    const paragraph = paragraphText(renderInline(run, ctx), !ctx.table);
    if (paragraph) blocks.push(paragraph);
    run = [];
  };
  for (const node of nodes) {
    if (node.type === 'element' && dropped(node)) continue;
    if (node.type === 'element' && BLOCK_TAGS.has(node.tagName)) {
      flush();
      blocks.push(...renderBlock(node, ctx));
    } else {
      run.push(node);
    }
  }
  flush();
  return blocks;
}

function renderBlock(el: Element, ctx: Context): string[] {
  if (hasClass(el, 'theme-code-block')) return [codeBlock(el)];
  if (hasClass(el, 'theme-admonition')) return [admonition(el, ctx)];
  if (el.tagName === 'section' && findElement(el, (child) => hasClass(child, 'theme-doc-card-container'))) return [cardList(el, ctx)];
  if (hasClass(el, 'tabs-container')) return tabs(el, ctx);
  switch (el.tagName) {
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6': {
      const heading = paragraphText(renderInline(el.children, ctx));
      return heading ? [`${'#'.repeat(Number(el.tagName[1]))} ${heading}`] : [];
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

function languageOf(el: Element): string {
  for (const node of [el, ...findAll(el, (child) => child.tagName === 'pre' || child.tagName === 'code')]) {
    const language = classList(node).find((name) => name.startsWith('language-'));
    if (language) return language.slice('language-'.length);
  }
  return '';
}

function codeBlock(el: Element): string {
  const pre = findElement(el, (child) => child.tagName === 'pre');
  const title = findElement(el, (child) => hasModuleClass(child, 'codeBlockTitle'));
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

function admonition(el: Element, ctx: Context): string {
  const heading = findElement(el, (child) => hasModuleClass(child, 'admonitionHeading'));
  const content = findElement(el, (child) => hasModuleClass(child, 'admonitionContent'));
  const blocks = renderBlocks(content ? content.children : [], ctx);
  const title = heading ? textOf(heading).replace(/\s+/g, ' ').trim() : '';
  if (title) {
    const label = `**${escapeText(/[.!?:…]$/.test(title) ? title : `${title}.`, false)}**`;
    // The label opens the first paragraph; before a list, a table or code it stands alone.
    const first = content?.children.find((child): child is Element => child.type === 'element' && !dropped(child));
    if (first?.tagName === 'p' && blocks[0] !== undefined) blocks[0] = `${label} ${blocks[0]}`;
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

function cardList(el: Element, ctx: Context): string {
  const cards = findAll(el, (child) => child.tagName === 'a' && hasClass(child, 'theme-doc-card-container'));
  return cards
    .map((card) => {
      const titleEl = findElement(card, (child) => hasClass(child, 'theme-doc-card-title')) ?? findElement(card, (child) => /^h[1-6]$/.test(child.tagName));
      const descriptionEl = findElement(card, (child) => hasClass(child, 'theme-doc-card-description'));
      const title = escapeText((titleEl ? textOf(titleEl) : textOf(card)).replace(/\s+/g, ' ').trim(), false);
      const description = descriptionEl ? escapeText(textOf(descriptionEl).replace(/\s+/g, ' ').trim(), false) : '';
      const link = `[${title}](${linkUrl(prop(card, 'href') ?? '', ctx)})`;
      return `- ${description ? `${link} — ${description}` : link}`;
    })
    .join('\n');
}

function tabs(el: Element, ctx: Context): string[] {
  const labels = findAll(el, (child) => prop(child, 'role') === 'tab').map((tab) => escapeText(textOf(tab).replace(/\s+/g, ' ').trim(), false));
  const panels = findAll(el, (child) => prop(child, 'role') === 'tabpanel');
  return panels.flatMap((panel, index) => [`**${labels[index] || String(index + 1)}**`, ...renderBlocks(panel.children, ctx)]);
}

function details(el: Element, ctx: Context): string[] {
  const summary = el.children.find((child): child is Element => child.type === 'element' && child.tagName === 'summary');
  const label = summary ? renderInline(summary.children, ctx).replace(/\s+/g, ' ').trim() : '';
  const rest = el.children.filter((child) => child !== summary);
  return [...(label ? [`**${label}**`] : []), ...renderBlocks(rest, ctx)];
}

function list(el: Element, ctx: Context): string {
  const items = el.children.filter((child): child is Element => child.type === 'element' && child.tagName === 'li');
  const loose = items.some((item) => item.children.some((child) => child.type === 'element' && child.tagName === 'p'));
  const start = el.tagName === 'ol' ? Number.parseInt(prop(el, 'start') ?? '1', 10) || 1 : 1;
  return items
    .map((item, index) => {
      const marker = el.tagName === 'ol' ? `${start + index}. ` : '- ';
      const blocks = renderBlocks(item.children, ctx);
      // A tight item keeps a nested list on the next line; any other block needs a blank line before it.
      const body = blocks.map((block, at) => (at === 0 ? block : (loose || !/^(- |\d+\. )/.test(block) ? '\n\n' : '\n') + block)).join('');
      const indent = ' '.repeat(marker.length);
      return marker + body.split('\n').map((line, at) => (at === 0 || line === '' ? line : indent + line)).join('\n');
    })
    .join(loose ? '\n\n' : '\n');
}

function table(el: Element, ctx: Context): string {
  const cellCtx: Context = { ...ctx, table: true };
  const rows = findAll(el, (child) => child.tagName === 'tr').map((row) =>
    row.children.filter((child): child is Element => child.type === 'element' && (child.tagName === 'td' || child.tagName === 'th')),
  );
  const head = rows[0] ?? [];
  const width = Math.max(0, ...rows.map((row) => row.length));
  if (width === 0) return '';
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const text = (row: Element[]) =>
    Array.from({ length: width }, (_, at) => {
      const cell = row[at];
      return cell ? cellText(cell, cellCtx) : '';
    });
  const align = Array.from({ length: width }, (_, at) => {
    const cell = head[at];
    const style = cell ? `${prop(cell, 'style') ?? ''} ${prop(cell, 'align') ?? ''}` : '';
    if (/center/.test(style)) return ':-:';
    if (/right/.test(style)) return '--:';
    if (/left/.test(style)) return ':--';
    return '---';
  });
  return [line(text(head)), line(align), ...rows.slice(1).map((row) => line(text(row)))].join('\n');
}

function cellText(cell: Element, ctx: Context): string {
  return renderBlocks(cell.children, ctx).join(' ').replace(/\s+/g, ' ').trim();
}

// ---------------------------------------------------------------------------------------------
// Inline content

function renderInline(nodes: readonly Node[], ctx: Context): string {
  return nodes.map((node) => inline(node, ctx)).join('');
}

function inline(node: Node, ctx: Context): string {
  if (node.type === 'text') return escapeText(node.value.replace(/[ \t\r\n]+/g, ' '), ctx.table);
  // Comments (and nodes parse5 never makes) have no text for a reader.
  if (node.type !== 'element' || dropped(node)) return '';
  switch (node.tagName) {
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
      const src = prop(node, 'src');
      if (!src) return '';
      return `![${escapeText(prop(node, 'alt') ?? '', ctx.table)}](${linkUrl(src, ctx)})`;
    }
    case 'a': {
      const label = renderInline(node.children, ctx).trim();
      const href = prop(node, 'href');
      if (!href || !label) return label;
      return `[${label}](${linkUrl(href, ctx)})`;
    }
    default:
      if (BLOCK_TAGS.has(node.tagName)) return ` ${renderBlocks(node.children, ctx).join(' ')} `;
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
