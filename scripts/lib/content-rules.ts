/**
 * The content bar of the portal as pure functions, used by scripts/check-content.ts and unit-tested.
 */
import { load } from 'js-yaml';

export interface ParsedPage {
  frontMatter: Record<string, unknown>;
  body: string;
  frontMatterError: string | null;
}

export function parsePage(source: string): ParsedPage {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) return { frontMatter: {}, body: source, frontMatterError: null };
  try {
    const data = load(match[1] ?? '');
    const frontMatter = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
    return { frontMatter, body: source.slice(match[0].length), frontMatterError: null };
  } catch (error) {
    return { frontMatter: {}, body: source.slice(match[0].length), frontMatterError: String(error).split('\n')[0] ?? 'YAML error' };
  }
}

export interface BodyLine {
  text: string;
  /** 1-based line of the body. */
  line: number;
  /** The info word of the fenced code block the line is in (`yaml`, `''`), null outside one. */
  code: string | null;
}

/** The lines of a body, each with the fenced code block it is in; the fence lines themselves left out. */
export function bodyLines(body: string): BodyLine[] {
  const out: BodyLine[] = [];
  let fence: string | null = null;
  let code = '';
  body.split('\n').forEach((text, index) => {
    const open = /^\s*(`{3,}|~{3,})\s*([\w-]*)/.exec(text);
    if (open && fence === null) {
      fence = open[1]!;
      code = open[2] ?? '';
    } else if (open && fence !== null && open[1]!.startsWith(fence) && /^\s*(`{3,}|~{3,})\s*$/.test(text)) fence = null;
    else out.push({ text, line: index + 1, code: fence === null ? null : code });
  });
  return out;
}

/** Body without fenced code blocks. */
function stripCode(body: string): string {
  return bodyLines(body)
    .filter((line) => line.code === null)
    .map((line) => line.text)
    .join('\n');
}

/** Words of Russian (or any) prose: code blocks, inline code, imports and tags not counted. */
export function proseWords(body: string): number {
  const prose = stripCode(body)
    .split('\n')
    .filter((line) => !/^\s*import\s/.test(line))
    .join('\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/\{#[A-Za-z0-9_-]+\}/g, ' ');
  return prose.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
}

const PLACEHOLDER = /lorem ipsum|\bTODO\b|\bTBD\b|в разработке|заглушк/i;

export function placeholderHits(body: string): string[] {
  return stripCode(body)
    .split('\n')
    .filter((line) => PLACEHOLDER.test(line))
    .map((line) => line.trim().slice(0, 80));
}

/** Headings of levels 2–6 that have no explicit Latin id. */
export function headingsWithoutId(body: string): string[] {
  return stripCode(body)
    .split('\n')
    .filter((line) => /^#{2,6}\s/.test(line) && !/\{#[A-Za-z0-9_-]+\}\s*$/.test(line))
    .map((line) => line.trim());
}

/** Images without alt text: Markdown `![](src)` and HTML `<img>` without a non-empty alt. */
export function imagesWithoutAlt(body: string): string[] {
  const prose = stripCode(body);
  const markdown = Array.from(prose.matchAll(/!\[\s*\]\(([^)]+)\)/g), (m) => m[1] ?? '');
  const html = Array.from(prose.matchAll(/<img\b[^>]*>/gi), (m) => m[0]).filter(
    (tag) => !/\balt\s*=\s*["'][^"']+["']/i.test(tag),
  );
  return [...markdown, ...html];
}

/** Links in prose: Markdown links (not images) and JSX/HTML hrefs. */
export function linkCount(body: string): number {
  const prose = stripCode(body);
  const markdown = prose.match(/(?<!!)\[[^\]]+\]\([^)]+\)/g)?.length ?? 0;
  const html = prose.match(/\bhref=/g)?.length ?? 0;
  return markdown + html;
}

/**
 * Addresses that are not a source a reader can open and check: a search service's summary of a site
 * (`docsearch.algolia.com/mcp/…`) says what the site holds, not where; list the page itself.
 */
const NOT_A_PAGE = /^https?:\/\/docsearch\.algolia\.com\//;

/**
 * Problems with the `sources:` field of the front matter: a non-empty list of http(s) URLs of pages or
 * repository files, each given once, so that an audit can open every source of the page's facts.
 * `checkDocPage` also requires the field.
 */
export function sourcesProblems(frontMatter: Record<string, unknown>): string[] {
  if (!('sources' in frontMatter)) return [];
  const sources = frontMatter.sources;
  if (!Array.isArray(sources) || sources.length === 0) return ['sources: must be a non-empty list of URLs'];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const source of sources) {
    if (typeof source !== 'string' || !/^https?:\/\/[^\s/]+\.[^\s]+$/.test(source)) {
      problems.push(`sources: not an http(s) URL: ${JSON.stringify(source)}`);
    } else if (NOT_A_PAGE.test(source)) {
      problems.push(`sources: a search index, not a page: ${source}`);
    } else if (seen.has(source)) {
      problems.push(`sources: listed twice: ${source}`);
    }
    if (typeof source === 'string') seen.add(source);
  }
  return problems;
}

/**
 * Sentences that send the reader to technical support or say that something is not published. The
 * upgrade notes say it once per line, on the line's index; release pages carry facts instead.
 */
const SUPPORT_NOTICE = /поддержк|не опубликован|не публику|нет в открытых|публично не|запросите|уточните|обратитесь/i;

export function supportNotices(body: string): string[] {
  return stripCode(body)
    .split(/(?<=[.!?])\s+|\n{2,}/)
    .filter((sentence) => SUPPORT_NOTICE.test(sentence))
    .map((sentence) => sentence.trim().slice(0, 100));
}

/** At most one support notice per upgrade page on average. */
export const SUPPORT_NOTICES_PER_PAGE = 1;

export type PageKind = 'leaf' | 'index' | 'sparse';

export function pageKind(file: string, frontMatter: Record<string, unknown>): PageKind {
  if (frontMatter.facts_status === 'sparse') return 'sparse';
  return /(^|\/)index\.mdx?$/.test(file) ? 'index' : 'leaf';
}

export const WORD_MINIMUM: Record<PageKind, number> = { leaf: 300, index: 120, sparse: 60 };

export interface PageProblem {
  file: string;
  problem: string;
}

/**
 * The `changes:` field of a 9.0 page: the writer's word shown first in «Что изменилось с 8.9»
 * (plugins/changes). One or two sentences of plain text: what a reader who upgrades must do differently.
 */
export function changesNoteProblems(frontMatter: Record<string, unknown>): string[] {
  if (!('changes' in frontMatter)) return [];
  const note = frontMatter.changes;
  if (typeof note !== 'string' || !note.trim()) return ['changes: must be one or two sentences of text'];
  const problems: string[] = [];
  // a sentence ends with . ! or ? before a space or the end; «т. е.»-style abbreviations are not used in notes
  const sentences = note.trim().split(/(?<=[.!?])\s+(?=\S)/).filter(Boolean);
  if (!/[.!?]$/.test(note.trim())) problems.push('changes: end the note with a full stop');
  if (sentences.length > 2) problems.push(`changes: ${sentences.length} sentences (one or two)`);
  if (PLACEHOLDER.test(note)) problems.push(`changes: placeholder text: «${note.trim().slice(0, 60)}»`);
  if (note.length > 400) problems.push(`changes: ${note.length} characters (at most 400)`);
  return problems;
}

/** The rules of every Markdown page, docs or standalone (src/pages): front matter, placeholders, headings, images. */
export function pageProblems(source: string): ParsedPage & { problems: string[] } {
  const page = parsePage(source);
  const { frontMatter, body, frontMatterError } = page;
  if (frontMatterError) return { ...page, problems: [`front matter does not parse: ${frontMatterError}`] };
  const problems: string[] = [];
  for (const key of ['title', 'description'] as const) {
    if (typeof frontMatter[key] !== 'string' || !(frontMatter[key] as string).trim()) problems.push(`no ${key} in front matter`);
  }
  for (const hit of placeholderHits(body)) problems.push(`placeholder text: «${hit}»`);
  for (const heading of headingsWithoutId(body)) problems.push(`heading without an explicit Latin id: ${heading}`);
  for (const image of imagesWithoutAlt(body)) problems.push(`image without alt text: ${image}`);
  return { ...page, problems };
}

/** Every rule of the bar applied to one docs page. */
export function checkDocPage(file: string, source: string): PageProblem[] {
  const { problems, frontMatter, body, frontMatterError } = pageProblems(source);
  const add = (problem: string) => problems.push(problem);
  if (frontMatterError) return problems.map((problem) => ({ file, problem }));
  if (typeof frontMatter.sidebar_position !== 'number') add('no sidebar_position in front matter');
  if (!('sources' in frontMatter)) add('no sources: in front matter (list the public sources of the page facts)');
  problems.push(...sourcesProblems(frontMatter), ...changesNoteProblems(frontMatter));
  const kind = pageKind(file, frontMatter);
  const words = proseWords(body);
  if (words < WORD_MINIMUM[kind]) add(`${words} words of prose (minimum ${WORD_MINIMUM[kind]} for a ${kind} page)`);
  if (kind === 'index' && !/<DocCardList\b/.test(body)) add('section index without cards (<DocCardList />)');
  if (kind !== 'sparse' && linkCount(body) < 2) add('fewer than two links to related pages');
  if (/^#\s/m.test(stripCode(body))) add('H1 in the body (the title is the H1)');
  return problems.map((problem) => ({ file, problem }));
}

/** Keys of the YAML code blocks of a page (```yaml or ```yml), in order of appearance, each once. */
export function yamlKeys(body: string): string[] {
  const keys = bodyLines(body)
    .filter((line) => /^ya?ml$/i.test(line.code ?? ''))
    .map((line) => /^\s*(?:-\s+)*([A-Za-z_][\w.-]*)\s*:(?:\s|$)/.exec(line.text)?.[1]);
  return [...new Set(keys.filter((key) => key !== undefined))];
}

/**
 * Spellings of one YAML key that the agent's schema does not allow side by side in one version: the
 * buffer and stream settings of a working configuration are either fields of `with:` (`bufferType`,
 * `bufferInputName`, `streamKey`) or the agent's own sections (`buffer:` → `type`, `input-name`;
 * `send-to` → `monq` → `stream-key`). Beyond this list, keys that differ only in case, hyphens or
 * underscores (`chunk-size` and `chunkSize`) count as one key spelled two ways.
 */
export const YAML_KEY_ALIASES: readonly (readonly string[])[] = [
  ['bufferType', 'buffer'],
  ['bufferInputName', 'input-name'],
];

/**
 * Keys that look like one key spelled two ways but are two documented keys at different levels: the 8.x
 * HTTP plugin takes `mediaType` in `with:`, while its artifact's `send-to` → `api` takes `media-type`.
 */
export const YAML_KEYS_DISTINCT: readonly string[] = ['mediaType', 'media-type'];

function keyIdentity(key: string): string {
  for (const group of YAML_KEY_ALIASES) if (group.includes(key)) return `alias:${group[0]}`;
  if (YAML_KEYS_DISTINCT.includes(key)) return `distinct:${key}`;
  return key.toLowerCase().replace(/[-_]/g, '');
}

/**
 * YAML keys spelled two ways across the pages of one version. `pages` maps a file to its body. Returns one
 * message per conflict, naming each spelling and the pages that use it.
 */
export function yamlKeyConflicts(pages: ReadonlyMap<string, string>): string[] {
  const spellings = new Map<string, Map<string, string[]>>();
  for (const [file, body] of pages) {
    for (const key of yamlKeys(body)) {
      const id = keyIdentity(key);
      const byKey = spellings.get(id) ?? new Map<string, string[]>();
      byKey.set(key, [...(byKey.get(key) ?? []), file]);
      spellings.set(id, byKey);
    }
  }
  const conflicts: string[] = [];
  for (const byKey of spellings.values()) {
    if (byKey.size < 2) continue;
    const parts = Array.from(byKey, ([key, files]) => `\`${key}\` (${files.slice(0, 3).join(', ')}${files.length > 3 ? ` и ещё ${files.length - 3}` : ''})`);
    conflicts.push(`YAML key spelled ${byKey.size} ways: ${parts.join(' vs ')}`);
  }
  return conflicts;
}
