/**
 * Stale file references: a design note or a code comment that names a file of this repository which
 * is not there (a module renamed, a comment left naming its old file). `npm run check:paths` runs it over the
 * notes (`*.md` of the root, plugins/, src/, deploy/, scripts/, tests/) and over the comments of the
 * code (`*.ts`, `*.tsx`, `*.cjs`, `*.mjs`, `*.css` of src/, plugins/, scripts/, config/, tests/ and
 * docusaurus.config.ts), and fails on each name that does not exist.
 *
 * What counts as a reference:
 * - a path under a top folder of the repository (`TOP_FOLDERS`), not preceded by `/`, `.`, `@`, `:`
 *   or a word character: `https://…/src/x.ts`, `node_modules/@docusaurus/…/src/theme/…` and
 *   `/docs/guide/` (an address) are not references;
 * - a bare file name with a source extension (`workerProtocol.ts`), counted only when no file of that
 *   name exists anywhere in the tree (`main.js` or Docusaurus's `ComponentCreator.js` are not ours:
 *   `.js` names are never counted).
 * - `docs/` and `upgrade/` are also the site's address prefixes: there only a `.md`/`.mdx` source outside
 *   a version folder of the site (`docs/8.9/…`) is a file reference; `docs/8.9/llms-full.txt` or
 *   `upgrade/v7` are addresses of the built site.
 * A path with a glob or a placeholder (`*`, `<…>`, `{…}`, `$`) is a pattern, not a file, and is skipped.
 */

import ts from 'typescript';

/** Top folders of the repository: a path that starts with one of them names a file of this tree. */
export const TOP_FOLDERS = [
  'src', 'plugins', 'scripts', 'config', 'tests', 'deploy', 'static', 'patches', 'docs', 'versioned_docs',
  'upgrade', 'i18n', 'identifiers', '.github', '.ci',
] as const;

/**
 * Bare names of files the build or Docusaurus generates (`.docusaurus/`), named in comments as such:
 * they exist only after a build.
 */
export const GENERATED_NAMES: ReadonlySet<string> = new Set(['docusaurus.config.mjs']);

export interface PathReference {
  /** The path or bare file name as written, trailing punctuation removed. */
  path: string;
  /** 1-based line of the text it is on. */
  line: number;
  kind: 'path' | 'name';
}

const PATH_CHARS = String.raw`[\w.@+\-/\[\]]`;
const PATH_RE = new RegExp(
  String.raw`(?<![\w./@:\\…-])((?:${TOP_FOLDERS.map((top) => top.replace('.', '\\.')).join('|')})/${PATH_CHARS}*)`,
  'g',
);
const NAME_RE = /(?<![\w./@:\\…-])([A-Za-z_][\w-]*(?:\.[\w-]+)*\.(?:ts|tsx|cjs|mjs))(?![\w/-])/g;

/** The character after a match that makes it a pattern (glob, placeholder, template) rather than a path. */
function isPattern(text: string, end: number, path: string): boolean {
  const next = text[end] ?? '';
  return /[*<{$]/.test(next) || /[*<>{}$]/.test(path);
}

/** Every path under a top folder and every bare source file name in `text`. */
export function findReferences(text: string): PathReference[] {
  const lineAt = (index = 0) => text.slice(0, index).split('\n').length;
  const found: PathReference[] = [];
  for (const match of text.matchAll(PATH_RE)) {
    const raw = match[1] ?? '';
    const path = raw.replace(/[.\-\]]+$/, '');
    const end = (match.index ?? 0) + raw.length;
    if (isPattern(text, end, raw)) continue;
    const top = path.slice(0, path.indexOf('/'));
    if (path === `${top}/`) continue; // the folder itself, named in prose («under src/»)
    if ((top === 'docs' || top === 'upgrade') && (!/\.mdx?$/.test(path) || /^docs\/\d/.test(path))) continue;
    found.push({ path, line: lineAt(match.index), kind: 'path' });
  }
  for (const match of text.matchAll(NAME_RE)) {
    const name = match[1] ?? '';
    const end = (match.index ?? 0) + name.length;
    if (isPattern(text, end, name) || name.endsWith('.d.ts')) continue;
    found.push({ path: name, line: lineAt(match.index), kind: 'name' });
  }
  return found;
}

/**
 * The comments of a source file (`file` names its language) with everything else blanked (newlines
 * kept, so lines stay where they are), as TypeScript's parser reads them: strings, template literals and
 * regular expressions are code. CSS has block comments only.
 */
export function commentsOf(source: string, file: string): string {
  const ranges: ts.TextRange[] = [];
  if (file.endsWith('.css')) {
    for (const match of source.matchAll(/\/\*[\s\S]*?(?:\*\/|$)/g)) ranges.push({ pos: match.index ?? 0, end: (match.index ?? 0) + match[0].length });
  } else {
    // Every token, punctuation too: a comment before a closing brace is the brace's trivia.
    const parsed = ts.createSourceFile(file, source, ts.ScriptTarget.Latest);
    const visit = (node: ts.Node): void => {
      ranges.push(...(ts.getLeadingCommentRanges(source, node.pos) ?? []), ...(ts.getTrailingCommentRanges(source, node.end) ?? []));
      node.getChildren(parsed).forEach(visit);
    };
    visit(parsed);
  }
  const kept = new Uint8Array(source.length);
  for (const { pos, end } of ranges) kept.fill(1, pos, end);
  return source.replace(/[^\n]/g, (char, index: number) => (kept[index] ? char : ' '));
}

export interface StaleReference extends PathReference {
  file: string;
}

/**
 * The references of one file that do not exist: `exists(path)` answers for a path from the root,
 * `names` holds the base name of every file in the tree.
 */
export function staleReferences(
  file: string,
  text: string,
  exists: (path: string) => boolean,
  names: ReadonlySet<string>,
): StaleReference[] {
  const scanned = /\.(?:css|[cm]?[jt]sx?)$/.test(file) ? commentsOf(text, file) : text;
  return findReferences(scanned)
    .filter(({ path, kind }) => (kind === 'path' ? !exists(path) : !names.has(path) && !GENERATED_NAMES.has(path)))
    .map((reference) => ({ file, ...reference }));
}
