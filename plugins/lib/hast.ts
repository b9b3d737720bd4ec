/** The few fields of a HTML syntax tree node (hast) that our rehype plugins read and write. */
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
