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

function lineAt(starts: number[], index: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((starts[mid] ?? 0) <= index) low = mid;
    else high = mid - 1;
  }
  return low + 1;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i += 1) if (text[i] === '\n') starts.push(i + 1);
  return starts;
}

/** Every path under a top folder and every bare source file name in `text`. */
export function findReferences(text: string): PathReference[] {
  const starts = lineStarts(text);
  const found: PathReference[] = [];
  for (const match of text.matchAll(PATH_RE)) {
    const raw = match[1] ?? '';
    const path = raw.replace(/[.\-\]]+$/, '');
    const end = (match.index ?? 0) + raw.length;
    if (isPattern(text, end, raw)) continue;
    const top = path.slice(0, path.indexOf('/'));
    if (path === `${top}/`) continue; // the folder itself, named in prose («under src/»)
    if ((top === 'docs' || top === 'upgrade') && (!/\.mdx?$/.test(path) || /^docs\/\d/.test(path))) continue;
    found.push({ path, line: lineAt(starts, match.index ?? 0), kind: 'path' });
  }
  for (const match of text.matchAll(NAME_RE)) {
    const name = match[1] ?? '';
    const end = (match.index ?? 0) + name.length;
    if (isPattern(text, end, name) || name.endsWith('.d.ts')) continue;
    found.push({ path: name, line: lineAt(starts, match.index ?? 0), kind: 'name' });
  }
  return found;
}

/**
 * The comments of a source file with everything else blanked (newlines kept, so lines stay where they
 * are). Strings, template literals and regular expressions are skipped; CSS has block comments only.
 */
export function commentsOf(source: string, language: 'script' | 'css'): string {
  const out: string[] = [];
  let i = 0;
  let previous = ''; // last significant character of code, to tell a regular expression from a division
  const blank = (text: string) => text.replace(/[^\n]/g, ' ');
  while (i < source.length) {
    const char = source[i] ?? '';
    const next = source[i + 1] ?? '';
    if (char === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      out.push(source.slice(i, stop));
      i = stop;
    } else if (language === 'script' && char === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      out.push(source.slice(i, stop));
      i = stop;
    } else if (char === '"' || char === "'" || (language === 'script' && char === '`')) {
      let j = i + 1;
      while (j < source.length && source[j] !== char) {
        if (source[j] === '\\') j += 1;
        else if (char !== '`' && source[j] === '\n') break;
        j += 1;
      }
      out.push(blank(source.slice(i, j + 1)));
      i = j + 1;
      previous = char;
    } else if (language === 'script' && char === '/' && (previous === '' || /[(,=:[!&|?{};+\-*%<>~^]/.test(previous))) {
      let j = i + 1;
      let inClass = false;
      while (j < source.length && source[j] !== '\n' && (inClass || source[j] !== '/')) {
        if (source[j] === '\\') j += 1;
        else if (source[j] === '[') inClass = true;
        else if (source[j] === ']') inClass = false;
        j += 1;
      }
      out.push(blank(source.slice(i, j + 1)));
      i = j + 1;
      previous = '/';
    } else {
      out.push(char === '\n' ? '\n' : ' ');
      if (!/\s/.test(char)) previous = /[\w$)\]]/.test(char) ? 'a' : char;
      i += 1;
    }
  }
  return out.join('');
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
  const language = /\.css$/.test(file) ? 'css' : /\.(?:[cm]?[jt]sx?)$/.test(file) ? 'script' : null;
  const scanned = language ? commentsOf(text, language) : text;
  return findReferences(scanned)
    .filter(({ path, kind }) => (kind === 'path' ? !exists(path) : !names.has(path) && !GENERATED_NAMES.has(path)))
    .map((reference) => ({ file, ...reference }));
}
