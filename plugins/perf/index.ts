/**
 * `perf`: build-time tweaks of the bundles that keep the JavaScript a page runs on load small.
 *
 * - `prism-react-renderer` is replaced in the bundles (client and server, so hydration matches) by
 *   `highlight.tsx`: the same `Highlight`, fed with tokens computed at build time by
 *   `rehype-code-tokens.ts`, so no Prism grammar reaches the browser (about 26 KB gzip less in
 *   `main.js`, on every page).
 * - Client bundle: chunk files are named by chunk id, so the runtime no longer carries a table of chunk
 *   names for file names; the route registry and the route → chunk table come in parts, one per
 *   route-path prefix (a docs version, the upgrade notes), loaded with the first route of the part
 *   (`registry-loader.cjs`, `route-data.ts`, `component-creator-loader.cjs`); two Docusaurus modules
 *   sort without `localeCompare`, whose first call builds the ICU collator during hydration
 *   (`plain-compare-loader.cjs`); prefetching of linked pages is queued, one page per task, with each
 *   page's files read from its route data and each file requested once (`prefetch-loader.cjs`);
 *   Docusaurus's CommonJS modules require their tslib helpers by name (`tslib-loader.cjs`); the search
 *   UI's strings leave the code translations of `main.js` and load with the search UI
 *   (`translations-loader.cjs`); the site config leaves out what only the build reads
 *   (`site-config-loader.cjs`).
 * - Both bundles: react-helmet-async merges the `<Head>` tags once per task (browser) or per page
 *   (server) (`helmet-loader.cjs`); doc card labels skip the emoji test when they start with a letter,
 *   and a page's active doc context is computed once per path (`theme-utils-loader.cjs`).
 * - Markdown images are files, not data URIs inlined in the HTML and the page's chunk
 *   (`markdown-images.ts`).
 * - `docusaurus build`: worker threads parse the content pages ahead of the MDX loader
 *   (`mdx-parse.ts`).
 */
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { LoadContext, MarkdownConfig, Plugin } from '@docusaurus/types';
import type { Configuration } from 'webpack';
import { MARKDOWN_IMAGE_INLINE_LIMIT, markdownImagesAsFiles } from './markdown-images';
import { RouteChunkOriginsPlugin, manifestPathOf } from './route-chunk-origins';
import { contentFiles, parseWorkers, startParsePool, stopParsePool, type ParsePool } from './mdx-parse';
import { RAW_HTML_STATS } from './raw-html';

const here = dirname(fileURLToPath(import.meta.url));
const requireHere = createRequire(import.meta.url);

/** The pattern of the modules a loader applies to, as the loader (CommonJS) exports it. */
function modulesOf(loader: string, name: string): RegExp {
  const pattern = (requireHere(loader) as Record<string, unknown>)[name];
  if (!(pattern instanceof RegExp)) throw new Error(`perf: ${loader} exports no ${name}`);
  return pattern;
}

/** Client chunk files: `assets/js/<chunk id>.<content hash>.js` (Docusaurus: `<chunk name>.<hash>`). */
export const CLIENT_CHUNK_FILENAME = 'assets/js/[id].[contenthash:8].js';
/** The route registry that Docusaurus generates. */
export const REGISTRY_MODULE = /[\\/]\.docusaurus[\\/]registry\.js$/;
/** Docusaurus's prefetching of linked pages: queued, indexed, deduplicated (prefetch-loader.cjs). */
export const PREFETCH_MODULES = modulesOf('./prefetch-loader.cjs', 'PREFETCH_MODULES');

/** The two Docusaurus modules that sort with `localeCompare` on every page load (plain-compare-loader.cjs). */
export const PLAIN_COMPARE_MODULES = modulesOf('./plain-compare-loader.cjs', 'PLAIN_COMPARE_MODULES');
/** Two helpers of every docs page answered sooner, in both bundles (theme-utils-loader.cjs). */
export const THEME_UTILS_MODULES = modulesOf('./theme-utils-loader.cjs', 'THEME_UTILS_MODULES');
/** Docusaurus's CommonJS modules, whose tslib helpers are required by name (tslib-loader.cjs). */
export const TSLIB_MODULES = modulesOf('./tslib-loader.cjs', 'TSLIB_MODULES');
/** tslib's ES build: with the helpers required by name, the bundler keeps only those used. */
export const TSLIB_ES = requireHere.resolve('tslib/tslib.es6.mjs');

/** The theme's code translations, split: the search UI's strings leave main.js (translations-loader.cjs). */
export const CODE_TRANSLATIONS_MODULE = modulesOf('./translations-loader.cjs', 'CODE_TRANSLATIONS_MODULE');

/** react-helmet-async: one merge of the page's `<Head>` tags per task, not one per instance (helmet-loader.cjs). */
export const HELMET_MODULE = modulesOf('./helmet-loader.cjs', 'HELMET_MODULE');

/** The generated site config: the client copy leaves out what only the build reads (site-config-loader.cjs). */
export const SITE_CONFIG_MODULE = modulesOf('./site-config-loader.cjs', 'SITE_CONFIG_MODULE');

/** Docusaurus's ComponentCreator: route data looked up on demand (component-creator-loader.cjs). */
export const COMPONENT_CREATOR_MODULE = modulesOf('./component-creator-loader.cjs', 'COMPONENT_CREATOR_MODULE');
/** The client's route data (route-data.ts), imported by the registry module that registry-loader.cjs writes. */
export const ROUTE_DATA = join(here, 'route-data.ts');

/**
 * Client bundle on Preact: React's entry points, exact requests only, to their preact/compat
 * equivalents. The server bundle keeps React, so the HTML is what react-dom/server renders.
 */
export const PREACT_ALIASES: Readonly<Record<string, string>> = {
  react$: 'preact/compat',
  'react-dom$': 'preact/compat',
  'react-dom/client$': join(here, 'preact-client.ts'),
  'react/jsx-runtime$': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime$': 'preact/compat/jsx-dev-runtime',
};

export interface PerfOptions {
  /** Run the client bundle on preact/compat instead of react-dom (default true; `DOCS_PREACT`). */
  preact: boolean;
  /** Keep the bundler's persistent cache in production builds (default false; `DOCS_BUILD_CACHE`). */
  buildCache: boolean;
  /**
   * Route-path prefixes whose routes' data come in a part of their own (route-data.ts), for example
   * `['/docs/8.9/', '/docs/', '/upgrade/']`. Default: none, all route data in `main.js`.
   */
  routeParts: readonly string[];
  /**
   * Directories (from the site directory) whose `.md`/`.mdx` pages worker threads parse ahead of the
   * MDX loader in `docusaurus build` (mdx-parse.ts). Default: none.
   */
  parseDirs: readonly string[];
}

/** The plugin's options as Docusaurus hands them over (`unknown`); anything missing takes its default. */
export function perfOptions(raw: unknown): PerfOptions {
  const options = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const { preact, buildCache, routeParts, parseDirs } = options;
  const parts = Array.isArray(routeParts) ? routeParts : [];
  for (const prefix of parts) {
    if (typeof prefix !== 'string' || !/^\/.+\/$/.test(prefix)) {
      throw new Error(`perf: a route part is a path prefix such as "/docs/8.9/", not ${JSON.stringify(prefix)}`);
    }
  }
  return {
    preact: typeof preact === 'boolean' ? preact : true,
    buildCache: buildCache === true,
    routeParts: parts as string[],
    parseDirs: Array.isArray(parseDirs) ? parseDirs.filter((dir): dir is string => typeof dir === 'string') : [],
  };
}

/** What `startContentParsing` reads of a site: its directory and its `markdown` config. */
export interface ParseSite {
  siteDir: string;
  siteConfig: { markdown: { mdx1Compat: MarkdownConfig['mdx1Compat']; preprocessor?: unknown } };
}

/**
 * Start the worker threads that parse the content pages (mdx-parse.ts), in a production build only:
 * the dev server compiles a page when it is opened. Nothing starts when the site has a Markdown
 * preprocessor (a function the workers cannot run) or no directory to parse. A pool already started
 * for the same pages and syntax (by the site config, see config/perf.ts) is kept.
 */
export function startContentParsing(site: ParseSite, parseDirs: readonly string[], workers = parseWorkers()): ParsePool | null {
  const { markdown } = site.siteConfig;
  // NODE_ENV is Docusaurus's own mode (its build command sets it), not a switch of the site.
  if (process.env.NODE_ENV !== 'production' || parseDirs.length === 0 || markdown.preprocessor) return null;
  const files = contentFiles(parseDirs.map((dir) => resolve(site.siteDir, dir)));
  if (files.length === 0) return null;
  // Built field by field, so that the raw config and Docusaurus's normalized one give the same pool key.
  const { comments, admonitions, headingIds } = markdown.mdx1Compat;
  return startParsePool({ files, markdown: { mdx1Compat: { comments, admonitions, headingIds } }, admonitions: true, workers });
}

type Aliases = NonNullable<NonNullable<Configuration['resolve']>['alias']>;

/**
 * The client's aliases on Preact. Docusaurus aliases `react` and `react-dom` (prefix match) to their
 * package folders, and the first matching alias wins: those two go, and the exact Preact ones lead.
 */
export function withPreact(alias: Aliases | undefined): Aliases {
  if (Array.isArray(alias)) {
    const rest = alias.filter(({ name }) => name !== 'react' && name !== 'react-dom');
    return [...Object.entries(PREACT_ALIASES).map(([name, to]) => ({ name, alias: to })), ...rest];
  }
  const { react: _react, 'react-dom': _reactDom, ...rest } = alias ?? {};
  return { ...PREACT_ALIASES, ...rest };
}

/**
 * Marks the client's bundler cache with a key: the runtime the bundle uses and `loadersDigest`.
 * Neither Rspack's persistent cache (`experiments.cache`) nor webpack's filesystem cache is evicted
 * when an alias changes, so without this, a build after flipping `DOCS_PREACT` reuses the modules of
 * the other runtime.
 */
export function keyCache(config: Configuration, key: string): void {
  const { cache } = config;
  if (typeof cache === 'object' && cache.type === 'filesystem') cache.version = `${cache.version ?? ''}-${key}`;
  const rspack: unknown = (config.experiments as { cache?: unknown } | undefined)?.cache;
  if (typeof rspack === 'object' && rspack !== null && 'version' in rspack && typeof rspack.version === 'string') {
    rspack.version = `${rspack.version}-${key}`;
  }
}

/**
 * Turns the bundler's persistent cache off (Docusaurus Faster turns it on for every command). In a
 * clean build nothing is read from it, and writing it cost about 2 s of bundling on 2 cores (A/B runs in
 * the same hour; the machine is noisy).
 */
export function withoutPersistentCache(config: Configuration): void {
  config.cache = false;
  const experiments = config.experiments as { cache?: unknown } | undefined;
  if (experiments && 'cache' in experiments) delete experiments.cache;
}

/** The class name of Rspack's SWC minifier plugin, as Docusaurus Faster adds it. */
export const SWC_MINIMIZER = 'SwcJsMinimizerRspackPlugin';

/**
 * The client's JavaScript keeps non-ASCII text as UTF-8. Docusaurus Faster minifies with SWC's
 * `ascii_only`, which writes every Cyrillic letter of the pages, the sidebars and the UI strings as a
 * six-byte `\uXXXX` escape: 11.2 MB of client JavaScript instead of 6.3 MB, about 5 % more after gzip,
 * more for the browser to parse and for the build to compress. The site is UTF-8 everywhere: the HTML
 * declares it, and a classic script served without a charset is decoded with the page's encoding.
 * Only the minifier's output format changes; with webpack (`DOCS_FASTER=false`) terser is left as it is.
 */
export function withUtf8Minifier(config: Configuration): void {
  const minimizers = config.optimization?.minimizer;
  if (!Array.isArray(minimizers)) return;
  const index = minimizers.findIndex((minimizer) => minimizer?.constructor.name === SWC_MINIMIZER);
  if (index < 0) return;
  const rspack = requireHere('@rspack/core') as { SwcJsMinimizerRspackPlugin: new (options: unknown) => object };
  const { getSwcJsMinimizerOptions } = requireHere('@docusaurus/faster') as {
    getSwcJsMinimizerOptions(): { format?: Record<string, unknown> } & Record<string, unknown>;
  };
  const options = getSwcJsMinimizerOptions();
  minimizers[index] = new rspack.SwcJsMinimizerRspackPlugin({
    minimizerOptions: { minify: true, ...options, format: { ...options.format, ascii_only: false } },
  }) as (typeof minimizers)[number];
}

/** Docusaurus's PostCSS plugin entry: `[require.resolve('postcss-preset-env'), {}]`. */
function isPresetEnv(plugin: unknown): boolean {
  const name: unknown = Array.isArray(plugin) ? plugin[0] : plugin;
  return typeof name === 'string' && /[\\/]postcss-preset-env[\\/]/.test(name);
}

/**
 * PostCSS options of the client's CSS files. Docusaurus runs postcss-loader with postcss-preset-env on
 * every CSS file, and the loader looks for a PostCSS config file each time. With Docusaurus Faster,
 * Lightning CSS minifies the CSS with the browserslist targets and lowers and prefixes it for them at
 * the same time, so both were repeated work (about 2 s of a clean build on 2 cores). The loader keeps
 * the other plugins (the cascade layers of `future.v4`), without preset-env and without a config file.
 */
export function withoutPostCssWork<T extends { plugins: unknown[] }>(options: T): T & { config: false } {
  return { ...options, plugins: options.plugins.filter((plugin) => !isPresetEnv(plugin)), config: false };
}

/**
 * A digest of this plugin's loaders, of its options and of the Markdown image limit. The bundler's
 * persistent cache keeps a module's loader output until the module changes, so a new loader (or new
 * route parts, or another image limit) over an unchanged `.docusaurus/registry.js` or page would reuse
 * the old output without it in the cache key.
 */
export function loadersDigest(options: PerfOptions): string {
  const hash = createHash('sha256').update(JSON.stringify({ options, markdownImageLimit: MARKDOWN_IMAGE_INLINE_LIMIT }));
  for (const file of readdirSync(here).filter((name) => name.endsWith('.cjs')).sort()) {
    hash.update(file).update(readFileSync(join(here, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

export default function perfPlugin(context?: LoadContext, options?: unknown): Plugin {
  const resolved = perfOptions(options);
  const { preact, buildCache, routeParts, parseDirs } = resolved;
  markdownImagesAsFiles();
  return {
    name: 'monq-perf',
    async loadContent() {
      if (context) startContentParsing(context, parseDirs);
    },
    async postBuild() {
      const stats = await stopParsePool();
      if (stats) {
        console.log(
          `[perf] MDX: ${stats.fromWorkers} of ${stats.files} pages parsed in worker threads (${stats.waited} waited for), ${stats.onMain} on the main thread, ${stats.discarded} discarded`,
        );
      }
      const raw = RAW_HTML_STATS;
      if (raw.ran + raw.skipped > 0) {
        console.log(`[perf] rehype-raw: ${raw.skipped} Markdown pages left as they were, ${raw.ran} rebuilt by it`);
      }
    },
    configurePostCss: withoutPostCssWork,
    configureWebpack(config, isServer) {
      const alias = { resolve: { alias: { 'prism-react-renderer$': join(here, 'highlight.tsx') } } };
      if (config.mode === 'production' && !buildCache) withoutPersistentCache(config);
      if (isServer) keyCache(config, loadersDigest(resolved));
      else {
        keyCache(config, `${preact ? 'preact' : 'react'}-${loadersDigest(resolved)}`);
        // In place: what configureWebpack returns is merged after Docusaurus's aliases, too late.
        if (preact) config.resolve = { ...config.resolve, alias: withPreact(config.resolve?.alias) };
      }
      if (config.mode !== 'production') return alias;
      const bothBundles = [
        { test: HELMET_MODULE, use: [{ loader: join(here, 'helmet-loader.cjs') }] },
        { test: THEME_UTILS_MODULES, use: [{ loader: join(here, 'theme-utils-loader.cjs') }] },
      ];
      // The server bundle: one merge of the <Head> tags per page (helmet-loader.cjs), the theme helpers.
      if (isServer) return { ...alias, module: { rules: bothBundles } };
      withUtf8Minifier(config);
      // Without the manifest plugin (a Docusaurus change) pages list their entry scripts only, as stock
      // Docusaurus does; tests/budget/budget.test.ts notices.
      const manifestPath = manifestPathOf(config.plugins);
      return {
        plugins: manifestPath ? [new RouteChunkOriginsPlugin(manifestPath)] : [],
        resolve: { alias: { ...alias.resolve.alias, tslib$: TSLIB_ES } },
        output: { chunkFilename: CLIENT_CHUNK_FILENAME },
        module: {
          rules: [
            {
              test: REGISTRY_MODULE,
              use: [{ loader: join(here, 'registry-loader.cjs'), options: { prefixes: routeParts, routeData: ROUTE_DATA } }],
            },
            { test: COMPONENT_CREATOR_MODULE, use: [{ loader: join(here, 'component-creator-loader.cjs') }] },
            { test: SITE_CONFIG_MODULE, use: [{ loader: join(here, 'site-config-loader.cjs') }] },
            { test: PLAIN_COMPARE_MODULES, use: [{ loader: join(here, 'plain-compare-loader.cjs') }] },
            { test: PREFETCH_MODULES, use: [{ loader: join(here, 'prefetch-loader.cjs') }] },
            { test: TSLIB_MODULES, use: [{ loader: join(here, 'tslib-loader.cjs') }] },
            { test: CODE_TRANSLATIONS_MODULE, use: [{ loader: join(here, 'translations-loader.cjs') }] },
            ...bothBundles,
          ],
        },
      };
    },
  };
}
