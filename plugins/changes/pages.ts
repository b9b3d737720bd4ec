/**
 * Every page of the newer docs version paired with its page in the older one (same path, or the
 * mapping of config/moved-pages.ts), compared once per build. The plugin (index.ts) and the remark
 * plugin that writes the block (remark-changes-block.ts) read the same result (`siteChanges`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { load } from 'js-yaml';
import { comparePages, countChanges, hasChanges, renameCandidates, type Counts, type PageChange, type ParameterMove, type RenameCandidate } from './compare';
import { normalise, pageStructure, type PageStructure } from './structure';
import { summaryLine } from './words';

export interface VersionDir {
  /** Version label (`9.0`). */
  version: string;
  /** Folder of the version's Markdown (`versioned_docs/version-9.0`). */
  dir: string;
  /** URL prefix of the version (`/docs/`, `/docs/8.9/`). */
  base: string;
}

export interface ChangesOptions {
  newer: VersionDir;
  older: VersionDir;
  /** Doc paths of the older version mapped to the newer one (pages that moved). */
  moved: Readonly<Record<string, string>>;
  /** Where the comparison pages live (`/docs/changes/`): one page per changed doc under it, the overview at it. */
  changesBase: string;
  /** Parameters renamed or moved, by the newer page's doc path (config/moved-parameters.ts). */
  movedParameters?: MovedParameters;
  /** Sections under a new heading, by the newer page's doc path (config/moved-sections.ts). */
  movedSections?: MovedSections;
}

/** A parameter's new name: on the same page, or on another page of the newer version (`doc/path#anchor`). */
export type MovedParameter = string | { readonly to: string; readonly page: string };

/** Newer doc path → older parameter name (as its first cell reads) → its new name. */
export type MovedParameters = Readonly<Record<string, Readonly<Record<string, MovedParameter>>>>;

/** Newer doc path → older section id → the newer id (renamed; several older ids to one: merged), or ids (split). */
export type MovedSections = Readonly<Record<string, Readonly<Record<string, string | readonly string[]>>>>;

export interface DocPage {
  /** Doc path inside the version, without extension (`guide/signals`, `guide/index`). */
  docPath: string;
  file: string;
  title: string;
  permalink: string;
  /** Top-level folder, the sidebar section. */
  section: string;
}

export type PageStatus = 'changed' | 'same' | 'new';

export interface PageResult {
  status: PageStatus;
  page: DocPage;
  /** The older page, for changed and same pages. */
  older?: DocPage;
  change?: PageChange;
  counts?: Counts;
  summary?: string;
  /** The comparison page's address, for changed pages. */
  comparePath?: string;
  /** The writer's word: the `changes:` field of the newer page's front matter. */
  note?: string;
  /** Removed and added parameters whose descriptions match: renames for a writer to confirm. */
  candidates?: RenameCandidate[];
}

export interface SiteChanges {
  /** Pages of the newer version, by absolute file path. */
  byFile: Map<string, PageResult>;
  pages: PageResult[];
  /** Older pages with no counterpart in the newer version. */
  removed: DocPage[];
  /** Top-level sections: folder → label and position (from `_category_.json`). */
  sections: Map<string, { label: string; position: number }>;
}

function markdownFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('_') || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...markdownFiles(path));
    else if (/\.mdx?$/.test(entry.name)) files.push(path);
  }
  return files.sort();
}

/** The `changes:` note of a page's front matter (check:content validates it). */
function noteOf(source: string): string | undefined {
  const head = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1];
  if (head === undefined) return undefined;
  const data = load(head) as Record<string, unknown> | null;
  return typeof data?.changes === 'string' && data.changes.trim() ? data.changes.trim() : undefined;
}

/** The renames of one page, checked against both versions: a stale entry stops the build. */
function pageRenames(
  docPath: string,
  entries: Readonly<Record<string, MovedParameter>> | undefined,
  target: (docPath: string) => { title: string; structure: PageStructure } | undefined,
): Map<string, ParameterMove> {
  const renames = new Map<string, ParameterMove>();
  for (const [from, entry] of Object.entries(entries ?? {})) {
    if (typeof entry === 'string') {
      renames.set(normalise(from), { from, to: entry });
      continue;
    }
    const [path = '', anchor] = entry.page.split('#');
    const page = target(path);
    if (!page) throw new Error(`changes: parameter ${from} of ${docPath} moved to ${entry.page}: no such page`);
    const sections = page.structure.sections.filter((section) => anchor === undefined || section.id === anchor);
    const found = sections.some((section) => [...section.params.values()].some((row) => normalise(row.name) === normalise(entry.to)));
    if (!found) throw new Error(`changes: parameter ${from} of ${docPath} moved to ${entry.page}: it has no parameter ${entry.to}`);
    renames.set(normalise(from), { from, to: entry.to, page: { docPath: path, title: page.title, ...(anchor ? { anchor } : {}) } });
  }
  return renames;
}

/** Pages whose block reports removed or moved parameters or a removed section and has no writer's note. */
export function pagesWithoutNote(site: Pick<SiteChanges, 'pages'>): PageResult[] {
  return site.pages.filter(
    (result) =>
      result.status === 'changed' &&
      !result.note &&
      !!result.counts &&
      result.counts.paramsRemoved + result.counts.paramsRenamed + result.counts.paramsMoved + result.counts.sectionsRemoved > 0,
  );
}

/** The build log's lines for writers: rename candidates to confirm, pages that need a `changes:` note. */
export function writerHints(site: Pick<SiteChanges, 'pages'>): string[] {
  const lines: string[] = [];
  for (const result of site.pages) {
    for (const candidate of result.candidates ?? []) {
      lines.push(`[changes] candidate rename on ${result.page.docPath}: ${candidate.from} → ${candidate.to} (${candidate.reason}); confirm it in config/moved-parameters.ts`);
    }
  }
  for (const result of pagesWithoutNote(site)) {
    lines.push(`[changes] no changes: note on ${result.page.docPath}: its block reports ${result.summary}; write what an upgrader must do differently`);
  }
  return lines;
}

function frontMatterField(source: string, field: string): string | undefined {
  const head = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1] ?? '';
  const line = new RegExp(`^${field}:\\s*(.+)$`, 'm').exec(head)?.[1]?.trim();
  return line?.replace(/^"(.*)"$/, '$1').replace(/^'(.*)'$/, '$1');
}

export function docPathOf(dir: string, file: string): string {
  return relative(dir, file).split(sep).join('/').replace(/\.mdx?$/, '');
}

export function permalinkOf(base: string, docPath: string): string {
  const path = docPath.replace(/(^|\/)index$/, '');
  return `${base}${path}${path ? '/' : ''}`;
}

function readPages(version: VersionDir): Map<string, DocPage & { source: string }> {
  const pages = new Map<string, DocPage & { source: string }>();
  // absolute paths: the remark plugin looks pages up by the path of the file it compiles
  for (const file of markdownFiles(resolve(version.dir))) {
    const source = readFileSync(file, 'utf8');
    const docPath = docPathOf(resolve(version.dir), file);
    pages.set(docPath, {
      docPath,
      file,
      source,
      title: frontMatterField(source, 'title') ?? docPath,
      permalink: permalinkOf(version.base, docPath),
      section: docPath.includes('/') ? (docPath.split('/')[0] ?? '') : '',
    });
  }
  return pages;
}

function readSections(dir: string): Map<string, { label: string; position: number }> {
  const sections = new Map<string, { label: string; position: number }>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = join(dir, entry.name, '_category_.json');
    if (!entry.isDirectory() || !existsSync(file)) continue;
    const category = JSON.parse(readFileSync(file, 'utf8')) as { label?: string; position?: number };
    sections.set(entry.name, { label: category.label ?? entry.name, position: category.position ?? 99 });
  }
  return sections;
}

/** Compare every page of the newer version with its older counterpart. A page that cannot be compared stops the build. */
export function computeChanges(options: ChangesOptions): SiteChanges {
  const newer = readPages(options.newer);
  const older = readPages(options.older);
  for (const [from, to] of Object.entries(options.moved)) {
    if (!older.has(from)) throw new Error(`changes: moved page ${from} is not in ${options.older.version}`);
    if (!newer.has(to)) throw new Error(`changes: moved page ${from} → ${to}: ${to} is not in ${options.newer.version}`);
    if (older.has(to)) throw new Error(`changes: moved page ${from} → ${to}: ${options.older.version} has a page at ${to} too`);
  }
  const counterpart = new Map<string, string>();
  for (const docPath of older.keys()) counterpart.set(options.moved[docPath] ?? docPath, docPath);
  const mapDocPath = (docPath: string) => options.moved[docPath] ?? docPath;
  for (const [file, mapping] of Object.entries({ 'moved-parameters': options.movedParameters, 'moved-sections': options.movedSections })) {
    for (const docPath of Object.keys(mapping ?? {})) {
      if (!counterpart.has(docPath)) throw new Error(`changes: config/${file}.ts names ${docPath}, which is not in ${options.newer.version} or has no ${options.older.version} page`);
    }
  }
  const structures = new Map<string, PageStructure>();
  const newerStructure = (docPath: string): PageStructure | undefined => {
    const page = newer.get(docPath);
    if (!page) return undefined;
    let structure = structures.get(docPath);
    if (!structure) {
      structure = pageStructure(page.source, { docPath });
      structures.set(docPath, structure);
    }
    return structure;
  };
  const target = (docPath: string) => {
    const structure = newerStructure(docPath);
    const page = newer.get(docPath);
    return structure && page ? { title: page.title, structure } : undefined;
  };
  const ignoreTerms = new Set([options.older.version, options.newer.version, 'monq'].map((term) => term.toLowerCase()));
  const byFile = new Map<string, PageResult>();
  const pages: PageResult[] = [];
  for (const page of newer.values()) {
    const olderPath = counterpart.get(page.docPath);
    const before = olderPath === undefined ? undefined : older.get(olderPath);
    const { source, ...doc } = page;
    let result: PageResult;
    if (!before) {
      result = { status: 'new', page: doc };
    } else {
      const { source: olderSource, ...olderDoc } = before;
      let change: PageChange;
      let candidates: RenameCandidate[];
      try {
        const olderStructure = pageStructure(olderSource, { docPath: before.docPath, mapDocPath });
        const structure = newerStructure(page.docPath) as PageStructure;
        const renames = pageRenames(page.docPath, options.movedParameters?.[page.docPath], target);
        const sections = new Map(Object.entries(options.movedSections?.[page.docPath] ?? {}).map(([from, to]) => [from, [to].flat()]));
        change = comparePages(olderStructure, structure, { renames, sections, ignoreTerms });
        candidates = renameCandidates(olderStructure, structure, change);
      } catch (error) {
        throw new Error(`changes: cannot compare ${page.file} with ${before.file}: ${(error as Error).message}`, { cause: error });
      }
      const counts = countChanges(change);
      const changed = hasChanges(counts);
      result = {
        status: changed ? 'changed' : 'same',
        page: doc,
        older: olderDoc,
        change,
        counts,
        summary: summaryLine(counts),
        ...(changed ? { comparePath: permalinkOf(options.changesBase, page.docPath) } : {}),
        ...(noteOf(source) ? { note: noteOf(source) } : {}),
        ...(candidates.length ? { candidates } : {}),
      };
    }
    byFile.set(page.file, result);
    pages.push(result);
  }
  const matched = new Set(pages.flatMap((result) => (result.older ? [result.older.docPath] : [])));
  const removed = [...older.values()].filter((page) => !matched.has(page.docPath)).map(({ source: _source, ...page }) => page);
  return { byFile, pages, removed, sections: readSections(options.newer.dir) };
}

const cache = new Map<string, SiteChanges>();

const cacheKey = (options: ChangesOptions) => JSON.stringify([options.newer, options.older, options.moved, options.changesBase, options.movedParameters ?? {}, options.movedSections ?? {}]);

/** Keep a comparison for the remark plugin of the same process. */
export function rememberChanges(options: ChangesOptions, changes: SiteChanges): SiteChanges {
  cache.set(cacheKey(options), changes);
  return changes;
}

/** The comparison of the site: the one the plugin computed, or computed here once a process. */
export function siteChanges(options: ChangesOptions): SiteChanges {
  const key = cacheKey(options);
  let result = cache.get(key);
  if (!result) {
    result = computeChanges(options);
    cache.set(key, result);
  }
  return result;
}
