/**
 * The route chunks of a page in its HTML, so that the first input fetches them with `main.js`
 * instead of after it.
 *
 * Docusaurus writes a client manifest (react-loadable-ssr-addon) and, for each page, asks it for the
 * files of the modules the server rendered (`getBundles(manifest, modules)`): those files become the
 * page's scripts. The server reports modules by their import request (`@site/…/signals.md`,
 * `@theme/DocItem`), but the manifest keys chunks by chunk name or, with Rspack and no chunk name, by
 * chunk id. Nothing matches, so a page lists only the runtime and `main.js`, and its route chunks are
 * requested only once `main.js` runs (and, for a page in a route part, once the part has loaded): two
 * more round trips before the page answers the reader's first input.
 *
 * After the client compilation has written the manifest, this plugin adds one key per import request
 * of the build (compiled Markdown aside, see `MARKDOWN_REQUEST`): the chunks whose origins include
 * that request, which are the chunks the browser loads for that `import()`. (The manifest's own keys
 * list a chunk with all its siblings in every chunk group it belongs to: for `@theme/DocItem` that
 * added the chunks of `@theme/MDXPage`, 3.8 KB gzip that a doc page never runs.) The page template then gets the route chunks in `scripts` and hands them to the
 * hydration boot, which prefetches them with the entry scripts; `main.js` then loads the ones it needs
 * from the cache (plugins/perf/ssr-template.ts, src/lib/hydration/boot.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';

/** The client manifest of react-loadable-ssr-addon (the part this plugin reads and writes). */
export interface ClientManifest {
  entrypoints: string[];
  /** Origin (chunk name, chunk id, or here an import request) → chunk ids. */
  origins: Record<string, Array<string | number>>;
  assets: Record<string, unknown>;
}

/** A chunk of the compilation stats (`chunks` with `chunkOrigins`). */
export interface StatsChunk {
  id?: string | number | null;
  origins?: Array<{ request?: string | null }>;
}

/**
 * A page's compiled Markdown: not among its route chunks. The page the browser opens keeps the
 * article the server rendered and never loads it (src/lib/article/README.md); a Markdown page that is
 * not a doc page (`src/pages/*.mdx`) loads it after `main.js`.
 */
export const MARKDOWN_REQUEST = /\.mdx?$/i;

/** The name of the plugin that writes the manifest, as Docusaurus adds it to the client config. */
export const MANIFEST_PLUGIN = 'ReactLoadableSSRAddon';

/**
 * The manifest with a key per import request: the chunks whose origins include it. Keys the manifest
 * already has (entry points, chunk names or ids) are left as they are. Compiled Markdown is left out
 * unless `markdown` (a build without the kept article, `DOCS_PRIVATE_OFF=kept-article`).
 */
export function withRequestOrigins(manifest: ClientManifest, chunks: readonly StatsChunk[], { markdown = false } = {}): ClientManifest {
  const byRequest = new Map<string, Array<string | number>>();
  for (const chunk of chunks) {
    const id = chunk.id;
    if (id === undefined || id === null) continue;
    for (const origin of chunk.origins ?? []) {
      const request = origin.request;
      if (!request || request in manifest.origins || (!markdown && MARKDOWN_REQUEST.test(request))) continue;
      const known = byRequest.get(request) ?? [];
      if (!known.includes(id)) known.push(id);
      byRequest.set(request, known);
    }
  }
  return { ...manifest, origins: { ...manifest.origins, ...Object.fromEntries(byRequest) } };
}

interface StatsCompilation {
  getStats(): { toJson(options: Record<string, boolean>): { chunks?: StatsChunk[] } };
}

interface Compiler {
  hooks: { afterEmit: { tap(name: string, callback: (compilation: StatsCompilation) => void): void } };
}

/** Rspack/webpack plugin for the client compilation: rewrites the manifest at `manifestPath`. */
export class RouteChunkOriginsPlugin {
  constructor(
    private readonly manifestPath: string,
    private readonly options: { markdown?: boolean } = {},
  ) {}

  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tap('monq-route-chunk-origins', (compilation) => {
      const { chunks = [] } = compilation.getStats().toJson({ all: false, chunks: true, chunkOrigins: true, ids: true });
      const manifest = JSON.parse(readFileSync(this.manifestPath, 'utf8')) as ClientManifest;
      writeFileSync(this.manifestPath, JSON.stringify(withRequestOrigins(manifest, chunks, this.options)));
    });
  }
}

/** The manifest path of the client config's react-loadable-ssr-addon, or null when there is none. */
export function manifestPathOf(plugins: readonly unknown[] | undefined): string | null {
  for (const plugin of plugins ?? []) {
    if (typeof plugin !== 'object' || plugin === null || plugin.constructor.name !== MANIFEST_PLUGIN) continue;
    const filename = (plugin as { options?: { filename?: unknown } }).options?.filename;
    if (typeof filename === 'string') return filename;
  }
  return null;
}
