/**
 * `deploy`: a postBuild plugin (registered by config/deploy.ts) that prepares the built site for a
 * real web server (deploy/nginx). It writes:
 *
 *   .nginx/csp.conf        `add_header Content-Security-Policy …` with the hashes of every inline
 *                          script of the built HTML (included by deploy/nginx/snippets)
 *   .nginx/csp.txt         the same policy as plain text (tests, other servers)
 *   .nginx/redirects.conf  the site's redirects as nginx rules, from config/redirects.ts
 *   **.gz, **.br           pre-compressed copies of every text file, search indexes included
 *
 * `.nginx/` travels with the site, so the policy always matches the HTML it is served with; the
 * nginx configuration refuses to serve that directory.
 *
 * Docusaurus runs the postBuild hooks of all plugins at once. The search indexes are written by
 * plugins/search-index in its own postBuild, manifest last: with `awaitSearchIndex` this plugin
 * waits for that manifest before compressing `search/`.
 */
import { statSync } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { nginxRedirectRules } from '../../config/redirects';
import { buildCsp, collectScriptHashes, nginxCspInclude, type CspOptions } from './csp';
import { compressFiles, listFiles, removeOrphans } from './compress';
import { indexFiles, type Manifest } from '../../src/search/engine';

export type DeployPluginOptions = {
  analytics: boolean;
  hostedSearch: CspOptions['hostedSearch'];
  /** The local search index is built in this build: wait for its manifest before compressing it. */
  awaitSearchIndex: boolean;
  /** Write .gz/.br copies (on by default). */
  compress?: boolean;
  /** How long to wait for the search manifest. */
  searchTimeoutMs?: number;
  /**
   * Files that other plugins write in postBuild: the redirect pages (`<from>/index.html`, whose inline
   * scripts belong in the policy), the sitemap, the OpenSearch description. The policy and the late
   * compressed copies wait for them. A file the build already had when postBuild started (a redirect
   * from an existing route, which the redirect plugin skips) is not waited for.
   */
  expectFiles?: string[];
  /** How long to wait for those files before going on without them, with a warning. */
  expectTimeoutMs?: number;
};

/** Directory of the generated server files inside the build. */
export const NGINX_DIR = '.nginx';
export const SEARCH_MANIFEST = 'search/manifest.json';

export function redirectsInclude(): string {
  return [
    '# Generated at build time by plugins/deploy from config/redirects.ts (nginxRedirectRules): do not edit.',
    '# Included by deploy/nginx/monq-docs.conf before every other regex location.',
    nginxRedirectRules(),
    '',
  ].join('\n');
}

/** How often postBuild looks again for the files other plugins write. */
const POLL_MS = 50;
const pause = (): Promise<void> => new Promise((done) => setTimeout(done, POLL_MS));

/**
 * The files of `expected` that exist and were written since `since`, waiting up to `timeoutMs` for the
 * others; returns the ones still missing.
 */
export async function waitForFiles(outDir: string, expected: readonly string[], since: number, timeoutMs: number): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  let missing = [...expected];
  for (;;) {
    const still: string[] = [];
    for (const file of missing) {
      try {
        if ((await stat(join(outDir, file))).mtimeMs < since) still.push(file);
      } catch {
        still.push(file);
      }
    }
    missing = still;
    if (missing.length === 0 || Date.now() > deadline) return missing;
    await pause();
  }
}

/** Resolves once plugins/search-index has written this build's manifest and the files it lists. */
export async function waitForSearchManifest(outDir: string, since: number, timeoutMs: number): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  const manifestPath = join(outDir, SEARCH_MANIFEST);
  for (;;) {
    try {
      const info = await stat(manifestPath);
      if (info.mtimeMs >= since) {
        const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
        const files = Object.values(manifest.indexes).flatMap(indexFiles).concat(manifest.worker ?? []);
        await Promise.all(files.map((file) => stat(join(outDir, file))));
        return [SEARCH_MANIFEST, ...files];
      }
    } catch {
      // not written yet, or written half-way: look again
    }
    if (Date.now() > deadline) {
      throw new Error(`[deploy] ${SEARCH_MANIFEST} did not appear within ${timeoutMs} ms`);
    }
    await pause();
  }
}

export default function deployPlugin(_context: LoadContext, rawOptions: unknown): Plugin {
  const options = rawOptions as DeployPluginOptions;
  return {
    name: 'monq-deploy',
    async postBuild({ outDir }) {
      const postBuildStarted = Date.now();
      // mtime resolution slack: the search plugin starts at the same moment as this one
      const started = postBuildStarted - 2000;
      const skip = [NGINX_DIR, 'search'];
      const expectFiles = new Set(options.expectFiles ?? []);
      // What the bundler and the static-page renderer wrote is complete when postBuild starts: worker
      // threads compress it now, while the main thread runs the other plugins' postBuild. The files
      // those plugins write (even one already created) wait for the second pass.
      const listed = listFiles(outDir, skip);
      const early = listed.filter((file) => !expectFiles.has(file));
      const compressStarted = Date.now();
      const compressing =
        options.compress === false ? null : removeOrphans(outDir, listed).then(() => compressFiles(outDir, early));
      // Observed at once, so that a failure is not reported as unhandled while the policy is made.
      compressing?.catch(() => undefined);

      // Files that other plugins write in postBuild: the search index, the redirect pages, the sitemap,
      // the OpenSearch description. A page that was there before postBuild (a redirect from an existing
      // route, which the redirect plugin skips) is not waited for.
      const searchFiles = options.awaitSearchIndex
        ? await waitForSearchManifest(outDir, started, options.searchTimeoutMs ?? 600_000)
        : [];
      const before = new Set<string>();
      for (const file of listed) {
        if (expectFiles.has(file) && statSync(join(outDir, file)).mtimeMs < postBuildStarted) before.add(file);
      }
      const expected = [...expectFiles].filter((file) => !before.has(file));
      const missing = await waitForFiles(outDir, expected, postBuildStarted, options.expectTimeoutMs ?? 60_000);
      if (missing.length > 0) console.warn(`[deploy] not written by the other plugins, left out of the policy and uncompressed: ${missing.join(', ')}`);
      const compressedEarly = new Set(early);
      const files = listFiles(outDir, skip);
      const late = files.filter((file) => !compressedEarly.has(file));

      const htmlFiles = files.filter((file) => file.endsWith('.html'));
      const pages = await Promise.all(htmlFiles.map((file) => readFile(join(outDir, file), 'utf8')));
      const scriptHashes = collectScriptHashes(pages);
      const policy = buildCsp({ scriptHashes, analytics: options.analytics, hostedSearch: options.hostedSearch });
      await mkdir(join(outDir, NGINX_DIR), { recursive: true });
      await writeFile(join(outDir, NGINX_DIR, 'csp.conf'), nginxCspInclude(policy));
      await writeFile(join(outDir, NGINX_DIR, 'csp.txt'), `${policy}\n`);
      await writeFile(join(outDir, NGINX_DIR, 'redirects.conf'), redirectsInclude());
      console.log(`[deploy] Content-Security-Policy: ${scriptHashes.length} inline script hashes from ${htmlFiles.length} pages`);

      if (!compressing) return;
      const site = await compressing;
      const later = await compressFiles(outDir, [...late, ...searchFiles]);
      const total = site.files + later.files;
      const kb = (n: number) => Math.round(n / 1024);
      const bytes = site.bytes + later.bytes;
      const br = site.brotliBytes + later.brotliBytes;
      const gz = site.gzipBytes + later.gzipBytes;
      console.log(`[deploy] compressed ${total} files: ${kb(bytes)} KB -> gzip ${kb(gz)} KB, brotli ${kb(br)} KB in ${Date.now() - compressStarted} ms`);
    },
  };
}
