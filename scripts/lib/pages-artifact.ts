/**
 * The GitHub Pages artifact, as .github/workflows/deploy.yml publishes it: the build directory packed
 * by actions/upload-pages-artifact@v3 (`tar --dereference --hard-dereference --exclude=.git
 * --exclude=.github`), served by Pages at the root of the custom domain that `static/CNAME` names,
 * with no server rules of ours: `/route/` → `route/index.html`, a directory without its slash → 301,
 * anything else → `404.html` with status 404 (scripts/lib/static-server.ts, `plain`).
 *
 * `checkPagesArtifact` asks such a server for every address of the artifact's own sitemap.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sitemapLocations } from '../check-sitemap';
import { SITE_URL } from '../../config/site';
import { serveStatic, type RunningServer } from './static-server';

/** What upload-pages-artifact@v3 leaves out of the directory it packs. */
const PAGES_EXCLUDES = ['.git', '.github'] as const;

/** The custom domain of the artifact (`CNAME` at its root), or null without one. */
export function customDomain(dir: string): string | null {
  const file = join(dir, 'CNAME');
  if (!existsSync(file)) return null;
  return readFileSync(file, 'utf8').trim() || null;
}

/** Packs `dir` as upload-pages-artifact@v3 does and unpacks it into a new directory; returns it. */
export function packLikePages(dir: string): { dir: string; remove(): void } {
  const work = mkdtempSync(join(tmpdir(), 'monq-pages-artifact-'));
  const archive = join(work, 'artifact.tar');
  const site = join(work, 'site');
  mkdirSync(site);
  execFileSync('tar', ['--dereference', '--hard-dereference', '--directory', dir, '-cf', archive, ...PAGES_EXCLUDES.map((name) => `--exclude=${name}`), '.']);
  execFileSync('tar', ['-xf', archive, '--directory', site]);
  rmSync(archive);
  return { dir: site, remove: () => rmSync(work, { recursive: true, force: true }) };
}

export interface PagesCheck {
  /** Addresses of the artifact's sitemap that were asked for. */
  checked: number;
  /** Everything a reader of the published site would meet as broken, one line each. */
  problems: string[];
}

async function status(base: string, path: string): Promise<{ status: number; type: string }> {
  const res = await fetch(base + path, { method: 'HEAD', redirect: 'manual' });
  return { status: res.status, type: res.headers.get('content-type') ?? '' };
}

/**
 * Serves `dir` as Pages would and checks it: the custom domain is the site's own (config/site.ts), and
 * every address of the artifact's sitemap answers 200 with a page at the same path on that host.
 */
export async function checkPagesArtifact(dir: string): Promise<PagesCheck> {
  const problems: string[] = [];
  const site = new URL(SITE_URL);
  const domain = customDomain(dir);
  if (domain !== site.hostname) {
    problems.push(`CNAME: ${domain ?? 'нет файла'}, а сайт собран для ${site.hostname}: Pages опубликует его не в корне домена`);
  }
  const sitemapFile = join(dir, 'sitemap.xml');
  if (!existsSync(sitemapFile)) return { checked: 0, problems: [...problems, 'нет sitemap.xml'] };
  const urls = sitemapLocations(readFileSync(sitemapFile, 'utf8'));
  if (urls.length === 0) problems.push('sitemap.xml без адресов');
  let server: RunningServer | null = null;
  try {
    server = await serveStatic(dir, 0, '127.0.0.1', { plain: true });
    for (const url of urls) {
      const parsed = new URL(url);
      if (parsed.origin !== site.origin) {
        problems.push(`${url}: не на ${site.origin}`);
        continue;
      }
      const reply = await status(server.url, parsed.pathname);
      if (reply.status !== 200 || !reply.type.startsWith('text/html')) problems.push(`${url}: ${reply.status} ${reply.type}`);
    }
    const missing = await status(server.url, '/no-such-page-of-monq-docs/');
    if (missing.status !== 404) problems.push(`неизвестный адрес отвечает ${missing.status}, а не 404`);
  } finally {
    await server?.close();
  }
  return { checked: urls.length, problems };
}
