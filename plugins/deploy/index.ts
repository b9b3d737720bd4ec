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
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { nginxRedirectRules } from '../../config/redirects';
import { buildCsp, collectScriptHashes, nginxCspInclude, type CspOptions } from './csp';
import { compressFiles, listFiles, removeOrphans } from './compress';

export type DeployPluginOptions = {
  analytics: boolean;
  hostedSearch: CspOptions['hostedSearch'];
  /** The local search index is built in this build: wait for its manifest before compressing it. */
  awaitSearchIndex: boolean;
  /** Write .gz/.br copies (on by default). */
  compress?: boolean;
  /** How long to wait for the search manifest. */
  searchTimeoutMs?: number;
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

/** Resolves once plugins/search-index has written this build's manifest and the files it lists. */
export async function waitForSearchManifest(outDir: string, since: number, timeoutMs: number): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  const manifestPath = join(outDir, SEARCH_MANIFEST);
  for (;;) {
    try {
      const info = await stat(manifestPath);
      if (info.mtimeMs >= since) {
        const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as { indexes: Record<string, { file: string }> };
        const files = Object.values(manifest.indexes).map((entry) => entry.file);
        await Promise.all(files.map((file) => stat(join(outDir, file))));
        return [SEARCH_MANIFEST, ...files];
      }
    } catch {
      // not written yet, or written half-way: look again
    }
    if (Date.now() > deadline) {
      throw new Error(`[deploy] ${SEARCH_MANIFEST} did not appear within ${timeoutMs} ms`);
    }
    await new Promise((done) => setTimeout(done, 200));
  }
}

export default function deployPlugin(_context: LoadContext, rawOptions: unknown): Plugin {
  const options = rawOptions as DeployPluginOptions;
  return {
    name: 'monq-deploy',
    async postBuild({ outDir }) {
      // mtime resolution slack: the search plugin starts at the same moment as this one
      const started = Date.now() - 2000;
      const files = await listFiles(outDir, [NGINX_DIR, 'search']);
      const htmlFiles = files.filter((file) => file.endsWith('.html'));
      const pages = await Promise.all(htmlFiles.map((file) => readFile(join(outDir, file), 'utf8')));
      const scriptHashes = collectScriptHashes(pages);
      const policy = buildCsp({ scriptHashes, analytics: options.analytics, hostedSearch: options.hostedSearch });
      await mkdir(join(outDir, NGINX_DIR), { recursive: true });
      await writeFile(join(outDir, NGINX_DIR, 'csp.conf'), nginxCspInclude(policy));
      await writeFile(join(outDir, NGINX_DIR, 'csp.txt'), `${policy}\n`);
      await writeFile(join(outDir, NGINX_DIR, 'redirects.conf'), redirectsInclude());
      console.log(`[deploy] Content-Security-Policy: ${scriptHashes.length} inline script hashes from ${htmlFiles.length} pages`);

      if (options.compress === false) return;
      const compressStarted = Date.now();
      await removeOrphans(outDir, files);
      const site = await compressFiles(outDir, files);
      const search = options.awaitSearchIndex
        ? await compressFiles(outDir, await waitForSearchManifest(outDir, started, options.searchTimeoutMs ?? 600_000))
        : null;
      const total = site.files + (search?.files ?? 0);
      const kb = (n: number) => Math.round(n / 1024);
      const bytes = site.bytes + (search?.bytes ?? 0);
      const br = site.brotliBytes + (search?.brotliBytes ?? 0);
      const gz = site.gzipBytes + (search?.gzipBytes ?? 0);
      console.log(`[deploy] compressed ${total} files: ${kb(bytes)} KB -> gzip ${kb(gz)} KB, brotli ${kb(br)} KB in ${Date.now() - compressStarted} ms`);
    },
  };
}
