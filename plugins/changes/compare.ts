/**
 * Structural comparison of one page in two versions (plugins/changes/README.md): sections by heading
 * id, parameter rows by their first cell, code samples, and the facts of the prose (inline code, bold
 * interface names, links). Prose alone is wording: it shows in the full comparison, not in the summary.
 * The block diff of the full comparison comes from the `diff` package.
 */
import { diffArrays, diffWords } from 'diff';
import { sampleKeyChanges, sampleShape } from './samples';
import { normalise, type Block, type PageStructure, type Row, type Section } from './structure';
import type { BlockChange, SectionMoveKind, SectionStatus } from '../../src/shared/changes';

/** The kinds of fact in prose (structure.ts): inline code, bold interface names, links, images. */
export type FactKind = 'code' | 'bold' | 'link' | 'image';

export type { SectionStatus } from '../../src/shared/changes';

/** A parameter that a writer mapped to its new name (config/moved-parameters.ts). */
export interface ParameterMove {
  /** The name in the older version, as written in its first cell. */
  from: string;
  /** The name in the newer version. */
  to: string;
  /** Set when the parameter is described on another page of the newer version. */
  page?: { docPath: string; title: string; anchor?: string };
}

/** Sections that a writer mapped to their new headings (config/moved-sections.ts), as the headings read. */
export interface SectionMove {
  kind: SectionMoveKind;
  from: string[];
  to: string[];
}

/** What changed in a section that both versions have. Parameter names are listed once each. */
export interface SectionFacts {
  paramsAdded: string[];
  paramsRemoved: string[];
  paramsChanged: string[];
  /** Parameters removed here and found under another name (on this page or another one). */
  paramsMoved: ParameterMove[];
  /** Rows of tables that are not parameter tables were added, removed or changed. */
  rows: boolean;
  /** A code sample changed in its keys or structure (a change of values only is not one). */
  code: boolean;
  /** Keys of the YAML and JSON samples added and removed (samples.ts). */
  codeKeysAdded: string[];
  codeKeysRemoved: string[];
  /** Paragraphs and list items that say something else: the same place, other names or numbers. */
  meaning: number;
  /** The kinds of fact in the prose that differ: inline code, bold interface names, links, images. */
  facts: FactKind[];
  /** Set when the section stands under another heading than in the older version. */
  moved?: SectionMove;
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

export type { BlockChange, Part } from '../../src/shared/changes';

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
  /** Renamed on the same page. */
  paramsRenamed: number;
  /** Moved to another page, under their new name. */
  paramsMoved: number;
  /** Older sections under a new heading (config/moved-sections.ts), by kind: a section counts as its move only. */
  sectionsRenamed: number;
  sectionsSplit: number;
  sectionsMerged: number;
}

export const MOVE_COUNTS = { renamed: 'sectionsRenamed', split: 'sectionsSplit', merged: 'sectionsMerged' } as const satisfies Record<SectionMoveKind, keyof Counts>;

/** How a page pair is compared: the writers' renames, and terms that differ between every pair of versions. */
export interface CompareOptions {
  /** Renames of parameters of this page, by the normalised older name. */
  renames?: ReadonlyMap<string, ParameterMove>;
  /** Sections of this page under a new heading: the older id → the newer ids. */
  sections?: ReadonlyMap<string, readonly string[]>;
  /** Terms that are not a change of meaning (the version labels, the product's name), lower case. */
  ignoreTerms?: ReadonlySet<string>;
}

const noFacts = (): SectionFacts => ({
  paramsAdded: [],
  paramsRemoved: [],
  paramsChanged: [],
  paramsMoved: [],
  rows: false,
  code: false,
  codeKeysAdded: [],
  codeKeysRemoved: [],
  meaning: 0,
  facts: [],
});

const sameList = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((item, index) => item === b[index]);

const unique = (names: readonly string[]): string[] => [...new Set(names)];

/** Rows added, removed and changed, by key; each named by its first cell as written, once (`port` of two plugins). */
function mapDiff(older: Map<string, Row>, newer: Map<string, Row>): { added: string[]; removed: string[]; changed: string[] } {
  // a name used twice in one version and once in the other (`slot` of two examples) is neither added nor removed
  const names = (rows: Map<string, Row>) => new Set([...rows.values()].map((row) => normalise(row.name)));
  const olderNames = names(older);
  const newerNames = names(newer);
  const added = [...newer].filter(([key, row]) => !older.has(key) && !olderNames.has(normalise(row.name))).map(([, row]) => row.name);
  const removed = [...older].filter(([key, row]) => !newer.has(key) && !newerNames.has(normalise(row.name))).map(([, row]) => row.name);
  const changed = [...newer].filter(([key, row]) => older.has(key) && older.get(key)?.value !== row.value).map(([, row]) => row.name);
  return { added: unique(added), removed: unique(removed), changed: unique(changed) };
}

/** Code samples compared by shape: the same keys and structure with other values is no change. */
function codeChange(older: readonly string[], newer: readonly string[]): { code: boolean; added: string[]; removed: string[] } {
  const keys = sampleKeyChanges(older, newer);
  const code = !sameList(older.map(sampleShape), newer.map(sampleShape)) || keys.added.length + keys.removed.length > 0;
  return { code, ...keys };
}

const termsOf = (block: Block, ignore: ReadonlySet<string>): string =>
  (block.terms ?? [])
    .map((term) => term.toLowerCase())
    .filter((term) => !ignore.has(term))
    .sort()
    .join(' ');

/**
 * Paragraphs and list items that stand in the same place in both versions (paired as the full
 * comparison pairs them) and name other things: a Latin name or a number in one and not the other.
 */
function meaningChanges(older: readonly Block[], newer: readonly Block[], ignore: ReadonlySet<string>): number {
  return pairBlocks(older, newer).filter(
    ({ del, add }) => del && add && del.kind !== 'code' && del.kind !== 'row' && del.kind === add.kind && termsOf(del, ignore) !== termsOf(add, ignore),
  ).length;
}

/** The kinds of fact whose multisets differ between two sorted lists of facts (`code:…`, `bold:…`). */
function factKinds(older: readonly string[], newer: readonly string[]): FactKind[] {
  const kinds: FactKind[] = ['code', 'bold', 'link', 'image'];
  const of = (list: readonly string[], kind: FactKind) => list.filter((fact) => fact.startsWith(`${kind}:`));
  return kinds.filter((kind) => !sameList(of(older, kind), of(newer, kind)));
}


/** The structural difference of one section present in both versions. */
export function sectionFacts(older: Section, newer: Section, ignoreTerms: ReadonlySet<string> = new Set()): SectionFacts {
  const params = mapDiff(older.params, newer.params);
  const rows = mapDiff(older.rows, newer.rows);
  const code = codeChange(older.code, newer.code);
  return {
    paramsAdded: params.added,
    paramsRemoved: params.removed,
    paramsChanged: params.changed,
    paramsMoved: [],
    rows: rows.added.length + rows.removed.length + rows.changed.length > 0,
    code: code.code,
    codeKeysAdded: code.added,
    codeKeysRemoved: code.removed,
    meaning: meaningChanges(older.blocks, newer.blocks, ignoreTerms),
    facts: factKinds(older.facts, newer.facts),
  };
}

/** True when a section changed beyond parameter rows: the «раздел изменён» of the summary. */
export function isSectionChange(facts: SectionFacts): boolean {
  return facts.rows || facts.code || facts.meaning > 0 || facts.facts.length > 0;
}

export function isStructural(facts: SectionFacts): boolean {
  return facts.paramsAdded.length + facts.paramsRemoved.length + facts.paramsChanged.length + facts.paramsMoved.length > 0 || !!facts.moved || isSectionChange(facts);
}

/** Russian words: jsdiff's own tokenizer splits Cyrillic words into letters. */
const WORDS = new Intl.Segmenter('ru', { granularity: 'word' });

const blockKey = (block: Block): string => `${block.kind}\u0000${block.text.replace(/\s+/g, ' ')}`;

/**
 * The blocks of a section in both versions, in the newer order: kept blocks alone, and in each run of
 * changes the removed and added blocks paired by position (the rest alone).
 */
export function pairBlocks(older: readonly Block[], newer: readonly Block[]): { del?: Block; add?: Block }[] {
  const result: { del?: Block; add?: Block }[] = [];
  const pending: { del: Block[]; add: Block[] } = { del: [], add: [] };
  const flush = () => {
    const pairs = Math.min(pending.del.length, pending.add.length);
    for (let index = 0; index < pairs; index += 1) result.push({ del: pending.del[index] as Block, add: pending.add[index] as Block });
    for (const block of pending.del.slice(pairs)) result.push({ del: block });
    for (const block of pending.add.slice(pairs)) result.push({ add: block });
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
      // kept: the newer block alone
      for (const block of newer.slice(at.newer, at.newer + count)) result.push({ add: block, del: block });
      at = { older: at.older + count, newer: at.newer + count };
    }
  }
  flush();
  return result;
}

/** The blocks of a section in both versions, paired: removed and added blocks of one kind next to each other become a word diff. */
export function blockChanges(older: readonly Block[], newer: readonly Block[]): BlockChange[] {
  const result: BlockChange[] = [];
  for (const { del, add } of pairBlocks(older, newer)) {
    if (del && add && del === add) {
      result.push({ op: 'same', kind: add.kind, parts: [{ op: 'same', text: add.text }] });
    } else if (del && add && del.kind === add.kind && del.kind !== 'code') {
      result.push({
        op: 'change',
        kind: add.kind,
        parts: diffWords(del.text, add.text, { intlSegmenter: WORDS }).map((part) => ({ op: part.added ? 'add' : part.removed ? 'del' : 'same', text: part.value })),
      });
    } else {
      if (del) result.push({ op: 'del', kind: del.kind, parts: [{ op: 'del', text: del.text }] });
      if (add) result.push({ op: 'add', kind: add.kind, parts: [{ op: 'add', text: add.text }] });
    }
  }
  return result;
}

/**
 * Apply the writers' renames: a removed parameter with an entry is reported as moved, and its new
 * name, when the page adds it, is no longer an addition. A stale entry stops the comparison.
 */
function applyRenames(sections: SectionChange[], renames: ReadonlyMap<string, ParameterMove>): void {
  const used = new Set<string>();
  for (const section of sections) {
    if (section.status !== 'changed' && section.status !== 'same' && section.status !== 'wording') continue;
    for (const name of [...section.facts.paramsRemoved]) {
      const move = renames.get(normalise(name));
      if (!move) continue;
      used.add(normalise(name));
      if (!move.page) {
        const target = sections.find((candidate) => candidate.facts.paramsAdded.some((added) => normalise(added) === normalise(move.to)));
        if (!target) throw new Error(`parameter ${move.from} → ${move.to}: the newer page adds no parameter ${move.to}`);
        target.facts.paramsAdded = target.facts.paramsAdded.filter((added) => normalise(added) !== normalise(move.to));
      }
      section.facts.paramsRemoved = section.facts.paramsRemoved.filter((removed) => removed !== name);
      section.facts.paramsMoved.push({ ...move, from: name });
    }
  }
  for (const [key, move] of renames) {
    if (!used.has(key)) throw new Error(`parameter ${move.from} → ${move.to}: the older page removes no parameter ${move.from}`);
  }
}

/**
 * Apply the writers' section moves: the sections of each move become one section in each version,
 * under the first newer id, where the first of them stood. A stale entry stops the comparison.
 */
function moveSections(older: PageStructure, newer: PageStructure, moves: ReadonlyMap<string, readonly string[]>) {
  const olderIds = new Set(older.sections.map((section) => section.id));
  const newerIds = new Set(newer.sections.map((section) => section.id));
  const groups = new Map<string, string[]>();
  for (const [from, to] of moves) {
    if (!olderIds.has(from) || newerIds.has(from)) throw new Error(`section #${from}: the older page removes no section #${from}`);
    const stale = to.find((id) => !newerIds.has(id) || olderIds.has(id));
    if (stale !== undefined) throw new Error(`section #${from} → #${stale}: the newer page adds no section #${stale}`);
    groups.set(to.join(' '), [...(groups.get(to.join(' ')) ?? []), from]);
  }
  let sections = { older: older.sections, newer: newer.sections };
  const moved = new Map<string, SectionMove>();
  // the sections of the ids as one, in the page's order: their blocks, rows, samples and facts
  const join = (list: readonly Section[], ids: readonly string[], id: string) => {
    const parts = list.filter((section) => ids.includes(section.id));
    const joined: Section = {
      ...(parts[0] as Section),
      id,
      blocks: parts.flatMap((part) => part.blocks),
      params: new Map(parts.flatMap((part) => [...part.params])),
      rows: new Map(parts.flatMap((part) => [...part.rows])),
      code: parts.flatMap((part) => part.code),
      facts: parts.flatMap((part) => part.facts).sort(),
      wording: normalise(parts.map((part) => part.wording).join(' ')),
    };
    return { titles: parts.map((part) => part.title), list: list.flatMap((section) => (section === parts[0] ? [joined] : ids.includes(section.id) ? [] : [section])) };
  };
  for (const [key, from] of groups) {
    const to = key.split(' ');
    const id = to[0] as string;
    const before = join(sections.older, from, id);
    const after = join(sections.newer, to, id);
    moved.set(id, { kind: from.length > 1 ? 'merged' : to.length > 1 ? 'split' : 'renamed', from: before.titles, to: after.titles });
    sections = { older: before.list, newer: after.list };
  }
  return { ...sections, moved };
}

/** Compare a page of the older version with the newer one. */
export function comparePages(older: PageStructure, newer: PageStructure, options: CompareOptions = {}): PageChange {
  const ignore = options.ignoreTerms ?? new Set<string>();
  const { moved, ...joined } = moveSections(older, newer, options.sections ?? new Map());
  const olderById = new Map(joined.older.map((section) => [section.id, section]));
  const newerIds = new Set(joined.newer.map((section) => section.id));
  const sections: SectionChange[] = [];
  const removedAfter = new Map<string, Section[]>();
  // a removed section goes after the nearest preceding section that the newer page still has
  let anchor = '\u0000start';
  for (const section of joined.older) {
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
  const wordingOf = new Map<SectionChange, boolean>();
  pushRemoved('\u0000start');
  for (const section of joined.newer) {
    const before = olderById.get(section.id);
    if (!before) {
      sections.push({ id: section.id, title: section.title, depth: section.depth, status: 'added', facts: noFacts(), blocks: blockChanges([], section.blocks) });
    } else {
      const change: SectionChange = {
        id: section.id,
        title: section.title,
        depth: section.depth,
        status: 'same',
        facts: { ...sectionFacts(before, section, ignore), moved: moved.get(section.id) },
        blocks: blockChanges(before.blocks, section.blocks),
      };
      wordingOf.set(change, before.wording !== section.wording);
      sections.push(change);
    }
    pushRemoved(section.id);
  }
  if (options.renames && options.renames.size > 0) applyRenames(sections, options.renames);
  for (const [section, reworded] of wordingOf) {
    section.status = isStructural(section.facts) ? 'changed' : reworded ? 'wording' : 'same';
    if (section.status === 'same') section.blocks = [];
  }
  return { sections };
}

/** The figures of the summary line. A section whose only change is parameter rows counts as its parameters only. */
export function countChanges(change: PageChange): Counts {
  const counts: Counts = { sectionsAdded: 0, sectionsRemoved: 0, sectionsChanged: 0, paramsAdded: 0, paramsRemoved: 0, paramsChanged: 0, paramsRenamed: 0, paramsMoved: 0, sectionsRenamed: 0, sectionsSplit: 0, sectionsMerged: 0 };
  for (const section of change.sections) {
    if (section.status === 'added') counts.sectionsAdded += 1;
    if (section.status === 'removed') counts.sectionsRemoved += 1;
    if (section.status !== 'changed') continue;
    const { facts } = section;
    counts.paramsAdded += facts.paramsAdded.length;
    counts.paramsRemoved += facts.paramsRemoved.length;
    counts.paramsChanged += facts.paramsChanged.length;
    counts.paramsRenamed += facts.paramsMoved.filter((move) => !move.page).length;
    counts.paramsMoved += facts.paramsMoved.filter((move) => move.page).length;
    if (facts.moved) counts[MOVE_COUNTS[facts.moved.kind]] += facts.moved.from.length;
    else if (isSectionChange(facts)) counts.sectionsChanged += 1;
  }
  return counts;
}

/** True when the page has a product change (wording alone is not one). */
export function hasChanges(counts: Counts): boolean {
  return Object.values(counts).some((value) => value > 0);
}

/** A removed and an added parameter that may be one parameter under a new name (not applied: a writer confirms it). */
export interface RenameCandidate {
  from: string;
  to: string;
  reason: 'description matches' | 'the other cells match';
}

/** The words of a row's cells after the first (the name): the description is the last cell. */
const cellsAfterName = (row: Row): string[] => row.value.split(' | ').slice(1);

function wordSimilarity(a: string, b: string): number {
  const left = new Set(a.split(' ').filter(Boolean));
  const right = new Set(b.split(' ').filter(Boolean));
  if (left.size === 0 || right.size === 0) return 0;
  const shared = [...left].filter((word) => right.has(word)).length;
  return (2 * shared) / (left.size + right.size);
}

/**
 * Renames to propose in the build log: a parameter the page removes and one it adds whose other cells
 * are equal, or whose descriptions (the last cell, three words or more) share most of their words.
 * Each removed parameter gets its best match only.
 */
export function renameCandidates(older: PageStructure, newer: PageStructure, change: PageChange): RenameCandidate[] {
  const rows = (structure: PageStructure) => new Map(structure.sections.flatMap((section) => [...section.params.values()].map((row) => [row.name, row] as const)));
  const olderRows = rows(older);
  const newerRows = rows(newer);
  const changed = change.sections.filter((section) => section.status === 'changed');
  const added = changed.flatMap((section) => section.facts.paramsAdded);
  const candidates: RenameCandidate[] = [];
  for (const from of changed.flatMap((section) => section.facts.paramsRemoved)) {
    const before = olderRows.get(from);
    if (!before) continue;
    let best: { to: string; score: number; reason: RenameCandidate['reason'] } | undefined;
    for (const to of added) {
      const after = newerRows.get(to);
      if (!after) continue;
      const a = cellsAfterName(before);
      const b = cellsAfterName(after);
      const description = { before: a[a.length - 1] ?? '', after: b[b.length - 1] ?? '' };
      const score = a.length > 0 && sameList(a, b) ? 2 : description.before.split(' ').length >= 3 ? wordSimilarity(description.before, description.after) : 0;
      if (score >= 0.6 && (!best || score > best.score)) best = { to, score, reason: score === 2 ? 'the other cells match' : 'description matches' };
    }
    if (best) candidates.push({ from, to: best.to, reason: best.reason });
  }
  return candidates;
}
