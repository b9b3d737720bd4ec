/**
 * Remark plugin of the versioned docs: on a page of the newer version whose older counterpart differs
 * in structure, a `<details>` right under the title (collapsed: the summary line; open: the sections
 * with links, and «Сравнить с 8.9»); on a page new in that version, the mark «Новое в 9.0». Unchanged
 * pages, and pages of other versions, get nothing. No script: the browser opens `<details>` itself.
 */
import { resolve, sep } from 'node:path';
import type { Paragraph, Root } from 'mdast';
import type { ElementContent } from 'hast';
import { siteChanges, type ChangesOptions, type PageResult } from './pages';
import { INTRO_ANCHOR } from './page-data';
import { sectionNote, sectionTitle, TEXT } from './words';

/** Marks the block for the tools that read built pages: the search index leaves it out (plugins/search-index). */
export const BLOCK_CLASS = 'monq-changes search-index-skip';

const text = (value: string): ElementContent => ({ type: 'text', value });
const element = (tagName: string, properties: Record<string, string | string[]>, children: ElementContent[]): ElementContent => ({
  type: 'element',
  tagName,
  properties,
  children,
});

/** The hast of the block (or the mark) for one page; undefined when the page shows nothing. */
export function changesBlock(result: PageResult, changesBase: string): ElementContent | undefined {
  if (result.status === 'new') {
    return element('p', { className: [...BLOCK_CLASS.split(' '), 'monq-changes--new'] }, [
      element('strong', {}, [text(TEXT.newPage)]),
      text(`. ${TEXT.newPageNote} `),
      element('a', { href: changesBase }, [text(TEXT.overviewTitle)]),
      text('.'),
    ]);
  }
  if (result.status !== 'changed' || !result.change || !result.comparePath) return undefined;
  const compare = result.comparePath;
  const items = result.change.sections
    .filter((section) => section.status === 'added' || section.status === 'changed' || section.status === 'removed')
    .map((section) => {
      // a removed section, and the text before the first heading, are found on the comparison page
      const onPage = section.status !== 'removed' && section.id !== '';
      const href = onPage ? `#${section.id}` : `${compare}#${section.id === '' ? INTRO_ANCHOR : section.id}`;
      return element('li', {}, [element('a', { href }, [text(sectionTitle(section))]), text(` — ${sectionNote(section)}`)]);
    });
  return element('details', { className: BLOCK_CLASS.split(' ') }, [
    element('summary', {}, [text(`${TEXT.blockTitle}: ${result.summary ?? ''}`)]),
    // the writer's word first: what a reader who upgrades must do differently
    ...(result.note ? [element('p', { className: ['monq-changes__note'] }, [element('strong', {}, [text(TEXT.noteLabel)]), text(` ${result.note}`)])] : []),
    element('ul', {}, items),
    element('p', {}, [element('a', { href: compare }, [text(TEXT.compare)]), text(' · '), element('a', { href: changesBase }, [text(TEXT.overviewTitle)])]),
  ]);
}

export default function remarkChangesBlock(options: ChangesOptions) {
  const newerDir = resolve(options.newer.dir) + sep;
  return (tree: Root, file: { path?: string }): void => {
    const path = file.path ? resolve(file.path) : '';
    if (!path.startsWith(newerDir)) return;
    const result = siteChanges(options).byFile.get(path);
    if (!result) throw new Error(`changes: ${path} was not compared with ${options.older.version}`);
    const block = changesBlock(result, options.changesBase);
    if (!block) return;
    if (block.type !== 'element') return;
    // a node of its own, rendered as the element: mdast-util-to-hast takes its name, properties and children from `data`
    const node: Paragraph = { type: 'paragraph', children: [], data: { hName: block.tagName, hProperties: block.properties, hChildren: block.children } };
    // under the title: after the imports and the page's own `# heading`, if it has one
    let at = 0;
    while (at < tree.children.length && ['mdxjsEsm', 'yaml', 'toml'].includes(tree.children[at]?.type ?? '')) at += 1;
    if (tree.children[at]?.type === 'heading' && (tree.children[at] as { depth: number }).depth === 1) at += 1;
    tree.children.splice(at, 0, node);
  };
}
