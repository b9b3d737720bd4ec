/**
 * Rehype plugin of the content plugins (docs, upgrade notes, pages): wraps every top-level block of a
 * page in `<HydrationSlice>` (src/components/HydrationSlice), so that in the browser each block is
 * hydrated in a task of its own after the page's first pass (src/lib/hydration/slices.ts).
 *
 * Only blocks known to render exactly one DOM element are wrapped: a slice that waits keeps one
 * server-rendered node. Anything else (a custom component, an expression, raw text) stays in the
 * first pass, where it always was.
 */

/** HTML elements that stay one element after the theme's MDX components (h2 → Heading, pre → CodeBlock, …). */
export const SLICED_ELEMENTS: ReadonlySet<string> = new Set([
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'dl', 'table', 'blockquote', 'pre', 'hr', 'div', 'figure', 'details', 'section',
]);

/** MDX components that render one element: admonitions (`:::note`) and the generated index cards. */
export const SLICED_COMPONENTS: ReadonlySet<string> = new Set(['admonition', 'DocCardList']);

export const SLICE_COMPONENT = 'HydrationSlice';

interface HastNode {
  type: string;
  tagName?: string;
  name?: string | null;
  children?: HastNode[];
  attributes?: unknown[];
  position?: unknown;
}

export function isSliced(node: HastNode): boolean {
  if (node.type === 'element') return SLICED_ELEMENTS.has(node.tagName ?? '');
  if (node.type === 'mdxJsxFlowElement') return SLICED_COMPONENTS.has(node.name ?? '');
  return false;
}

/** Wraps the sliceable top-level blocks of a tree in place; returns how many were wrapped. */
export function wrapSlices(tree: HastNode): number {
  let wrapped = 0;
  tree.children = (tree.children ?? []).map((node) => {
    if (!isSliced(node)) return node;
    wrapped += 1;
    return { type: 'mdxJsxFlowElement', name: SLICE_COMPONENT, attributes: [], children: [node], position: node.position };
  });
  return wrapped;
}

export default function rehypeHydrationSlices() {
  return (tree: HastNode): void => {
    wrapSlices(tree);
  };
}
