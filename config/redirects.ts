/**
 * Redirects of the site. One list feeds both the client redirects plugin (static redirect pages)
 * and the nginx rules (deploy/nginx), so the two can never disagree.
 *
 * `MOVED` are whole families of old addresses (a prefix and the rest of the path): nginx answers
 * them with 301s, and on a plain static host the not-found page sends the reader on with the same
 * patterns (the rules and `MOVED` live in src/shared/moved.ts, which src/theme/NotFound/Content
 * imports too).
 */
import { MOVED, checkMovedRules, type MovedRule } from '../src/shared/moved';

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

/** Old address families (src/shared/moved.ts, shared with the not-found page). */
export { MOVED };

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
