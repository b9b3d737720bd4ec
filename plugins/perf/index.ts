/**
 * `perf`: the bundler settings that keep the JavaScript a page runs small (plugins/perf/README.md).
 * Public APIs only: `configureWebpack`, `configurePostCss`; loaders apply to files Docusaurus
 * generates for the site (`.docusaurus/`), never to a dependency's source.
 *
 * - Both bundles: `prism-react-renderer` → src/lib/code/highlight.tsx (tokens computed at build time
 *   by rehype-code-tokens.ts; no Prism in the browser).
 * - Client bundle: React → preact/compat; `@docusaurus/ComponentCreator` → src/lib/routes/ComponentCreator.tsx
 *   and the route registry in parts (registry-loader.cjs; the prefetch side is patches/@docusaurus+core+3.10.2.patch);
 *   production: chunk files named by id, the route chunks of each page in its HTML
 *   (route-chunk-origins.ts).
 * - Production builds: no persistent bundler cache (unless `DOCS_BUILD_CACHE`).
 * - A private path turned off (`DOCS_PRIVATE_OFF`) whose files are theme components: `@theme/<name>`
 *   resolves to the theme's own component again (`STOCK_THEME`).
 */
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { Configuration, RuleSetRule } from 'webpack';
import { MANIFEST_PLUGIN, RouteChunkOriginsPlugin, manifestPathOf } from './route-chunk-origins';
import { CHECKED_PAGE, PerfChecksPlugin, imageLimitProblem, problemsError, templateProblems } from './checks';
import { ROUTE_CHUNK_TABLE_FILE, ROUTE_REGISTRY_FILE } from './generated-files.cjs';
import { injectCodeTheme } from './code-theme';
import type { SwitchablePath } from '../../config/private-paths';

const here = dirname(fileURLToPath(import.meta.url));
const requireHere = createRequire(import.meta.url);
const lib = resolve(here, '../../src/lib');

/**
 * `__MONQ_SERVER__`: `true` in the server bundle, `false` in the browser's. Markup only the server
 * renders (text the browser never reads again, such as an inline script's) is written
 * `__MONQ_SERVER__ ? text : ''`: the minifier drops the branch and the modules it alone uses from the
 * browser's bundle (declared in src/types/server-constant.d.ts).
 */
export const SERVER_CONSTANT = '__MONQ_SERVER__';
/** `__MONQ_CODE_TOKENS__`: `false` with `DOCS_PRIVATE_OFF=code-tokens` (src/theme/prism-include-languages.ts then loads the grammars). */
export const CODE_TOKENS_CONSTANT = '__MONQ_CODE_TOKENS__';
/**
 * `__MONQ_KEPT_ARTICLE__`: whether the opened doc page keeps the server's article (src/lib/article,
 * `DOCS_PRIVATE_OFF=kept-article`), in both bundles. When `false`, the code of the kept article is dropped by the
 * minifier and `@theme/DocItem/Content` is the theme's own (`STOCK_THEME`).
 */
export const KEPT_ARTICLE_CONSTANT = '__MONQ_KEPT_ARTICLE__';

/** Client chunk files: `assets/js/<chunk id>.<content hash>.js` (Docusaurus: `<chunk name>.<hash>`). */
export const CLIENT_CHUNK_FILENAME = 'assets/js/[id].[contenthash:8].js';
export { ROUTE_REGISTRY_FILE, ROUTE_CHUNK_TABLE_FILE };
/** The client's route data (imported by the registry module that registry-loader.cjs writes). */
export const ROUTE_DATA = join(lib, 'routes', 'routeData.ts');

/** Client bundle on Preact: React's entry points, exact requests only. The server bundle keeps React. */
export const PREACT_ALIASES: Readonly<Record<string, string>> = {
  react$: 'preact/compat',
  'react-dom$': 'preact/compat',
  'react-dom/client$': join(lib, 'hydration', 'preactClient.ts'),
  'react/jsx-runtime$': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime$': 'preact/compat/jsx-dev-runtime',
};

export interface PerfOptions {
  /** Run the client bundle on preact/compat instead of react-dom (default true; `DOCS_PREACT`). */
  preact: boolean;
  /** Keep the bundler's persistent cache in production builds (default false; `DOCS_BUILD_CACHE`). */
  buildCache: boolean;
  /** Route-path prefixes whose routes' data come in a part of their own (routeData.ts). Default: none. */
  routeParts: readonly string[];
  /** The page template's hydration (`DOCS_HYDRATION`, default `intent`): what postBuild checks in the built pages. */
  hydration: 'intent' | 'load';
  /**
   * Private paths turned off (`DOCS_PRIVATE_OFF`, config/private-paths.ts): this plugin's are
   * `code-tokens`, `chunk-origins`, `shared-route-code`, `kept-article` and the theme components of
   * `STOCK_THEME`.
   */
  off: readonly string[];
}

/** The plugin's options as Docusaurus hands them over (`unknown`); anything missing takes its default. */
export function perfOptions(raw: unknown): PerfOptions {
  const options = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const { preact, buildCache, routeParts, hydration, off } = options;
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
    hydration: hydration === 'load' ? 'load' : 'intent',
    off: Array.isArray(off) ? off.filter((name): name is string => typeof name === 'string') : [],
  };
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

/** Docusaurus's alias of `@docusaurus/ComponentCreator`, pointed at src/lib/routes/ComponentCreator.tsx in place. */
export function withComponentCreator(alias: Aliases): Aliases {
  const name = '@docusaurus/ComponentCreator';
  const to = join(lib, 'routes', 'ComponentCreator.tsx');
  if (Array.isArray(alias)) {
    return alias.some((entry) => entry.name === name)
      ? alias.map((entry) => (entry.name === name ? { ...entry, alias: to } : entry))
      : [...alias, { name, alias: to }];
  }
  return name in alias ? Object.fromEntries(Object.entries(alias).map(([key, value]) => [key, key === name ? to : value])) : { ...alias, [name]: to };
}

/**
 * The theme components of each private path, by `@theme/` name, that come back when it is off: the
 * theme's own (`null`: the file `@theme-original/<name>` resolves to) or a wrapper of it.
 * - kept-article: the theme's `DocItem/Content` renders `MDXContent` statically; its `ContentVisibility`
 *   imports both banners.
 * - theme-fallbacks: the core's English loading and crash screens.
 * - search-theme: the theme's search bar with the local client handed in, and its search page.
 */
export const STOCK_THEME: Partial<Record<SwitchablePath, Record<string, string | null>>> = {
  'kept-article': { 'DocItem/Content': null, ContentVisibility: null },
  'theme-fallbacks': { Loading: null, Error: null },
  'search-theme': { SearchBar: resolve(lib, '../search/StockSearchBar.tsx'), SearchPage: null },
};

/** Points `@theme/<name>` at the theme's component (or the given wrapper) for each name, in place. */
export function withStockTheme(alias: Aliases, components: Record<string, string | null>): Aliases {
  const entries = Array.isArray(alias) ? alias.map(({ name: key, alias: to }) => [key, to] as const) : Object.entries(alias);
  const targets = new Map<string, string>();
  for (const [name, wrapper] of Object.entries(components)) {
    const original = entries.find(([key]) => key === `@theme-original/${name}`)?.[1];
    if (typeof original !== 'string' || !entries.some(([key]) => key === `@theme/${name}`)) {
      throw new Error(`[perf] DOCS_PRIVATE_OFF: no theme aliases of ${name} to swap (is src/theme/${name} still there?)`);
    }
    targets.set(`@theme/${name}`, wrapper ?? original);
  }
  if (Array.isArray(alias)) return alias.map((entry) => ({ ...entry, alias: targets.get(entry.name) ?? entry.alias }));
  return Object.fromEntries(entries.map(([key, to]) => [key, targets.get(key) ?? to])) as Aliases;
}

/**
 * Marks the bundler's persistent cache with a key (the runtime and `loadersDigest`): neither Rspack's
 * cache nor webpack's is evicted when an alias or a loader changes.
 */
export function keyCache(config: Configuration, key: string): void {
  const { cache } = config;
  if (typeof cache === 'object' && cache.type === 'filesystem') cache.version = `${cache.version ?? ''}-${key}`;
  const rspack: unknown = (config.experiments as { cache?: unknown } | undefined)?.cache;
  if (typeof rspack === 'object' && rspack !== null && 'version' in rspack && typeof rspack.version === 'string') {
    rspack.version = `${rspack.version}-${key}`;
  }
}

/** Turns the persistent cache off (Docusaurus Faster turns it on): a clean build only pays for writing it. */
export function withoutPersistentCache(config: Configuration): void {
  config.cache = false;
  const experiments = config.experiments as { cache?: unknown } | undefined;
  if (experiments && 'cache' in experiments) delete experiments.cache;
}

/**
 * The kept article's modules (src/lib/article, the ejected `DocItem/Content`): shared by the doc page
 * component of every route part.
 */
export const KEPT_ARTICLE_CODE = /[\\/]src[\\/](?:lib[\\/]article|theme[\\/]DocItem[\\/]Content)[\\/]/;

/**
 * One chunk for the kept article's modules. Each route part imports the theme's page components
 * itself (registry-loader.cjs), so `@theme/DocItem` has three import sites and three chunk groups;
 * Docusaurus keeps only its `common` group (modules of half the pages), and webpack's own groups take
 * only `node_modules` code over 20 KB. These modules were then copied into each group, and every doc
 * page prefetched all three copies (7 KB gzip it never ran). The rule is narrow on purpose: a module
 * moved away from the modules it imports is no longer concatenated with them, and the minifier can
 * then no longer drop what only the server uses (`__MONQ_SERVER__`).
 */
export function withSharedRouteCode(config: Configuration): void {
  const split = config.optimization?.splitChunks;
  if (!split) return;
  config.optimization = {
    ...config.optimization,
    splitChunks: {
      ...split,
      cacheGroups: {
        ...split.cacheGroups,
        keptArticle: { test: KEPT_ARTICLE_CODE, chunks: 'async', minChunks: 2, minSize: 0, reuseExistingChunk: true, priority: -20 },
      },
    },
  };
}

/** A digest of this plugin's loaders and options, for the persistent cache's key. */
export function loadersDigest(options: PerfOptions): string {
  const hash = createHash('sha256').update(JSON.stringify(options));
  for (const file of readdirSync(here).filter((name) => name.endsWith('.cjs')).sort()) {
    hash.update(file).update(readFileSync(join(here, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

/** The client's rules: the loader of the route registry. */
export function clientRules(routeParts: readonly string[]): RuleSetRule[] {
  return [
    { test: ROUTE_REGISTRY_FILE, use: [{ loader: join(here, 'registry-loader.cjs'), options: { prefixes: routeParts, routeData: ROUTE_DATA } }] },
  ];
}

export default function perfPlugin(context?: LoadContext, options?: unknown): Plugin {
  const resolved = perfOptions(options);
  const { preact, buildCache, routeParts, hydration } = resolved;
  const on = (path: SwitchablePath) => !resolved.off.includes(path);
  const keptArticle = on('kept-article');
  const stock = Object.assign({}, ...resolved.off.map((path) => STOCK_THEME[path as SwitchablePath] ?? {})) as Record<string, string | null>;
  return {
    name: 'monq-perf',
    /** A production build stops at once when Docusaurus would inline Markdown images (checks.ts). */
    async loadContent() {
      if (process.env.NODE_ENV !== 'production') return;
      const error = imageLimitProblem(requireHere('@docusaurus/utils').WEBPACK_URL_LOADER_LIMIT);
      if (error) throw error;
    },
    /** The page template took effect: checked in the built home page (checks.ts). */
    async postBuild({ outDir }) {
      const html = await readFile(join(outDir, CHECKED_PAGE), 'utf8');
      const error = problemsError(`The page template (${CHECKED_PAGE})`, templateProblems(html, hydration));
      if (error) throw error;
    },
    /** The code colours of both colour modes, inline in every page's head (code-theme.ts). */
    injectHtmlTags: injectCodeTheme,
    configureWebpack(config, isServer, { currentBundler }) {
      const production = config.mode === 'production';
      const highlight: Record<string, string> = on('code-tokens') ? { 'prism-react-renderer$': join(lib, 'code', 'highlight.tsx') } : {};
      const serverOnly = new currentBundler.instance.DefinePlugin({
        [SERVER_CONSTANT]: JSON.stringify(isServer),
        [CODE_TOKENS_CONSTANT]: JSON.stringify(on('code-tokens')),
        [KEPT_ARTICLE_CONSTANT]: JSON.stringify(keptArticle),
      });
      if (production && !buildCache) withoutPersistentCache(config);
      if (Object.keys(stock).length > 0) config.resolve = { ...config.resolve, alias: withStockTheme(config.resolve?.alias ?? {}, stock) };
      keyCache(config, `${isServer ? 'server' : preact ? 'preact' : 'react'}-${loadersDigest(resolved)}`);
      if (isServer) return { resolve: { alias: highlight }, plugins: [serverOnly] };
      // In place: what configureWebpack returns is merged after Docusaurus's aliases, and the first
      // matching alias wins. ComponentCreator takes the place of Docusaurus's own alias.
      const aliases = preact ? withPreact(config.resolve?.alias) : (config.resolve?.alias ?? {});
      config.resolve = { ...config.resolve, alias: withComponentCreator(aliases) };
      const alias = highlight;
      const module = { rules: clientRules(routeParts) };
      if (!production) return { resolve: { alias }, module, plugins: [serverOnly] };
      // Without the manifest plugin pages would list their entry scripts only, and no route chunk.
      const manifestPath = manifestPathOf(config.plugins);
      if (!manifestPath && on('chunk-origins')) {
        throw new Error(`[perf] the client config has no ${MANIFEST_PLUGIN} plugin: route-chunk-origins.ts cannot add the route chunks to the pages (did Docusaurus replace react-loadable-ssr-addon?)`);
      }
      if (keptArticle && on('shared-route-code')) withSharedRouteCode(config);
      const origins = manifestPath && on('chunk-origins') ? [new RouteChunkOriginsPlugin(manifestPath, { markdown: !keptArticle })] : [];
      return {
        plugins: [...origins, new PerfChecksPlugin({ keptArticle, siteDir: context?.siteDir }), serverOnly],
        resolve: { alias },
        output: { chunkFilename: CLIENT_CHUNK_FILENAME },
        module,
      };
    },
  };
}
