/**
 * «Что изменилось с 8.9»: the words and the data shapes both sides read. plugins/changes compares
 * the two versions at build time and writes the data (page-data.ts); src/components/VersionChanges
 * lays them out in the browser.
 */

export type SectionStatus = 'added' | 'removed' | 'changed' | 'wording' | 'same';

/** A block of a section: a paragraph (`text`), a list item, a table row or a code sample. */
export type BlockKind = 'text' | 'item' | 'row' | 'code';

export type Part = { op: 'same' | 'add' | 'del'; text: string };

export interface BlockChange {
  op: 'same' | 'add' | 'del' | 'change';
  kind: BlockKind;
  /** For `change`: the words of both versions, marked. Otherwise one part. */
  parts: Part[];
}

/** The anchor of the text before the first heading, on the comparison page. */
export const INTRO_ANCHOR = 'page-start';

export interface ComparisonSection {
  anchor: string;
  title: string;
  status: SectionStatus;
  note: string;
  blocks: BlockChange[];
}

export interface ComparisonData {
  title: string;
  summary: string;
  /** The writer's word (the page's `changes:` field), shown first. */
  note?: string;
  newer: { version: string; permalink: string };
  older: { version: string; permalink: string };
  /** The overview's address. */
  overviewPath: string;
  sections: ComparisonSection[];
}

export interface OverviewEntry {
  title: string;
  permalink: string;
  /** The summary line (changed pages), or nothing. */
  summary?: string;
  comparePath?: string;
}

export interface OverviewGroup {
  /** The section's folder, the anchor of its heading. */
  id: string;
  label: string;
  changed: OverviewEntry[];
  added: OverviewEntry[];
  removed: OverviewEntry[];
}

export interface OverviewData {
  counts: { changed: number; added: number; removed: number; same: number };
  /** The counts in words: «95 страниц изменились, 20 новых, 3 удалены». */
  lead: string;
  groups: OverviewGroup[];
}

export const TEXT = {
  blockTitle: 'Что изменилось с 8.9',
  newPage: 'Новое в 9.0',
  newPageNote: 'Этой страницы в документации 8.9 не было.',
  compare: 'Сравнить с 8.9',
  /** Before the writer's note (the `changes:` field of the page). */
  noteLabel: 'При обновлении:',
  overviewTitle: 'Что изменилось в документации 9.0',
  overviewDescription: 'Страницы документации 9.0, которые изменились по сравнению с 8.9, новые страницы и страницы, которых в 9.0 больше нет.',
  /** Sections under a new heading (config/moved-sections.ts): the verb of the counts line, the note before «old» → «new». */
  sectionMoves: {
    renamed: { verb: ['переименован', 'переименованы', 'переименовано'], note: 'раздел переименован' },
    split: { verb: ['разделён', 'разделены', 'разделено'], note: 'раздел разделён' },
    merged: { verb: ['объединён', 'объединены', 'объединено'], note: 'разделы объединены' },
  },
} as const;

export type SectionMoveKind = keyof typeof TEXT.sectionMoves;
