/**
 * Redirects of the site. One list feeds both the client redirects plugin (static redirect pages)
 * and the nginx rules (deploy/nginx), so the two can never disagree.
 */

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

/** nginx `location` rules for the same list (exact match, with and without the trailing slash). */
export function nginxRedirectRules(list: readonly Redirect[] = REDIRECTS): string {
  return clientRedirects(list)
    .map(({ from, to }) => `location ~ ^${escapeRegex(from)}/?$ { return 301 ${to}$is_args$args; }`)
    .join('\n');
}

function escapeRegex(path: string): string {
  return path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
