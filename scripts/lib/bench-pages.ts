/**
 * The pages of a built site, for the quality gates and the bench: the sitemap's paths, every built
 * page of a docs version, the section a page belongs to and a deterministic sample spread over all
 * sections. Pure functions except `builtPages`, which walks the build directory.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Paths (`/docs/x/`) of the `<loc>` entries of a sitemap, whatever host it names. */
export function sitemapPaths(xml: string): string[] {
  const paths: string[] = [];
  for (const match of xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)) {
    const loc = match[1] ?? '';
    paths.push(new URL(loc, 'http://site.invalid').pathname);
  }
  return paths;
}

/** A static redirect page written by the client-redirects plugin (not a page of its own). */
export function isRedirectPage(html: string): boolean {
  return /<meta[^>]+http-equiv=["']?refresh/i.test(html.slice(0, 4000));
}

/** Route of every real page (`index.html`, redirect pages excluded) under `buildDir/under`. */
export function builtPages(buildDir: string, under = ''): string[] {
  const root = join(buildDir, under);
  const routes: string[] = [];
  const walk = (dir: string): void => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (dir === buildDir && ['assets', 'img', 'search'].includes(entry.name)) continue;
        walk(full);
      } else if (entry.name === 'index.html' && !isRedirectPage(readFileSync(full, 'utf8'))) {
        const rel = relative(buildDir, dir).split(sep).join('/');
        routes.push(rel === '' ? '/' : `/${rel}/`);
      }
    }
  };
  walk(root);
  return routes.sort();
}

/**
 * Section of a route: `docs/8.9/guide`, `docs/guide`, `upgrade/v7`, `upgrade` (its own root pages)
 * or `pages` (the standalone pages).
 */
export function sectionOf(path: string): string {
  const parts = path.split('/').filter(Boolean);
  if (parts[0] === 'docs') {
    if (parts[1] === '8.9') return parts[2] ? `docs/8.9/${parts[2]}` : 'docs/8.9';
    return parts[1] ? `docs/${parts[1]}` : 'docs';
  }
  if (parts[0] === 'upgrade') {
    return parts[1] && /^v\d/.test(parts[1]) ? `upgrade/${parts[1]}` : 'upgrade';
  }
  return 'pages';
}

/** Which docs version or instance a route belongs to. */
export function versionOf(path: string): '9.0' | '8.9' | 'upgrade' | 'pages' {
  if (path.startsWith('/docs/8.9/')) return '8.9';
  if (path.startsWith('/docs/')) return '9.0';
  if (path.startsWith('/upgrade/')) return 'upgrade';
  return 'pages';
}

/**
 * A deterministic sample of `size` routes spread over every section: each section gets at least
 * one page, the rest is shared in proportion to the sections' sizes (largest remainder), and inside
 * a section the pages are taken at evenly spaced positions of the sorted list. `always` routes are
 * included first (when they exist in `paths`). Returns every route when `size` covers them all.
 */
export function samplePages(paths: readonly string[], size: number, always: readonly string[] = []): string[] {
  const unique = Array.from(new Set(paths)).sort();
  if (size >= unique.length) return unique;
  const chosen = new Set(always.filter((path) => unique.includes(path)));
  const rest = unique.filter((path) => !chosen.has(path));
  const groups = new Map<string, string[]>();
  for (const path of rest) {
    const key = sectionOf(path);
    const list = groups.get(key) ?? [];
    list.push(path);
    groups.set(key, list);
  }
  const keys = Array.from(groups.keys()).sort();
  const budget = Math.max(size - chosen.size, keys.length);
  const quota = new Map<string, number>(keys.map((key) => [key, 1]));
  let left = budget - keys.length;
  const shares = keys.map((key) => {
    const length = groups.get(key)?.length ?? 0;
    const exact = (left * length) / rest.length;
    return { key, whole: Math.floor(exact), fraction: exact - Math.floor(exact) };
  });
  for (const { key, whole } of shares) quota.set(key, (quota.get(key) ?? 0) + whole);
  left -= shares.reduce((sum, share) => sum + share.whole, 0);
  const byFraction = shares.slice().sort((a, b) => b.fraction - a.fraction || a.key.localeCompare(b.key));
  for (const { key } of byFraction) {
    if (left <= 0) break;
    quota.set(key, (quota.get(key) ?? 0) + 1);
    left -= 1;
  }
  for (const key of keys) {
    const list = groups.get(key) ?? [];
    const count = Math.min(quota.get(key) ?? 0, list.length);
    for (let i = 0; i < count; i += 1) {
      const picked = list[Math.floor(((i + 0.5) * list.length) / count)];
      if (picked) chosen.add(picked);
    }
  }
  return Array.from(chosen).sort();
}

/** Pages every gate and the bench look at: home, a 9.0 page, an 8.9 page, an upgrade page, search. */
export const BENCH_PAGES = [
  '/',
  '/docs/guide/signals/',
  '/docs/8.9/guide/signals/',
  '/upgrade/v9/',
  '/demo-search/',
] as const;

/** Pages that every sample includes. */
export const KEY_PAGES: readonly string[] = [
  ...BENCH_PAGES,
  '/glossary/',
  '/current/ru/',
  '/docs/get-started/',
  '/docs/8.9/get-started/',
  '/upgrade/upgrade-policies/',
];

/**
 * Size of the deterministic sample that the browser gate visits (tests/e2e/a11y.test.ts: a clean
 * load, then axe in light and dark mode and on a phone).
 */
export const BROWSER_SAMPLE_SIZE = 90;
