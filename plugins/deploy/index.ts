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
 * Docusaurus runs the postBuild hooks of all plugins at once. This one compresses at once what the
 * bundler and the page renderer wrote; the rest of its work is step `deploy` of
 * plugins/lib/post-build-order.ts, which starts once the search index, the Markdown twins and llms,
 * the redirect pages and the sitemap are written. The OpenSearch description, which the search theme
 * inside the preset writes, is not compressed (a few hundred bytes; nginx gzips it on the fly).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { nginxRedirectRules } from '../../config/redirects';
import { buildCsp, collectScriptHashes, nginxCspInclude, type CspOptions } from './csp';
import { compressFiles, listFiles, removeOrphans, sumResults } from './compress';
import { indexFiles, type Manifest } from '../../src/shared/search/engine';
import { postBuildOrder } from '../lib/post-build-order';

export type DeployPluginOptions = {
  analytics: boolean;
  hostedSearch: CspOptions['hostedSearch'];
  /** The local search index is built in this build: its files are compressed with the late ones. */
  awaitSearchIndex: boolean;
  /** Write .gz/.br copies (on by default). */
  compress?: boolean;
  /**
   * Files that other plugins write in postBuild (steps before `deploy` in plugins/lib/post-build-order.ts):
   * the redirect pages (`<from>/index.html`, whose inline scripts belong in the policy), the sitemap,
   * llms.txt and the full texts. They are left out of the early compression; the policy and the late
   * compressed copies read them once their steps have finished.
   */
  expectFiles?: string[];
};

/** Directory of the generated server files inside the build. */
const NGINX_DIR = '.nginx';
const SEARCH_MANIFEST = 'search/manifest.json';
/** The OpenSearch description (@docusaurus/theme-search-algolia, inside the preset, outside the order): not compressed. */
const OPENSEARCH_FILE = 'opensearch.xml';

export function redirectsInclude(): string {
  return [
    '# Generated at build time by plugins/deploy from config/redirects.ts (nginxRedirectRules): do not edit.',
    '# Included by deploy/nginx/monq-docs.conf before every other regex location.',
    nginxRedirectRules(),
    '',
  ].join('\n');
}

/** The files of this build's search index: the manifest and the files it lists (plugins/search-index). */
async function searchIndexFiles(outDir: string): Promise<string[]> {
  const manifest = JSON.parse(await readFile(join(outDir, SEARCH_MANIFEST), 'utf8')) as Manifest;
  return [SEARCH_MANIFEST, ...Object.values(manifest.indexes).flatMap(indexFiles), ...(manifest.worker ? [manifest.worker] : [])];
}

export default function deployPlugin(context: LoadContext, rawOptions: unknown): Plugin {
  const options = rawOptions as DeployPluginOptions;
  const order = postBuildOrder(context);
  order.register('deploy');
  return {
    name: 'monq-deploy',
    async postBuild({ outDir }) {
      const siteFiles = () => listFiles(outDir, [NGINX_DIR, 'search']).filter((file) => file !== OPENSEARCH_FILE);
      const expectFiles = new Set(options.expectFiles ?? []);
      // What the bundler and the static-page renderer wrote is complete when postBuild starts: worker
      // threads compress it now, while the main thread runs the other plugins' postBuild. The files
      // those plugins write (even one already created) wait for the second pass.
      const listed = siteFiles();
      const early = listed.filter((file) => !expectFiles.has(file));
      const compressStarted = Date.now();
      const compressing =
        options.compress === false ? null : removeOrphans(outDir, listed).then(() => compressFiles(outDir, early));
      // Observed at once, so that a failure is not reported as unhandled while the other steps run.
      compressing?.catch(() => undefined);
      await order.run('deploy', async () => {
        const searchFiles = options.awaitSearchIndex ? await searchIndexFiles(outDir) : [];
        const missing = [...expectFiles].filter((file) => !existsSync(join(outDir, file)));
        if (missing.length > 0) console.warn(`[deploy] not written by the other plugins, left out of the policy and uncompressed: ${missing.join(', ')}`);
        const compressedEarly = new Set(early);
        const files = siteFiles();
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
        const sum = sumResults([await compressing, await compressFiles(outDir, [...late, ...searchFiles])]);
        const kb = (n: number) => Math.round(n / 1024);
        console.log(`[deploy] compressed ${sum.files} files: ${kb(sum.bytes)} KB -> gzip ${kb(sum.gzipBytes)} KB, brotli ${kb(sum.brotliBytes)} KB in ${Date.now() - compressStarted} ms`);
      });
    },
  };
}
