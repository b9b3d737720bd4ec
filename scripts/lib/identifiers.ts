/**
 * The register of product identifiers: every key, header, endpoint path, function, model and enum value
 * that a page puts in a code sample or in inline code must be listed in `identifiers/*.txt` under the
 * public source it comes from, the way the spell check keeps its word list. `npm run check:content`
 * fails on an identifier that is not in the register, so an invented key cannot reach a reader.
 *
 * Register files: a line `@ <url>` names the source of the identifiers on the lines after it (separated
 * by spaces); `#` starts a comment. The file's name is the group (content-packs, agent-docs, …). The one
 * source that is not a URL, `@ ours`, holds the values of our own examples (host, user and stream names
 * a reader replaces with theirs); a key, header, path, function or model never belongs there.
 */
import { bodyLines } from './content-rules';

export type IdentifierKind = 'key' | 'name' | 'header' | 'path' | 'inline';

export interface FoundIdentifier {
  id: string;
  kind: IdentifierKind;
  line: number;
}

export interface RegisterEntry {
  group: string;
  source: string;
}

export type Register = Map<string, RegisterEntry>;

/** The source of our own example values. */
export const OURS = 'ours';

/** One register file parsed into `register`; returns the file's problems (an identifier before any source). */
export function parseRegister(text: string, group: string, register: Register = new Map()): string[] {
  const problems: string[] = [];
  let source: string | null = null;
  text.split('\n').forEach((raw, index) => {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (!line) return;
    const at = /^@\s+(\S+)$/.exec(line);
    if (at) {
      source = at[1] ?? null;
      if (!source || (source !== OURS && !/^https?:\/\/\S+\.\S+$/.test(source))) {
        problems.push(`${group}:${index + 1}: a source must be an http(s) URL or «${OURS}»`);
      }
      return;
    }
    if (source === null) {
      problems.push(`${group}:${index + 1}: identifiers before the first «@ <url>» line`);
      return;
    }
    for (const id of line.split(/\s+/)) if (!register.has(id)) register.set(id, { group, source });
  });
  return problems;
}

const LANGUAGE_OF_KEYS = /^(json|jsonc|ya?ml)$/i;
/** An inline code span that names one thing: a key, a function, a value (not a command or a sentence). */
const INLINE_TOKEN = /^[A-Za-z_$@{][\w.\-[\]{}$@]*$/;
const API_PATH = /^(?:(?:GET|POST|PUT|PATCH|DELETE)\s+)?(\/api\/[\w{}./:-]*)$/;
const AUTOMATON_NAME = /\bAutomaton(?:\.[A-Za-z_]\w*)+/g;
/** A path of the API in code: alone or after a host (`https://monq.example.ru/api/…`). */
const CODE_API_PATH = /(?:^|[\s'"(=])(?:https?:\/\/[^\s/'"]+)?(\/api\/[\w{}./:-]+)/g;
const HEADER = /(?:-H|--header)\s+['"]([A-Za-z][\w-]*)\s*:|addHeader\(\s*['"]([A-Za-z][\w-]*)\s*:/g;

function jsonKeys(line: string): string[] {
  return Array.from(line.matchAll(/"((?:[^"\\]|\\.)+)"\s*:/g), (m) => m[1] ?? '');
}

function yamlKey(line: string): string[] {
  const key = /^\s*(?:-\s+)*([A-Za-z_$][\w.$-]*)\s*:(?:\s|$)/.exec(line)?.[1];
  return key ? [key] : [];
}

/** Identifiers in a page body (front matter removed), with the 1-based line of the body where each stands. */
export function extractIdentifiers(body: string): FoundIdentifier[] {
  const found: FoundIdentifier[] = [];
  for (const { text, line, code } of bodyLines(body)) {
    if (code !== null) {
      if (LANGUAGE_OF_KEYS.test(code)) {
        const keys = /^json/i.test(code) ? jsonKeys(text) : yamlKey(text);
        for (const id of keys) found.push({ id, kind: 'key', line });
      }
      for (const m of text.matchAll(AUTOMATON_NAME)) found.push({ id: m[0], kind: 'name', line });
      for (const m of text.matchAll(CODE_API_PATH)) found.push({ id: m[1] ?? '', kind: 'path', line });
      for (const m of text.matchAll(HEADER)) found.push({ id: m[1] ?? m[2] ?? '', kind: 'header', line });
      continue;
    }
    for (const m of text.matchAll(/(?<!`)`([^`\n]+)`(?!`)/g)) {
      const span = (m[1] ?? '').trim();
      const path = API_PATH.exec(span)?.[1];
      if (path) found.push({ id: path, kind: 'path', line });
      else if (INLINE_TOKEN.test(span) && /[A-Za-z]/.test(span) && span.length > 1) found.push({ id: span, kind: 'inline', line });
    }
  }
  return found;
}

/**
 * Whether the register holds an identifier: the token itself, or (for a dotted path such as
 * `config.apiKey`, `artifacts[].send-to.monq.stream-key` or `$.vars.stream.id`) every one of its parts.
 */
export function isRegistered(id: string, register: Register): boolean {
  if (register.has(id)) return true;
  const bare = id.replace(/\[\]/g, '');
  if (register.has(bare)) return true;
  if (!bare.includes('.') || bare.startsWith('/')) return false;
  const parts = bare.split('.').filter((part) => part !== '' && part !== '$');
  return parts.length > 1 && parts.every((part) => register.has(part));
}

/** Identifiers of a body that the register does not hold, each once (its first occurrence). */
export function unregisteredIdentifiers(body: string, register: Register): FoundIdentifier[] {
  const seen = new Set<string>();
  return extractIdentifiers(body).filter(({ id }) => {
    if (seen.has(id) || isRegistered(id, register)) return false;
    seen.add(id);
    return true;
  });
}
