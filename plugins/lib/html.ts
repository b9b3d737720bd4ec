/**
 * The built pages as HTML syntax trees for the search index (plugins/search-index). parse5, the parser
 * of the HTML standard, implies the end tags the minifier leaves out (`</td>`, `</li>`, `</p>`) where a
 * browser does. A page stays parse5's tree; only the parts that are read become hast
 * (hast-util-from-parse5, without source positions), as the conversion costs up to half the parse.
 */
import type { DefaultTreeAdapterMap } from 'parse5';
import { fromParse5 } from 'hast-util-from-parse5';
import type { Element, Nodes } from 'hast';

type ParsedNode = DefaultTreeAdapterMap['node'];
type ParsedElement = DefaultTreeAdapterMap['element'];

/** The first element of parse5's tree (depth first) whose `class` has `name`, or whose tag is `tag`. */
export function findParsed(node: ParsedNode, match: { className: string } | { tagName: string }): ParsedElement | null {
  if (!('childNodes' in node)) return null;
  for (const child of node.childNodes) {
    if (!('tagName' in child)) continue;
    if ('tagName' in match ? child.tagName === match.tagName : hasParsedClass(child, match.className)) return child;
    const found = findParsed(child, match);
    if (found) return found;
  }
  return null;
}

/** An attribute of an element of parse5's tree, as written. */
export function parsedAttribute(el: ParsedElement, name: string): string | undefined {
  return el.attrs.find((attr) => attr.name === name)?.value;
}

function hasParsedClass(el: ParsedElement, name: string): boolean {
  return (parsedAttribute(el, 'class') ?? '').split(/\s+/).includes(name);
}

/** A part of parse5's tree as hast. */
export function toHast(node: ParsedElement): Element {
  return fromParse5(node) as Element;
}

export function classList(el: Element): string[] {
  const value = el.properties.className;
  return Array.isArray(value) ? (value as string[]) : [];
}

export function hasClass(el: Element, name: string): boolean {
  return classList(el).includes(name);
}

/** A string property (`href`, `id`, `content`…), or undefined. */
export function prop(el: Element, name: string): string | undefined {
  const value = el.properties[name];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}

/** The first element under `node` (depth first, `node` excluded) that passes `test`. */
export function findElement(node: Nodes, test: (el: Element) => boolean): Element | null {
  if (!('children' in node)) return null;
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (test(child)) return child;
    const found = findElement(child, test);
    if (found) return found;
  }
  return null;
}

/** Every element under `node` that passes `test`, in document order, nested matches included. */
export function findAll(node: Nodes, test: (el: Element) => boolean, into: Element[] = []): Element[] {
  if (!('children' in node)) return into;
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (test(child)) into.push(child);
    findAll(child, test, into);
  }
  return into;
}

/**
 * The text of a node as written, with `<br>` as a line break, leaving out scripts, styles and the
 * subtrees `skip` names.
 */
export function textContent(node: Nodes, skip?: (el: Element) => boolean): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') {
    if (node.tagName === 'br') return '\n';
    if (node.tagName === 'script' || node.tagName === 'style' || skip?.(node)) return '';
  }
  if (!('children' in node)) return '';
  let text = '';
  for (const child of node.children) text += textContent(child, skip);
  return text;
}
