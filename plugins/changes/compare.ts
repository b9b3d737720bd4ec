/**
 * Structural comparison of one page in two versions (plugins/changes/README.md): sections by heading
 * id, parameter rows by their first cell, code samples, and the facts of the prose (inline code, bold
 * interface names, links). Prose alone is wording: it shows in the full comparison, not in the summary.
 * The block diff of the full comparison comes from the `diff` package.
 */
import { diffArrays, diffWords } from 'diff';
import type { Block, PageStructure, Row, Section } from './structure';

/** The kinds of fact in prose (structure.ts): inline code, bold interface names, links, images. */
export type FactKind = 'code' | 'bold' | 'link' | 'image';

export type SectionStatus = 'added' | 'removed' | 'changed' | 'wording' | 'same';

/** What changed in a section that both versions have. */
export interface SectionFacts {
  paramsAdded: string[];
  paramsRemoved: string[];
  paramsChanged: string[];
  /** Rows of tables that are not parameter tables were added, removed or changed. */
  rows: boolean;
  code: boolean;
  /** The kinds of fact in the prose that differ: inline code, bold interface names, links, images. */
  facts: FactKind[];
}

export interface SectionChange {
  id: string;
  /** The newer title (the older one for a removed section). */
  title: string;
  depth: number;
  status: SectionStatus;
  facts: SectionFacts;
  /** Blocks of the full comparison, in the newer order, removed ones where they stood. */
  blocks: BlockChange[];
}

export type Part = { op: 'same' | 'add' | 'del'; text: string };

export interface BlockChange {
  op: 'same' | 'add' | 'del' | 'change';
  kind: Block['kind'];
  /** For `change`: the words of both versions, marked. Otherwise one part. */
  parts: Part[];
}

export interface PageChange {
  sections: SectionChange[];
}

export interface Counts {
  sectionsAdded: number;
  sectionsRemoved: number;
  sectionsChanged: number;
  paramsAdded: number;
  paramsRemoved: number;
  paramsChanged: number;
}

const noFacts = (): SectionFacts => ({ paramsAdded: [], paramsRemoved: [], paramsChanged: [], rows: false, code: false, facts: [] });

const sameList = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((item, index) => item === b[index]);

/** Rows added, removed and changed, by key; each named by its first cell as written. */
function mapDiff(older: Map<string, Row>, newer: Map<string, Row>): { added: string[]; removed: string[]; changed: string[] } {
  const added = [...newer].filter(([key]) => !older.has(key)).map(([, row]) => row.name);
  const removed = [...older].filter(([key]) => !newer.has(key)).map(([, row]) => row.name);
  const changed = [...newer].filter(([key, row]) => older.has(key) && older.get(key)?.value !== row.value).map(([, row]) => row.name);
  return { added, removed, changed };
}

/** The kinds of fact whose multisets differ between two sorted lists of facts (`code:…`, `bold:…`). */
function factKinds(older: readonly string[], newer: readonly string[]): FactKind[] {
  const kinds: FactKind[] = ['code', 'bold', 'link', 'image'];
  const of = (list: readonly string[], kind: FactKind) => list.filter((fact) => fact.startsWith(`${kind}:`));
  return kinds.filter((kind) => !sameList(of(older, kind), of(newer, kind)));
}


/** The structural difference of one section present in both versions. */
export function sectionFacts(older: Section, newer: Section): SectionFacts {
  const params = mapDiff(older.params, newer.params);
  const rows = mapDiff(older.rows, newer.rows);
  return {
    paramsAdded: params.added,
    paramsRemoved: params.removed,
    paramsChanged: params.changed,
    rows: rows.added.length + rows.removed.length + rows.changed.length > 0,
    code: !sameList(older.code, newer.code),
    facts: factKinds(older.facts, newer.facts),
  };
}

export function isStructural(facts: SectionFacts): boolean {
  return facts.paramsAdded.length + facts.paramsRemoved.length + facts.paramsChanged.length > 0 || facts.rows || facts.code || facts.facts.length > 0;
}

/** Russian words: jsdiff's own tokenizer splits Cyrillic words into letters. */
const WORDS = new Intl.Segmenter('ru', { granularity: 'word' });

const blockKey = (block: Block): string => `${block.kind}\u0000${block.text.replace(/\s+/g, ' ')}`;

/** The blocks of a section in both versions, paired: removed and added blocks of one kind next to each other become a word diff. */
export function blockChanges(older: readonly Block[], newer: readonly Block[]): BlockChange[] {
  const result: BlockChange[] = [];
  const pending: { del: Block[]; add: Block[] } = { del: [], add: [] };
  const flush = () => {
    const pairs = Math.min(pending.del.length, pending.add.length);
    for (let index = 0; index < pairs; index += 1) {
      const del = pending.del[index] as Block;
      const add = pending.add[index] as Block;
      if (del.kind === add.kind && del.kind !== 'code') {
        result.push({
          op: 'change',
          kind: add.kind,
          parts: diffWords(del.text, add.text, { intlSegmenter: WORDS }).map((part) => ({ op: part.added ? 'add' : part.removed ? 'del' : 'same', text: part.value })),
        });
      } else {
        result.push({ op: 'del', kind: del.kind, parts: [{ op: 'del', text: del.text }] });
        result.push({ op: 'add', kind: add.kind, parts: [{ op: 'add', text: add.text }] });
      }
    }
    for (const block of pending.del.slice(pairs)) result.push({ op: 'del', kind: block.kind, parts: [{ op: 'del', text: block.text }] });
    for (const block of pending.add.slice(pairs)) result.push({ op: 'add', kind: block.kind, parts: [{ op: 'add', text: block.text }] });
    pending.del = [];
    pending.add = [];
  };
  const changes = diffArrays(older.map(blockKey), newer.map(blockKey));
  let at = { older: 0, newer: 0 };
  for (const change of changes) {
    const count = change.count ?? change.value.length;
    if (change.removed) {
      pending.del.push(...older.slice(at.older, at.older + count));
      at = { ...at, older: at.older + count };
    } else if (change.added) {
      pending.add.push(...newer.slice(at.newer, at.newer + count));
      at = { ...at, newer: at.newer + count };
    } else {
      flush();
      for (const block of newer.slice(at.newer, at.newer + count)) result.push({ op: 'same', kind: block.kind, parts: [{ op: 'same', text: block.text }] });
      at = { older: at.older + count, newer: at.newer + count };
    }
  }
  flush();
  return result;
}

/** Compare a page of the older version with the newer one. */
export function comparePages(older: PageStructure, newer: PageStructure): PageChange {
  const olderById = new Map(older.sections.map((section) => [section.id, section]));
  const newerIds = new Set(newer.sections.map((section) => section.id));
  const sections: SectionChange[] = [];
  const removedAfter = new Map<string, Section[]>();
  // a removed section goes after the nearest preceding section that the newer page still has
  let anchor = '\u0000start';
  for (const section of older.sections) {
    if (newerIds.has(section.id)) anchor = section.id;
    else removedAfter.set(anchor, [...(removedAfter.get(anchor) ?? []), section]);
  }
  const pushRemoved = (key: string) => {
    for (const section of removedAfter.get(key) ?? []) {
      sections.push({
        id: section.id,
        title: section.title,
        depth: section.depth,
        status: 'removed',
        facts: noFacts(),
        blocks: blockChanges(section.blocks, []),
      });
    }
  };
  pushRemoved('\u0000start');
  for (const section of newer.sections) {
    const before = olderById.get(section.id);
    if (!before) {
      sections.push({ id: section.id, title: section.title, depth: section.depth, status: 'added', facts: noFacts(), blocks: blockChanges([], section.blocks) });
    } else {
      const facts = sectionFacts(before, section);
      const status: SectionStatus = isStructural(facts) ? 'changed' : before.wording === section.wording ? 'same' : 'wording';
      sections.push({ id: section.id, title: section.title, depth: section.depth, status, facts, blocks: status === 'same' ? [] : blockChanges(before.blocks, section.blocks) });
    }
    pushRemoved(section.id);
  }
  return { sections };
}

/** The figures of the summary line. A section whose only change is parameter rows counts as its parameters only. */
export function countChanges(change: PageChange): Counts {
  const counts: Counts = { sectionsAdded: 0, sectionsRemoved: 0, sectionsChanged: 0, paramsAdded: 0, paramsRemoved: 0, paramsChanged: 0 };
  for (const section of change.sections) {
    if (section.status === 'added') counts.sectionsAdded += 1;
    if (section.status === 'removed') counts.sectionsRemoved += 1;
    if (section.status !== 'changed') continue;
    const { facts } = section;
    counts.paramsAdded += facts.paramsAdded.length;
    counts.paramsRemoved += facts.paramsRemoved.length;
    counts.paramsChanged += facts.paramsChanged.length;
    if (facts.rows || facts.code || facts.facts.length > 0) counts.sectionsChanged += 1;
  }
  return counts;
}

/** True when the page has a product change (wording alone is not one). */
export function hasChanges(counts: Counts): boolean {
  return Object.values(counts).some((value) => value > 0);
}
