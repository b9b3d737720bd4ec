/**
 * rehype-raw only where a page has embedded HTML.
 *
 * Docusaurus gives every `.md` page rehype-raw (`@docusaurus/mdx-loader`, processor.js), first among
 * the rehype plugins. It turns embedded HTML (`raw` nodes) into elements by running the whole page
 * through parse5, and rebuilds every node of the tree on the way, a page without any embedded HTML
 * included. On this site no `.md` page has embedded HTML, and the rebuild was about 6 % of the main
 * thread's bundling time.
 *
 * `remarkRawOnlyWhenNeeded`, a remark plugin that runs before the processor's rehype plugins are
 * attached, wraps rehype-raw's transformer. It skips a tree only when the rebuild could not change it
 * (`rebuildKeeps`):
 * - no `raw` node;
 * - every property keeps its value through an HTML attribute and back (a string that is not a number
 *   or a boolean attribute, a space-separated list, a true boolean attribute, a number attribute);
 *   `data-footnote-ref: true`, for example, would come back as `""`, so a page with footnotes is
 *   rebuilt;
 * - no link inside a link (the HTML parser would take it apart).
 * A skipped tree gets what the rebuild would have done to it: adjacent text nodes joined into one.
 * The built site is byte-identical with and without it, and `tests/unit/raw-html.test.ts` compiles
 * pages both ways.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/** A unified processor while it is frozen: its plugins in order (unified's `attachers`). */
interface FreezingProcessor {
  attachers?: unknown;
}

type Attacher = (this: unknown, ...options: unknown[]) => unknown;
type Transformer = (tree: unknown, ...rest: unknown[]) => unknown;

/** Pages of this process that rehype-raw rebuilt, and pages it left as they were. */
export const RAW_HTML_STATS = { ran: 0, skipped: 0 };

/** rehype-raw's attacher, by the name its package gives it. */
export const REHYPE_RAW = 'rehypeRaw';

interface HastLike {
  type?: unknown;
  tagName?: unknown;
  properties?: Record<string, unknown>;
  children?: unknown;
}

/** What property-information says of a hast property (only the fields read here). */
export interface PropertyInfo {
  attribute: string;
  property: string;
  space?: string;
  boolean?: boolean;
  booleanish?: boolean;
  overloadedBoolean?: boolean;
  number?: boolean;
  spaceSeparated?: boolean;
  commaSeparated?: boolean;
}
export type FindProperty = (property: string) => PropertyInfo;

/** Whether a property value comes back the same from an HTML attribute (hast-util-to-parse5, then hastscript). */
export function keepsValue(key: string, value: unknown, find: FindProperty): boolean {
  const info = find(key);
  // Left out either way: the compiler to JSX drops these values too.
  if (value === null || value === undefined || value === false || (typeof value === 'number' && Number.isNaN(value))) return true;
  if (!value && info.boolean) return true;
  if (find(info.attribute).property !== key || (info.space !== undefined && info.space !== 'html')) return false;
  if (info.commaSeparated || info.booleanish) return false;
  if (Array.isArray(value)) {
    return info.spaceSeparated === true && value.every((item) => typeof item === 'string' && item !== '' && !/\s/.test(item));
  }
  if (value === true) return info.boolean === true || info.overloadedBoolean === true;
  if (typeof value === 'number') return info.number === true && Number.isFinite(value);
  if (typeof value !== 'string') return false;
  return !info.number && !info.boolean && !info.overloadedBoolean && !info.spaceSeparated;
}

/**
 * Whether rehype-raw's rebuild would leave `tree` as it is, apart from joining adjacent text (see the
 * header): no raw node, properties that survive an attribute round trip, no link inside a link.
 */
export function rebuildKeeps(tree: unknown, find: FindProperty): boolean {
  const stack: Array<{ node: unknown; inLink: boolean }> = [{ node: tree, inLink: false }];
  while (stack.length > 0) {
    const { node: item, inLink } = stack.pop()!;
    const node = item as HastLike | null | undefined;
    if (!node || typeof node !== 'object') continue;
    if (node.type === 'raw') return false;
    let link = inLink;
    if (node.type === 'element') {
      if (node.tagName === 'a') {
        if (inLink) return false;
        link = true;
      }
      for (const [key, value] of Object.entries(node.properties ?? {})) {
        if (!keepsValue(key, value, find)) return false;
      }
    }
    if (Array.isArray(node.children)) for (const child of node.children) stack.push({ node: child, inLink: link });
  }
  return true;
}

interface TextLike {
  type: 'text';
  value: string;
  position?: { start: unknown; end: unknown };
}

/**
 * Adjacent text nodes joined into one, as parse5 joins adjacent character data when rehype-raw
 * rebuilds a tree (a text directive that Docusaurus turns back into text, for example, leaves the text
 * in pieces). React would otherwise separate the pieces with `<!-- -->` in the HTML.
 */
export function joinAdjacentText(tree: unknown): void {
  const stack: unknown[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as HastLike | null | undefined;
    if (!node || typeof node !== 'object' || !Array.isArray(node.children)) continue;
    const children = node.children as HastLike[];
    let write = 0;
    for (let read = 0; read < children.length; read++) {
      const child = children[read];
      const previous = write > 0 ? children[write - 1] : undefined;
      if (child?.type === 'text' && previous?.type === 'text') {
        const joined = previous as TextLike;
        const next = child as TextLike;
        joined.value += next.value;
        if (joined.position && next.position) joined.position = { start: joined.position.start, end: next.position.end };
        continue;
      }
      children[write++] = child as HastLike;
      stack.push(child);
    }
    children.length = write;
  }
}

let propertyFinder: Promise<FindProperty> | undefined;

/** property-information's `find` for HTML, as the MDX compiler resolves it (an ES module). */
export function htmlPropertyFinder(): Promise<FindProperty> {
  propertyFinder ??= (async () => {
    const from = createRequire(createRequire(import.meta.url).resolve('hast-util-to-estree'));
    const { find, html } = (await import(pathToFileURL(from.resolve('property-information')).href)) as {
      find: (schema: unknown, property: string) => PropertyInfo;
      html: unknown;
    };
    return (property: string) => find(html, property);
  })();
  return propertyFinder;
}

/** rehype-raw's attacher, wrapped: its transformer runs only on a tree that the rebuild would change. */
export function rawWhenNeeded(attacher: Attacher, finder: () => Promise<FindProperty> = htmlPropertyFinder): Attacher {
  const wrapped = function (this: unknown, ...options: unknown[]): unknown {
    const transformer = attacher.apply(this, options);
    if (typeof transformer !== 'function') return transformer;
    return async function (this: unknown, tree: unknown, ...rest: unknown[]): Promise<unknown> {
      if (!rebuildKeeps(tree, await finder())) {
        RAW_HTML_STATS.ran += 1;
        return (transformer as Transformer).apply(this, [tree, ...rest]);
      }
      RAW_HTML_STATS.skipped += 1;
      joinAdjacentText(tree);
      return undefined;
    };
  };
  Object.defineProperty(wrapped, 'name', { value: `${attacher.name}WhenNeeded` });
  return wrapped;
}

/**
 * Remark plugin: rehype-raw, attached later in the same processor, runs only on pages with embedded
 * HTML. If the processor does not list its plugins as unified 11 does, nothing changes.
 */
export default function remarkRawOnlyWhenNeeded(this: FreezingProcessor): void {
  const { attachers } = this;
  if (!Array.isArray(attachers)) return;
  for (const entry of attachers as unknown[]) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'function') continue;
    const attacher = entry[0] as Attacher;
    if (attacher.name === REHYPE_RAW) entry[0] = rawWhenNeeded(attacher);
  }
}
