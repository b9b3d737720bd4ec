/**
 * Rehype plugin of the content plugins (both docs instances, pages): each link of a page's text to a
 * glossary term (`[сигнал](/glossary#signal)`) gets a card with the first sentence of the term's
 * definition (plugins/content/glossary.ts):
 *
 *   <span class="monq-term"><a href="/glossary#signal" aria-describedby="monq-term-1">сигнал</a><span
 *   class="monq-term__card" role="tooltip"><span id="monq-term-1">Объект проблемы …</span> <a
 *   href="/glossary#signal" tabindex="-1">Подробнее в глоссарии</a></span></span>
 *
 * src/css/reader.css shows the card on hover and keyboard focus, without a script;
 * src/clientModules/glossaryCard.ts closes it on Escape. The definition is the link's accessible
 * description, and the card stays `display: none` until shown, so a screen reader meets it once.
 * «Подробнее в глоссарии» leads where the term's link leads, so it is out of the tab order.
 *
 * No card for a link in a heading, a table (its scroll box would clip the card), code or another link.
 * A link whose anchor the glossary does not have stops the build, naming the page and the anchor.
 */
import { relative } from 'node:path';
import type { HastNode } from '../lib/hast';
import { CARD_CLASS, DEFINITION_ID_PREFIX, MORE_LABEL, TERM_CLASS } from '../../src/shared/glossaryCard';
import { brokenGlossaryLinks, glossaryAnchor, loadGlossary, type Glossary, type GlossaryTerm } from './glossary';

export interface GlossaryCardsOptions {
  /** The glossary's source; src/pages/glossary.mdx of the site by default. */
  glossaryFile?: string;
  /** The glossary itself (tests). */
  glossary?: Glossary;
}

/** Elements inside which a glossary link gets no card. */
const NO_CARD = /^(?:h[1-6]|table|pre|code|a|button|summary)$/;

function hrefOf(node: HastNode): string | null {
  if (node.type === 'element' && node.tagName === 'a') {
    const href = node.properties?.href;
    return typeof href === 'string' ? href : null;
  }
  if (node.type === 'mdxJsxTextElement' || node.type === 'mdxJsxFlowElement') {
    const attributes = (node as { attributes?: { name?: string; value?: unknown }[] }).attributes ?? [];
    const target = attributes.find((attribute) => attribute.name === 'to' || attribute.name === 'href');
    return typeof target?.value === 'string' ? target.value : null;
  }
  return null;
}

function card(term: GlossaryTerm, id: string, href: string): HastNode {
  const definition: HastNode[] = term.parts.map((part) =>
    part.code ? { type: 'element', tagName: 'code', properties: {}, children: [{ type: 'text', value: part.text }] } : { type: 'text', value: part.text },
  );
  return {
    type: 'element',
    tagName: 'span',
    properties: { className: [CARD_CLASS], role: 'tooltip' },
    children: [
      { type: 'element', tagName: 'span', properties: { id }, children: definition },
      { type: 'text', value: ' ' },
      { type: 'element', tagName: 'a', properties: { href, tabIndex: -1 }, children: [{ type: 'text', value: MORE_LABEL }] },
    ],
  };
}

/**
 * Adds the cards to a page's tree in place; returns the hrefs of every link to the glossary, in
 * document order (with or without a card), for the anchor check.
 */
export function addGlossaryCards(tree: HastNode, glossary: Glossary): string[] {
  const hrefs: string[] = [];
  let count = 0;
  const walk = (node: HastNode, inside: boolean): void => {
    const children = node.children ?? [];
    for (let i = 0; i < children.length; i++) {
      const child = children[i]!;
      const href = hrefOf(child);
      const anchor = href === null ? null : glossaryAnchor(href);
      if (href !== null && anchor !== null) hrefs.push(href);
      const term = anchor === null ? undefined : glossary.terms.get(anchor);
      if (term && !inside && child.type === 'element') {
        count += 1;
        const id = `${DEFINITION_ID_PREFIX}${count}`;
        child.properties = { ...child.properties, ariaDescribedBy: id };
        children[i] = {
          type: 'element',
          tagName: 'span',
          properties: { className: [TERM_CLASS] },
          children: [child, card(term, id, href!)],
        };
        continue;
      }
      const blocked = inside || href !== null || (child.type === 'element' && NO_CARD.test(child.tagName ?? ''));
      if (child.children) walk(child, blocked);
    }
  };
  walk(tree, false);
  return hrefs;
}

export default function rehypeGlossaryCards(options: GlossaryCardsOptions = {}) {
  return (tree: HastNode, file?: { path?: string }): void => {
    const glossary = options.glossary ?? loadGlossary(options.glossaryFile);
    const hrefs = addGlossaryCards(tree, glossary);
    const page = file?.path ? relative(process.cwd(), file.path) : 'a page';
    const problems = brokenGlossaryLinks(page, hrefs, glossary.anchors);
    if (problems.length > 0) throw new Error(`[glossary] A link to the glossary names no anchor of it:\n${problems.join('\n')}`);
  };
}
