/**
 * Rehype plugin of the content plugins (docs, upgrade notes, pages): every Markdown table is wrapped
 * in a scroll box that a keyboard can reach and a screen reader can name:
 *
 *   <div class="monq-table-scroll" role="region" tabindex="0" aria-label="Таблица: Параметры агента">
 *     <table>…</table>
 *   </div>
 *
 * On a phone a wide table scrolls sideways inside that box (src/css/custom.css); without `tabindex`
 * a keyboard reader could not scroll it (axe `scrollable-region-focusable`). The wrapper is in the
 * server-rendered HTML, so it works before the page's scripts start and on any static host.
 *
 * The label names the table by its caption, else by the heading it stands under, else by its column
 * headers; a second table under the same heading gets a number («Таблица 2: …»), so that every
 * region of a page has its own name.
 */

import { rawText, type HastNode } from '../lib/hast';

export const TABLE_SCROLL_CLASS = 'monq-table-scroll';
/** Label of a table with no caption, heading or column headers. */
export const FALLBACK_LABEL = 'Прокручиваемая таблица';
/** Longest label; a longer name is cut at a word boundary with «…». */
const MAX_LABEL_LENGTH = 80;

const HEADING = /^h[1-6]$/;

/** Text of a node as a reader sees it, whitespace collapsed. */
function textOf(node: HastNode): string {
  return rawText(node).replace(/\s+/g, ' ').trim();
}

function shorten(text: string): string {
  if (text.length <= MAX_LABEL_LENGTH) return text;
  const cut = text.slice(0, MAX_LABEL_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > MAX_LABEL_LENGTH / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, '')}…`;
}

function find(node: HastNode, tagName: string): HastNode | undefined {
  for (const child of node.children ?? []) {
    if (child.type !== 'element') continue;
    if (child.tagName === tagName) return child;
    const found = find(child, tagName);
    if (found) return found;
  }
  return undefined;
}

/** The column headers of a table's first row, joined. */
function columnHeaders(table: HastNode): string {
  const row = find(table, 'tr');
  return (row?.children ?? [])
    .filter((cell) => cell.type === 'element' && cell.tagName === 'th')
    .map(textOf)
    .filter(Boolean)
    .join(', ');
}

function isWrapped(parent: HastNode): boolean {
  const className = parent.properties?.className;
  return Array.isArray(className) && className.includes(TABLE_SCROLL_CLASS);
}

/** Wraps every table of the tree in place; returns the labels given, in document order. */
export function wrapTables(tree: HastNode): string[] {
  const labels: string[] = [];
  const used = new Map<string, number>();
  let heading = '';

  const label = (table: HastNode): string => {
    const caption = find(table, 'caption');
    const name = (caption && textOf(caption)) || heading || columnHeaders(table);
    if (!name) return FALLBACK_LABEL;
    const count = (used.get(name) ?? 0) + 1;
    used.set(name, count);
    return shorten(count === 1 ? `Таблица: ${name}` : `Таблица ${count}: ${name}`);
  };

  const walk = (node: HastNode): void => {
    const children = node.children ?? [];
    for (let i = 0; i < children.length; i++) {
      const child = children[i]!;
      if (child.type !== 'element') {
        if (child.children) walk(child);
        continue;
      }
      if (HEADING.test(child.tagName ?? '')) {
        heading = textOf(child);
        continue;
      }
      if (child.tagName === 'table' && !isWrapped(node)) {
        const ariaLabel = label(child);
        labels.push(ariaLabel);
        children[i] = {
          type: 'element',
          tagName: 'div',
          properties: { className: [TABLE_SCROLL_CLASS], role: 'region', tabIndex: 0, ariaLabel },
          children: [child],
        };
        continue;
      }
      walk(child);
    }
  };
  walk(tree);
  return labels;
}

export default function rehypeTableRegions() {
  return (tree: HastNode): void => {
    wrapTables(tree);
  };
}
