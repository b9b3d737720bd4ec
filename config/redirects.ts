/**
 * Redirects of the site. One list feeds both the client redirects plugin (static redirect pages)
 * and the nginx rules (deploy/nginx), so the two can never disagree.
 *
 * `MOVED` are whole families of old addresses (a prefix and the rest of the path): nginx answers
 * them with 301s, and on a plain static host the not-found page sends the reader on with the same
 * patterns (src/lib/moved.ts, src/theme/NotFound/Content).
 */
import { checkMovedRules, type MovedRule } from '../src/lib/moved';

export interface Redirect {
  /** Old path, without a trailing slash. */
  from: string;
  /** Target path as the site serves it (with the trailing slash of the route). */
  to: string;
}

export const REDIRECTS: readonly Redirect[] = [
  { from: '/upgrade', to: '/upgrade/v9/' },
  { from: '/docs', to: '/docs/get-started/' },
  { from: '/docs/8.9', to: '/docs/8.9/get-started/' },
  { from: '/docs/9.0', to: '/docs/get-started/' },
  { from: '/docs/9.0/get-started', to: '/docs/get-started/' },
];

/**
 * Old address families, first match wins. The exact redirects above are tried before them (nginx:
 * they come first in the include; a static host has a redirect page for each).
 */
export const MOVED = [
  // 9.0 used to have a prefix of its own; it now lives at the root of /docs/
  { pattern: '^/docs/9\\.0/(.+)$', target: '/docs/$1' },
  // the old portal's scheme; /current/ru/ itself is a page that explains the move
  { pattern: '^/current/ru/(?!index\\.html$)(.+)$', target: '/docs/$1' },
  // 8.0 to 8.8 and the 7 line (7.0 to 7.15 and its 7.x) are archived on sites of their own, each
  // under its own version prefix
  { pattern: '^/docs/(8\\.[0-8])(?:/(.*))?$', target: 'https://v8.docs.monq.ru/docs/$1/$2' },
  { pattern: '^/docs/(7\\.(?:x|1[0-5]|[0-9]))(?:/(.*))?$', target: 'https://v7.docs.monq.ru/docs/$1/$2' },
] as const satisfies readonly MovedRule[];
// Checked where they are used (nginxRedirectRules, every build) and in tests/unit/moved.test.ts, not
// when the module loads: the browser's bundle must be able to leave the module out.

/** Shape the client-redirects plugin expects. */
export function clientRedirects(list: readonly Redirect[] = REDIRECTS): { from: string; to: string }[] {
  const seen = new Set<string>();
  return list.map(({ from, to }) => {
    if (!from.startsWith('/') || !to.startsWith('/')) {
      throw new Error(`Redirect paths must be absolute: ${from} -> ${to}`);
    }
    const normalized = from.replace(/\/+$/, '') || '/';
    if (seen.has(normalized)) throw new Error(`Duplicate redirect source: ${from}`);
    seen.add(normalized);
    return { from: normalized, to };
  });
}

/**
 * nginx `location` rules: the exact redirects (with and without the trailing slash), then the moved
 * families with their own patterns. Regex locations are tried in order, so the exact ones win.
 */
export function nginxRedirectRules(list: readonly Redirect[] = REDIRECTS, moved: readonly MovedRule[] = MOVED): string {
  checkMovedRules(moved);
  return [
    ...clientRedirects(list).map(({ from, to }) => `location ~ ^${escapeRegex(from)}/?$ { return 301 ${to}$is_args$args; }`),
    ...moved.map(({ pattern, target }) => `location ~ ${pattern} { return 301 ${target}$is_args$args; }`),
  ].join('\n');
}


function escapeRegex(path: string): string {
  return path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
