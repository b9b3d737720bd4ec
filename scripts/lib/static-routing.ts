/**
 * How the built site answers a path. The same rules are written for nginx in deploy/nginx; the local
 * server (scripts/lib/static-server.ts: scripts/serve.ts, the bench, the browser tests) and the
 * sitemap check use this module.
 *
 * - `/route/` serves `route/index.html`;
 * - `/route`, `/route/index.html` and `/route.html` redirect (301) to `/route/` when that page exists,
 *   so the client router always hydrates on the canonical address;
 * - the site's redirects (config/redirects.ts) answer 301: the exact ones, then the old address
 *   families (`MOVED`, src/shared/moved.ts), as the nginx rules generated from the same table;
 * - anything else is the not-found page with status 404.
 */
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { movedTarget, type MovedRule } from '../../src/shared/moved';

export type Resolution =
  | { kind: 'file'; file: string; status: 200 | 404 }
  | { kind: 'redirect'; location: string };

export type Lookup = (relativePath: string) => 'file' | 'dir' | null;

/** The `Lookup` of a directory on disk, asked again on every call. */
export function directoryLookup(dir: string): Lookup {
  const root = resolve(dir);
  return (rel) => {
    try {
      const stat = statSync(join(root, rel));
      return stat.isFile() ? 'file' : stat.isDirectory() ? 'dir' : null;
    } catch {
      return null;
    }
  };
}

export interface RedirectRule {
  from: string;
  to: string;
}

export function resolvePath(
  rawPath: string,
  lookup: Lookup,
  redirects: readonly RedirectRule[] = [],
  moved: readonly MovedRule[] = [],
): Resolution {
  const [pathname, query] = splitQuery(rawPath);
  if (pathname === null) return notFound();
  const suffix = query ? `?${query}` : '';

  const bare = pathname.replace(/\/+$/, '') || '/';
  const redirect = redirects.find((rule) => rule.from === bare);
  if (redirect) return { kind: 'redirect', location: redirect.to + suffix };
  const movedTo = movedTarget(pathname, moved);
  if (movedTo) return { kind: 'redirect', location: movedTo + suffix };

  const rel = pathname.slice(1);
  if (pathname.endsWith('/')) {
    const index = `${rel}index.html`;
    return lookup(index) === 'file' ? ok(index) : notFound();
  }
  if (rel === 'index.html' || rel.endsWith('/index.html')) {
    const dir = pathname.slice(0, -'index.html'.length);
    const target = resolvePath(dir, lookup, redirects, moved);
    return lookup(rel) === 'file' || target.kind === 'redirect' ? { kind: 'redirect', location: dir + suffix } : notFound();
  }
  if (rel.endsWith('.html') && rel !== '404.html') {
    const base = pathname.slice(0, -'.html'.length);
    if (lookup(`${base.slice(1)}/index.html`) === 'file') return { kind: 'redirect', location: `${base}/${suffix}` };
    if (lookup(rel) === 'file') return ok(rel);
    return notFound();
  }
  if (lookup(rel) === 'file') return ok(rel);
  if (lookup(`${rel}/index.html`) === 'file') {
    return { kind: 'redirect', location: `${pathname}/${suffix}` };
  }
  return notFound();
}

/**
 * How a bare static host with no rules of ours answers (GitHub Pages; `plain` of static-server.ts):
 * `/route/` serves its index.html, a file is served as it is, a directory without its slash redirects
 * (with it and without index.html it is not found), anything else is the not-found page.
 */
export function resolvePlain(rawPath: string, lookup: Lookup): Resolution {
  const [path] = splitQuery(rawPath);
  if (path === null) return notFound();
  const rel = path.slice(1);
  if (path.endsWith('/')) return lookup(`${rel}index.html`) === 'file' ? ok(`${rel}index.html`) : notFound();
  if (lookup(rel) === 'file') return ok(rel);
  if (lookup(rel) === 'dir') return { kind: 'redirect', location: `${path}/` };
  return notFound();
}

function ok(file: string): Resolution {
  return { kind: 'file', file, status: 200 };
}

function notFound(): Resolution {
  return { kind: 'file', file: '404.html', status: 404 };
}

/** The decoded path of a request and its query; the path is null when it is malformed or climbs out of the root. */
function splitQuery(raw: string): [string | null, string] {
  const [address = ''] = raw.split('#');
  const at = address.indexOf('?');
  const query = at === -1 ? '' : address.slice(at + 1);
  try {
    const path = decodeURIComponent(at === -1 ? address : address.slice(0, at));
    return [!path.startsWith('/') || path.split('/').includes('..') || path.includes('\0') ? null : path, query];
  } catch {
    return [null, query];
  }
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

export function contentType(file: string): string {
  const dot = file.lastIndexOf('.');
  return (dot >= 0 && TYPES[file.slice(dot).toLowerCase()]) || 'application/octet-stream';
}
