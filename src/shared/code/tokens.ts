/**
 * Highlighted code without Prism in the browser. Fenced code blocks are tokenized once, at build time
 * (`plugins/perf/code-tokens.ts`); each page module registers the token runs of its own code blocks
 * here, and the `Highlight` of `src/lib/code/highlight.tsx` looks them up by language and code.
 *
 * A run stores no text, only the type of each token and its length: the text is cut from the code
 * that the code block renders anyway, so a page carries its code once.
 */

/** A token as prism-react-renderer's `Highlight` hands it to the render function. */
export interface CodeToken {
  types: string[];
  content: string;
  empty?: boolean;
}

/**
 * Token runs of one code block: `types` is a table of type lists (joined by spaces); each line is a
 * flat list of pairs `typeIndex, length`.
 */
export interface EncodedCode {
  types: string[];
  lines: number[][];
}

/** One registration: the key of the code (see `codeKey`) and its runs. */
export type CodeEntry = [key: string, code: EncodedCode];

/** The line breaks Prism and prism-react-renderer split on. */
const NEWLINE = /\r\n|\r|\n/;

/** 32-bit FNV-1a of a string, in base 36. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** Key of a code block: its language, the length and a hash of its code (the code itself is not stored). */
export function codeKey(language: string, code: string): string {
  return `${language.toLowerCase()}:${code.length}:${fnv1a(code)}`;
}

/** prism-react-renderer's rule for empty lines: they carry one token with a line break, marked empty. */
function normalizeEmptyLine(line: CodeToken[]): CodeToken[] {
  if (line.length === 0) return [{ types: ['plain'], content: '\n', empty: true }];
  const only = line[0];
  if (line.length === 1 && only && only.content === '') return [{ types: only.types, content: '\n', empty: true }];
  return line;
}

/** Token lines → runs. Throws if the tokens do not cover the code exactly (the runs could not rebuild it). */
export function encodeTokens(code: string, lines: readonly CodeToken[][]): EncodedCode {
  const sourceLines = code.split(NEWLINE);
  if (sourceLines.length !== lines.length) {
    throw new Error(`code tokens: ${lines.length} token lines for ${sourceLines.length} lines of code`);
  }
  const types: string[] = [];
  const index = new Map<string, number>();
  const encoded = lines.map((line, i) => {
    const runs: number[] = [];
    const text = sourceLines[i] ?? '';
    let joined = '';
    for (const token of line) {
      const content = token.empty ? '' : token.content;
      if (token.empty && line.length === 1 && token.types.length === 1 && token.types[0] === 'plain') continue;
      const name = token.types.join(' ');
      let at = index.get(name);
      if (at === undefined) {
        at = types.length;
        types.push(name);
        index.set(name, at);
      }
      runs.push(at, content.length);
      joined += content;
    }
    if (joined !== text) throw new Error(`code tokens: line ${i + 1} does not match its tokens`);
    return runs;
  });
  return { types, lines: encoded };
}

/** Runs → token lines, the text cut from `code`. Undefined if the runs do not fit the code. */
export function decodeTokens(code: string, encoded: EncodedCode): CodeToken[][] | undefined {
  const sourceLines = code.split(NEWLINE);
  if (sourceLines.length !== encoded.lines.length) return undefined;
  const typeLists = encoded.types.map((name) => name.split(' '));
  const result: CodeToken[][] = [];
  for (let i = 0; i < sourceLines.length; i += 1) {
    const text = sourceLines[i] ?? '';
    const runs = encoded.lines[i] ?? [];
    const line: CodeToken[] = [];
    let position = 0;
    for (let j = 0; j + 1 < runs.length; j += 2) {
      const types = typeLists[runs[j] as number];
      const length = runs[j + 1] as number;
      if (!types) return undefined;
      line.push({ types, content: text.slice(position, position + length) });
      position += length;
    }
    if (position !== text.length) return undefined;
    result.push(normalizeEmptyLine(line));
  }
  return result;
}

const registry = new Map<string, EncodedCode>();

/** Called by page modules (the code inserted by `plugins/perf/rehype-code-tokens.ts`). */
export function registerCodeTokens(entries: readonly CodeEntry[]): number {
  for (const [key, code] of entries) registry.set(key, code);
  return entries.length;
}

/** The tokens of a registered code block, or undefined when no page registered it. */
export function lookupCodeTokens(language: string, code: string): CodeToken[][] | undefined {
  const encoded = registry.get(codeKey(language, code));
  return encoded ? decodeTokens(code, encoded) : undefined;
}

/** Plain tokens, one per line: what a code block shows when nothing was registered for it. */
export function plainTokens(code: string): CodeToken[][] {
  return code.split(NEWLINE).map((text) => normalizeEmptyLine(text === '' ? [] : [{ types: ['plain'], content: text }]));
}
