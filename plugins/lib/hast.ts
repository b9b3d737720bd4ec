/**
 * HTML syntax trees (hast): the few fields our rehype plugins read and write, and the lookups of the
 * search index (plugins/search-index/extract.ts).
 */
import type { Element, Nodes } from 'hast';

/** The few fields of a hast node that our rehype plugins read and write. */
export interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
  data?: Record<string, unknown>;
}

/** The text of a node and its descendants, exactly as written (whitespace kept). */
export function rawText(node: HastNode): string {
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(rawText).join('');
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
