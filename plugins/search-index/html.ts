/**
 * A small HTML reader for the pages Docusaurus renders: enough to walk the
 * element tree of a well-formed static page (void elements, raw-text elements,
 * comments, entities). Not a general HTML5 parser, and it does not need to be.
 */

export interface ElementNode {
  type: 'element';
  tag: string;
  attrs: Record<string, string>;
  children: HtmlNode[];
  parent: ElementNode | null;
  /** The attributes as written in the tag, when the node comes from `parseHtml`. */
  rawAttrs?: string;
}

export interface TextNode {
  type: 'text';
  text: string;
}

export type HtmlNode = ElementNode | TextNode;

const VOID_TAGS = new Set([
  'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr',
]);
const RAW_TEXT_TAGS = new Set(['script', 'style', 'textarea', 'title']);
/** Elements closed implicitly when a sibling of the same kind opens. */
const AUTO_CLOSE: Record<string, string[]> = {
  p: ['p'],
  li: ['li'],
  dt: ['dt', 'dd'],
  dd: ['dt', 'dd'],
  tr: ['tr'],
  td: ['td', 'th'],
  th: ['td', 'th'],
  option: ['option'],
};

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', mdash: '—', ndash: '–',
  laquo: '«', raquo: '»', hellip: '…', copy: '©', reg: '®', trade: '™', shy: '\u00ad',
  zwnj: '\u200c', zwj: '\u200d', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', bdquo: '„',
  middot: '·', times: '×', rarr: '→', larr: '←', darr: '↓', uarr: '↑', bull: '•', deg: '°',
};

export function decodeEntities(text: string): string {
  if (!text.includes('&')) {
    return text;
  }
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

const ATTR_RE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function parseAttrs(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  ATTR_RE.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = ATTR_RE.exec(source)) !== null) {
    attrs[match[1]!.toLowerCase()] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attrs;
}

/**
 * An element read by `parseHtml`. Its attributes are parsed when first read: the search index reads
 * the attributes of the article's elements, and only looks for a class name in the rest of the page
 * (the navbar, the sidebar, the footer), which `hasClass` answers from the tag as written.
 */
class ParsedElement implements ElementNode {
  readonly type = 'element' as const;
  readonly children: HtmlNode[] = [];
  private parsed: Record<string, string> | null = null;

  constructor(
    readonly tag: string,
    readonly rawAttrs: string,
    readonly parent: ElementNode | null,
  ) {}

  get attrs(): Record<string, string> {
    this.parsed ??= this.rawAttrs === '' ? {} : parseAttrs(this.rawAttrs);
    return this.parsed;
  }
}

/** Parse an HTML document into a tree under a synthetic root element. */
export function parseHtml(html: string): ElementNode {
  const root: ElementNode = {type: 'element', tag: '#root', attrs: {}, children: [], parent: null};
  let current = root;
  let pos = 0;
  let lowerHtml: string | null = null;
  const tagRe = /<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/y;

  const pushText = (text: string) => {
    if (text !== '') {
      current.children.push({type: 'text', text: decodeEntities(text)});
    }
  };
  const close = (tag: string) => {
    for (let node: ElementNode | null = current; node && node !== root; node = node.parent) {
      if (node.tag === tag) {
        current = node.parent ?? root;
        return;
      }
    }
  };

  while (pos < html.length) {
    const lt = html.indexOf('<', pos);
    if (lt < 0) {
      pushText(html.slice(pos));
      break;
    }
    pushText(html.slice(pos, lt));
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      pos = end < 0 ? html.length : end + 3;
      continue;
    }
    if (html.startsWith('<!', lt) || html.startsWith('<?', lt)) {
      const end = html.indexOf('>', lt);
      pos = end < 0 ? html.length : end + 1;
      continue;
    }
    tagRe.lastIndex = lt;
    const match = tagRe.exec(html);
    if (!match) {
      pushText('<');
      pos = lt + 1;
      continue;
    }
    pos = tagRe.lastIndex;
    const [, slash, rawTag, rawAttrs] = match;
    const tag = rawTag!.toLowerCase();
    if (slash) {
      close(tag);
      continue;
    }
    const autoClose = AUTO_CLOSE[tag];
    if (autoClose && autoClose.includes(current.tag)) {
      current = current.parent ?? root;
    }
    const element: ElementNode = new ParsedElement(tag, rawAttrs ?? '', current);
    current.children.push(element);
    // `/>` closes an element only in SVG and MathML; on HTML elements it is ignored (and a
    // minified `href=/docs/x/>` ends with a slash that belongs to the value).
    const selfClosing = /\/\s*$/.test(rawAttrs ?? '') && inForeignContent(element);
    if (VOID_TAGS.has(tag) || selfClosing) {
      continue;
    }
    if (RAW_TEXT_TAGS.has(tag)) {
      lowerHtml ??= html.toLowerCase();
      const end = lowerHtml.indexOf(`</${tag}`, pos);
      const stop = end < 0 ? html.length : end;
      const text = html.slice(pos, stop);
      if (text !== '') {
        element.children.push({type: 'text', text: tag === 'script' || tag === 'style' ? text : decodeEntities(text)});
      }
      const gt = end < 0 ? html.length : html.indexOf('>', end);
      pos = gt < 0 ? html.length : gt + 1;
      continue;
    }
    current = element;
  }
  return root;
}

function inForeignContent(element: ElementNode): boolean {
  for (let node: ElementNode | null = element; node; node = node.parent) {
    if (node.tag === 'svg' || node.tag === 'math') {
      return true;
    }
  }
  return false;
}

export function classList(node: ElementNode): string[] {
  return (node.attrs.class ?? '').split(/\s+/).filter(Boolean);
}

export function hasClass(node: ElementNode, name: string): boolean {
  // Fast path: a tag whose source has no entity and does not contain the name cannot have the class.
  const raw = node.rawAttrs;
  if (raw !== undefined && !raw.includes(name) && !raw.includes('&')) {
    return false;
  }
  return classList(node).includes(name);
}

/** Depth-first search for the first element matching the predicate. */
export function findElement(node: ElementNode, predicate: (el: ElementNode) => boolean): ElementNode | null {
  for (const child of node.children) {
    if (child.type === 'element') {
      if (predicate(child)) {
        return child;
      }
      const found = findElement(child, predicate);
      if (found) {
        return found;
      }
    }
  }
  return null;
}

export function findAll(node: ElementNode, predicate: (el: ElementNode) => boolean, out: ElementNode[] = []): ElementNode[] {
  for (const child of node.children) {
    if (child.type === 'element') {
      if (predicate(child)) {
        out.push(child);
      }
      findAll(child, predicate, out);
    }
  }
  return out;
}

/** Text content, optionally skipping subtrees. */
export function textContent(node: HtmlNode, skip?: (el: ElementNode) => boolean): string {
  if (node.type === 'text') {
    return node.text;
  }
  if (skip && skip(node)) {
    return '';
  }
  if (node.tag === 'br') {
    return '\n';
  }
  if (node.tag === 'script' || node.tag === 'style') {
    return '';
  }
  return node.children.map((child) => textContent(child, skip)).join('');
}
