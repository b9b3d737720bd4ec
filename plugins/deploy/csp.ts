/**
 * Content-Security-Policy of the built site, computed from its HTML.
 *
 * Scripts: only the site's own files and the inline scripts that Docusaurus writes into the pages
 * (colour mode, announcement bar, client-redirect stubs, base-URL banner), each allowed by the
 * SHA-256 of its exact text — never `'unsafe-inline'`.
 *
 * Styles: `'self' 'unsafe-inline'`. The server-rendered pages carry React `style="…"` attributes
 * (hundreds of distinct values) and medium-zoom and DocSearch insert `<style>` elements at run time;
 * hashes cannot cover styles created in the browser. Inline styles cannot run code, and the script
 * policy above stays strict, so this is the usual trade-off for a React site.
 *
 * Outside hosts appear only when the build turns the feature on: Yandex Metrica with a counter id,
 * the hosted DocSearch service with its credentials. The default (local search, no analytics, every
 * closed-network build) allows nothing but the site's own origin.
 */
import { createHash } from 'node:crypto';

export interface InlineScript {
  /** Raw attribute text of the opening tag. */
  attributes: string;
  /** Exact text between the tags. */
  text: string;
}

export interface CspOptions {
  /** `'sha256-…'` sources of every inline script of the site. */
  scriptHashes: readonly string[];
  /** Yandex Metrica is on (a counter id is configured and this is not a PR preview). */
  analytics: boolean;
  /** Hosted DocSearch is on: its application id. */
  hostedSearch: { appId: string } | null;
}

/** Hosts of Yandex Metrica (tag script, hits, the noscript pixel). */
const METRICA_HOSTS = {
  script: ['https://mc.yandex.ru', 'https://yastatic.net'],
  connect: ['https://mc.yandex.ru', 'https://mc.yandex.com', 'wss://mc.yandex.ru'],
  img: ['https://mc.yandex.ru', 'https://mc.yandex.com'],
  frame: ['https://mc.yandex.ru', 'https://mc.yandex.com'],
} as const;

/** Hosts of the hosted DocSearch service (queries, retries, Ask AI). */
function docsearchHosts(appId: string): string[] {
  const id = appId.toLowerCase();
  if (!/^[a-z0-9]+$/.test(id)) throw new Error(`Unexpected DocSearch application id: ${appId}`);
  return [`https://${id}-dsn.algolia.net`, `https://${id}.algolia.net`, 'https://*.algolianet.com', 'https://*.algolia.com'];
}

const SCRIPT_RE = /<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script\s*>/gi;

/** Inline `<script>` elements of a page (those without `src`), executable or not. */
export function inlineScripts(html: string): InlineScript[] {
  const found: InlineScript[] = [];
  for (const match of html.matchAll(SCRIPT_RE)) {
    const attributes = match[1] ?? '';
    if (/(?:^|\s)src\s*=/i.test(attributes)) continue;
    found.push({ attributes, text: match[2] ?? '' });
  }
  return found;
}

const DATA_BLOCK_TYPES = /^(?:application\/(?:ld\+)?json|text\/template|text\/x-template|importmap)$/i;

/** True when the browser runs the script (a data block such as JSON-LD is not subject to CSP). */
export function isExecutable(script: InlineScript): boolean {
  const type = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(script.attributes);
  const value = (type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim();
  if (value === '') return true;
  if (DATA_BLOCK_TYPES.test(value)) return false;
  return /^(?:module|(?:text|application)\/(?:x-)?(?:java|ecma)script)$/i.test(value);
}

/** CSP source for a script text, hashed as the browser does (after HTML newline normalisation). */
export function scriptHash(text: string): string {
  const normalized = text.replace(/\r\n?/g, '\n');
  return `'sha256-${createHash('sha256').update(normalized, 'utf8').digest('base64')}'`;
}

/** Sorted, unique hash sources of every executable inline script in the given pages. */
export function collectScriptHashes(pages: Iterable<string>): string[] {
  const hashes = new Set<string>();
  for (const html of pages) {
    for (const script of inlineScripts(html)) {
      if (isExecutable(script)) hashes.add(scriptHash(script.text));
    }
  }
  return Array.from(hashes).sort();
}

/** The policy text, one directive after another. */
export function buildCsp(options: CspOptions): string {
  const metrica = options.analytics;
  const search = options.hostedSearch ? docsearchHosts(options.hostedSearch.appId) : [];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...options.scriptHashes, ...(metrica ? METRICA_HOSTS.script : [])]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', ...(metrica ? METRICA_HOSTS.img : [])]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...search, ...(metrica ? METRICA_HOSTS.connect : [])]],
    ['frame-src', metrica ? Array.from(METRICA_HOSTS.frame) : ["'none'"]],
    ['manifest-src', ["'self'"]],
    ['worker-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** nginx include with the header (added to every response, errors included). */
export function nginxCspInclude(policy: string): string {
  if (/["\\\n]/.test(policy)) throw new Error('The policy must not contain quotes, backslashes or newlines');
  return [
    '# Generated at build time by plugins/deploy from the built HTML: do not edit.',
    '# Included by deploy/nginx/snippets/monq-docs-headers.conf.',
    `add_header Content-Security-Policy "${policy}" always;`,
    '',
  ].join('\n');
}
