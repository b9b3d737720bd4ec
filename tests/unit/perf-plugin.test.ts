/** plugins/perf: what the client bundle gets and what the server bundle keeps. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import type { Configuration } from 'webpack';
import { existsSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import perfPlugin, {
  CLIENT_CHUNK_FILENAME,
  PREACT_ALIASES,
  ROUTE_REGISTRY_FILE,
  loadersDigest,
  keyCache,
  perfOptions,
  withPreact,
  SERVER_CONSTANT,
  CODE_TOKENS_CONSTANT,
  KEPT_ARTICLE_CONSTANT,
  STOCK_THEME,
  withStockTheme,
} from '../../plugins/perf/index';
import { DOCS_PLUGIN, contentRehypePlugins, docsPlugin, perfPlugins, routeParts } from '../../config/perf';
import rehypeCodeTokens from '../../plugins/perf/rehype-code-tokens';
import { SWITCHABLE_PATHS, readPrivateOff } from '../../config/private-paths';
import {
  MANIFEST_PLUGIN,
  RouteChunkOriginsPlugin,
  manifestPathOf,
  withRequestOrigins,
  type ClientManifest,
  type StatsChunk,
} from '../../plugins/perf/route-chunk-origins';
import { docsOptions, upgradeDocsOptions } from '../../config/docs';
import { partOf } from '../../src/lib/routes/routeData';
import { readEnv } from '../../config/env';

/** The defines the plugin adds, as a stand-in bundler records them. */
class RecordedDefine {
  constructor(readonly definitions: Record<string, string>) {}
  apply(): void {}
}
/** What Docusaurus passes as `configureWebpack`'s third argument, as far as the plugin reads it. */
const BUNDLER_UTILS = { currentBundler: { name: 'rspack', instance: { DefinePlugin: RecordedDefine } } };

/** The plugin's `configureWebpack` with the bundler utilities Docusaurus would pass. */
function configureOf(plugin: { configureWebpack?: unknown }): (config: Configuration, isServer: boolean) => Configuration {
  const configure = plugin.configureWebpack as (config: Configuration, isServer: boolean, utils: unknown) => Configuration;
  return (config, isServer) => configure(config, isServer, BUNDLER_UTILS);
}

const require = createRequire(import.meta.url);
/**
 * The plugin that writes Docusaurus's client manifest, the very class @docusaurus/core adds to the
 * client config (resolved from core, as core resolves it): a rename upstream fails the tests here.
 */
const ReactLoadableSSRAddon = createRequire(require.resolve('@docusaurus/core/package.json'))(
  'react-loadable-ssr-addon-v5-slorber',
) as new (options: { filename: string }) => object;
const MANIFEST = '/site/.docusaurus/client-manifest.json';
/** The plugins of Docusaurus's production client config that plugins/perf reads. */
const clientPlugins = () => [new ReactLoadableSSRAddon({ filename: MANIFEST })] as Configuration['plugins'];
const registryLoader = require('../../plugins/perf/registry-loader.cjs') as {
  (this: LoaderContext, source: string): string;
};
const { chunkNameMap } = require('../../plugins/perf/chunk-names.cjs') as {
  chunkNameMap(source: string): Map<string, string>;
};

interface LoaderContext {
  resourcePath: string;
  resourceQuery: string;
  getOptions(): { prefixes: string[]; routeData: string };
  addDependency(path: string): void;
}

const entry = (name: string, request: string) =>
  `  "${name}": [() => import(/* webpackChunkName: "${name}" */ "${request}"), "${request}", require.resolveWeak("${request}")],`;
/** A registry as Docusaurus writes it: doc components, version data, two pages of each part, a page under no prefix. */
const REGISTRY = `export default {
${[
  entry('00706df2', '@site/upgrade/v8/v8-2-0.md'),
  entry('17896441', '@theme/DocItem'),
  entry('1a4e3797', '@theme/DocsRoot'),
  entry('2b7e1f00', '@site/versioned_docs/version-8.9/guide/signals.md'),
  entry('3c0f9a11', '@site/versioned_docs/version-9.0/guide/signals.md'),
  entry('4d1e2b22', '@generated/docusaurus-plugin-content-docs/default/p/docs-8-9-175.json'),
  entry('5e2f3c33', '@site/src/pages/glossary.mdx'),
].join('\n')}
};
`;
const TABLE = {
  '/docs/-862': { __comp: '1a4e3797' },
  '/docs/8.9/-3cb': { __comp: '17896441', __props: '4d1e2b22' },
  '/docs/8.9/guide/signals/-a00': { __comp: '17896441', content: '2b7e1f00' },
  '/docs/guide/signals/-b11': { __comp: '17896441', content: '3c0f9a11' },
  '/upgrade/v8/v8-2-0/-c22': { __comp: '17896441', content: '00706df2' },
  '/glossary/-ec4': { __comp: '5e2f3c33', items: ['17896441'] },
};
const PREFIXES = ['/docs/8.9/', '/docs/', '/upgrade/'];

/** Runs the registry loader with `table` written next to the registry, as in `.docusaurus/`. */
function loadRegistry(query: string, table: unknown = TABLE, prefixes = PREFIXES): { out: string; dependencies: string[] } {
  const dir = join(mkdtempSync(join(tmpdir(), 'monq-perf-')), '.docusaurus');
  mkdirSync(dir);
  writeFileSync(join(dir, 'routesChunkNames.json'), JSON.stringify(table));
  const dependencies: string[] = [];
  const context: LoaderContext = {
    resourcePath: join(dir, 'registry.js'),
    resourceQuery: query,
    getOptions: () => ({ prefixes, routeData: '/site/src/lib/routes/routeData.ts' }),
    addDependency: (path) => dependencies.push(path),
  };
  return { out: registryLoader.call(context, REGISTRY), dependencies };
}

/** The route keys and the module requests of a generated table. */
function summary(source: string): { routes: string[]; modules: string[] } {
  return {
    routes: [...source.matchAll(/"(\/[^"]*-[0-9a-f]{3})":/g)].map((match) => match[1]!),
    modules: [...source.matchAll(/: \(\) => import\("([^"]+)"\)/g)].map((match) => match[1]!),
  };
}

test('main.js keeps the routes under no prefix and the layout routes; each prefix gets a part', () => {
  const { out, dependencies } = loadRegistry('');
  assert.deepEqual(summary(out), {
    routes: ['/docs/-862', '/docs/8.9/-3cb', '/glossary/-ec4'],
    modules: ['@theme/DocItem', '@theme/DocsRoot', '@generated/docusaurus-plugin-content-docs/default/p/docs-8-9-175.json', '@site/src/pages/glossary.mdx'],
  });
  assert.match(out, /^import \{ createRouteData \} from "\/site\/src\/lib\/routes\/routeData\.ts";$/m);
  assert.match(out, /\["\/docs\/8\.9\/", \(\) => import\("\.\/registry\.js\?part=0"\)\],\n {2}\["\/docs\/", \(\) => import\("\.\/registry\.js\?part=1"\)\]/);
  assert.match(out, /export default createRouteData\(eager, parts, __webpack_require__, opened\);/);
  assert.match(out, /const opened = typeof location === "undefined" \? undefined : location\.pathname;/);
  // no chunk names (the runtime carries no name map), no module paths, no module ids
  assert.doesNotMatch(out, /webpackChunkName|resolveWeak|"@theme\/DocItem"\]/);
  assert.equal(dependencies.length, 1, 'rebuilt when the route table changes');
  assert.match(dependencies[0]!, /routesChunkNames\.json$/);
});

test('a part holds its routes and only the chunks they use, with the short names of main.js', () => {
  const map = chunkNameMap(REGISTRY);
  const part = (index: number) => summary(loadRegistry(`?part=${index}`).out);
  assert.deepEqual(part(0), {
    routes: ['/docs/8.9/guide/signals/-a00'],
    modules: ['@theme/DocItem', '@site/versioned_docs/version-8.9/guide/signals.md'],
  });
  assert.deepEqual(part(1).routes, ['/docs/guide/signals/-b11']);
  assert.deepEqual(part(2).modules, ['@site/upgrade/v8/v8-2-0.md', '@theme/DocItem']);
  const out = loadRegistry('?part=1').out;
  assert.match(out, /^export default \{/);
  assert.ok(out.includes(`"content":"${map.get('3c0f9a11')!}"`), 'the table uses the short names');
  assert.ok(out.includes(`"${map.get('3c0f9a11')!}": () => import("@site/versioned_docs/version-9.0/guide/signals.md")`));
  assert.throws(() => loadRegistry('?part=3'), /no route part 3/);
  assert.throws(() => loadRegistry('', { '/y/-e3f': { __comp: 'deadbeef' } }), /chunk "deadbeef" of \/y\/-e3f\.__comp is not in the registry/);
  // without prefixes, everything stays in main.js
  assert.equal(summary(loadRegistry('', TABLE, []).out).routes.length, Object.keys(TABLE).length);
});

test('short chunk names follow the sorted registry keys in base 36, one per chunk', () => {
  const keys = Array.from({ length: 40 }, (_, index) => (0xfff0000 + index * 7919).toString(16).padStart(8, '0')).reverse();
  const source = `export default {\n${keys.map((key) => entry(key, `@site/x${key}.md`)).join('\n')}\n};\n`;
  const map = chunkNameMap(source);
  assert.equal(map.size, 40);
  assert.equal(map.get([...keys].sort()[0]!), 'r0');
  assert.equal(map.get([...keys].sort()[39]!), 'r13');
  assert.equal(new Set(map.values()).size, 40);
});

test('the part of a route: the longest prefix it starts with; a prefix itself and other paths stay in main.js', () => {
  const paths = ['/', '/glossary/', '/docs/', '/docs/8.9/', '/docs/8.9/guide/', '/docs/guide/', '/docs/8.9x/', '/upgrade/', '/upgrade/v9/', '/upgradex/'];
  assert.deepEqual(paths.map((path) => partOf(path, PREFIXES)), [-1, -1, -1, -1, 0, 1, 1, -1, 2, -1]);
  assert.equal(partOf('/docs/8.9/guide/', ['/docs/', '/docs/8.9/']), 1);
});

test('route parts: one per docs version with a path, then one per docs instance', () => {
  assert.deepEqual(routeParts([docsOptions(readEnv({})), upgradeDocsOptions(readEnv({}))]), ['/docs/8.9/', '/docs/', '/upgrade/']);
  assert.deepEqual(routeParts([docsOptions(readEnv({ DOCS_PREVIEW_NEXT: 'true' })), upgradeDocsOptions(readEnv({}))]), [
    '/docs/next/',
    '/docs/8.9/',
    '/docs/',
    '/upgrade/',
  ]);
  assert.deepEqual(perfOptions({ routeParts: ['/docs/8.9/'] }).routeParts, ['/docs/8.9/']);
  assert.throws(() => perfOptions({ routeParts: ['docs'] }), /a route part is a path prefix/);
});

test("the installed ComponentCreator is the one src/lib/routes/ComponentCreator.tsx follows", () => {
  const installed = readFileSync(require.resolve('@docusaurus/core/lib/client/exports/ComponentCreator.js'), 'utf8');
  for (const snippet of [
    "import routesChunkNames from '@generated/routesChunkNames';",
    "import { RouteContextProvider } from '../routeContext';",
    'export default function ComponentCreator(path, hash) {',
    'return Loadable.Map({',
    'const routeProps = loadedModules.__props;',
  ]) {
    assert.ok(installed.includes(snippet), `after a Docusaurus upgrade, compare ComponentCreator.tsx with the installed module: ${snippet}`);
  }
  const preload = readFileSync(require.resolve('@docusaurus/core/lib/client/preload.js'), 'utf8');
  assert.match(preload, /match\.route\.component\.preload\?\.\(\)/, 'Docusaurus preloads a route through its component');
});

test('only the two modules this plugin replaces read the route tables in the browser', () => {
  const scope = join(dirname(require.resolve('@docusaurus/core/package.json')), '..');
  const readers: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, name.name);
      if (name.isDirectory()) {
        if (name.name !== 'node_modules') walk(path);
      } else if (/\.jsx?$/.test(name.name) && /from '@generated\/(registry|routesChunkNames)'/.test(readFileSync(path, 'utf8'))) {
        readers.push(path.slice(scope.length + 1));
      }
    }
  };
  for (const pkg of readdirSync(scope)) if (existsSync(join(scope, pkg, 'lib'))) walk(join(scope, pkg, 'lib'));
  // the debug plugin's page is not part of a production build (preset-classic enables it in development)
  assert.deepEqual(readers.sort(), [
    'core/lib/client/docusaurus.js',
    'core/lib/client/exports/ComponentCreator.js',
    'plugin-debug/lib/theme/DebugRegistry/index.js',
  ]);
});

test('the client bundle: the route registry through its loader, ComponentCreator replaced; chunks by id in production; the server bundle gets the Prism alias only', () => {
  const plugin = perfPlugin();
  const configure = configureOf(plugin);
  for (const mode of ['production', 'development'] as const) {
    const client = configure({ mode, plugins: clientPlugins() }, false);
    const rules = (client.module?.rules ?? []) as { test: RegExp; use?: { loader: string }[]; resolve?: { alias: Record<string, string> } }[];
    assert.deepEqual(
      rules.map((rule) => [rule.test, rule.use?.[0]!.loader.replace(/^.*[\\/]/, '')]),
      [
        [ROUTE_REGISTRY_FILE, 'registry-loader.cjs'],
      ],
      `${mode}: npm start and npm run build bundle the same modules`,
    );
    const alias = client.resolve?.alias as Record<string, string>;
    assert.match(alias['prism-react-renderer$'] ?? '', /src[\\/]lib[\\/]code[\\/]highlight\.tsx$/);
    assert.equal(client.output?.chunkFilename, mode === 'production' ? CLIENT_CHUNK_FILENAME : undefined);
  }
  // Docusaurus's own alias of ComponentCreator (first match wins) is pointed at the replacement, in place
  const config = { mode: 'production', plugins: clientPlugins(), resolve: { alias: { '@site': '/site', '@docusaurus/ComponentCreator': '/core/ComponentCreator.js', '@docusaurus/Link': '/core/Link.js' } } } as Configuration;
  configure(config, false);
  const aliases = Object.entries(config.resolve?.alias ?? {});
  const creator = aliases.findIndex(([key]) => key === '@docusaurus/ComponentCreator');
  assert.match(String(aliases[creator]?.[1]), /src[\\/]lib[\\/]routes[\\/]ComponentCreator\.tsx$/);
  assert.ok(creator < aliases.findIndex(([key]) => key === '@docusaurus/Link'));
  assert.ok(ROUTE_REGISTRY_FILE.test('/site/.docusaurus/registry.js'));
  assert.ok(!ROUTE_REGISTRY_FILE.test('/site/.docusaurus/routes.js'));
  const server = configure({ mode: 'production' }, true);
  assert.equal(server.output, undefined);
  assert.equal(server.module, undefined);
  assert.deepEqual(Object.keys(server.resolve?.alias ?? {}), ['prism-react-renderer$']);
});

test('route chunk origins: one manifest key per import request, with exactly the chunks of that import', () => {
  const manifest: ClientManifest = {
    entrypoints: ['main'],
    origins: { main: ['runtime~main', 'main'], '3203': ['4014', '3203', '9425'], '7509': ['7509'] },
    assets: {},
  };
  const chunks: StatsChunk[] = [
    { id: '3203', origins: [{ request: '@theme/DocItem' }, { request: '@theme/MDXPage' }] },
    { id: '7509', origins: [{ request: '@theme/DocItem' }] },
    { id: '9425', origins: [{ request: '@theme/MDXPage' }] },
    { id: 'main', origins: [{ request: 'main' }, { request: '' }] },
    { id: null, origins: [{ request: '@site/x.md' }] },
  ];
  const result = withRequestOrigins(manifest, chunks);
  assert.deepEqual(result.origins['@theme/DocItem'], ['3203', '7509'], 'not the siblings of 3203 in other chunk groups');
  assert.deepEqual(result.origins['@theme/MDXPage'], ['3203', '9425']);
  assert.deepEqual(result.origins.main, ['runtime~main', 'main'], 'existing keys stay');
  assert.equal(result.origins['@site/x.md'], undefined);
  assert.equal(manifest.origins['@theme/DocItem'], undefined, 'the input is not changed');

  // Docusaurus's own manifest plugin is found by its class name, with the manifest's path.
  assert.equal(manifestPathOf([{}, ...(clientPlugins() ?? [])]), MANIFEST);
  assert.equal(manifestPathOf([{}]), null);
  assert.equal(manifestPathOf(undefined), null);
  const configure = configureOf(perfPlugin());
  const client = configure({ mode: 'production', plugins: clientPlugins() }, false);
  assert.ok(client.plugins?.some((plugin) => plugin instanceof RouteChunkOriginsPlugin));
  // A production client config without it stops the build: pages would list no route chunk.
  assert.throws(() => configure({ mode: 'production', plugins: [] }, false), new RegExp(`no ${MANIFEST_PLUGIN} plugin`));
});

/** The bundler cache as Docusaurus Faster configures it for every command. */
const fasterCache = (mode: 'production' | 'development'): Configuration =>
  ({ mode, plugins: clientPlugins(), cache: true, experiments: { cache: { type: 'persistent', version: 'client-production-ru' } } }) as Configuration;

test('production builds write no persistent bundler cache unless DOCS_BUILD_CACHE asks for it; the dev server keeps it', () => {
  const configure = (options: unknown) =>
    configureOf(perfPlugin(undefined, options));
  for (const isServer of [false, true]) {
    const clean = fasterCache('production');
    configure({})(clean, isServer);
    assert.equal(clean.cache, false);
    assert.equal('cache' in (clean.experiments ?? {}), false, 'no experiments.cache left to switch it back on');

    const kept = fasterCache('production');
    configure({ buildCache: true })(kept, isServer);
    assert.equal(kept.cache, true);
    assert.match(String((kept.experiments as { cache: { version: string } }).cache.version), /^client-production-ru-/);

    const dev = fasterCache('development');
    configure({})(dev, isServer);
    assert.equal(dev.cache, true);
    assert.equal((dev.experiments as { cache: { type: string } }).cache.type, 'persistent');
  }
  assert.deepEqual(perfPlugins(readEnv({ DOCS_BUILD_CACHE: 'true' }), []), [[perfPlugin, { preact: true, buildCache: true, routeParts: [], hydration: 'intent', off: [] }]]);
  assert.equal((perfPlugins(readEnv({ DOCS_HYDRATION: 'load' }), [])[0] as [unknown, { hydration: string }])[1].hydration, 'load');
});

/** Docusaurus's own React aliases (prefix match, package folders), as its base config sets them. */
const docusaurusAliases = () => ({
  react: '/site/node_modules/react',
  'react-dom': '/site/node_modules/react-dom',
  '@mdx-js/react': '/site/node_modules/@mdx-js/react',
  '@theme/DocItem': '/site/src/theme/DocItem',
});

test('Preact: the client bundle resolves React through preact/compat, ahead of any other alias', () => {
  const configure = configureOf(perfPlugin(undefined, { preact: true }));
  const client: Configuration = { mode: 'production', plugins: clientPlugins(), resolve: { alias: docusaurusAliases() } };
  configure(client, false);
  const alias = client.resolve?.alias as Record<string, string>;
  assert.deepEqual(Object.keys(alias).slice(0, Object.keys(PREACT_ALIASES).length), Object.keys(PREACT_ALIASES));
  assert.equal(alias.react$, 'preact/compat');
  assert.equal(alias['react-dom$'], 'preact/compat');
  assert.match(alias['react-dom/client$'] ?? '', /preactClient\.ts$/);
  assert.equal(alias['react/jsx-runtime$'], 'preact/compat/jsx-runtime');
  assert.equal(alias.react, undefined, 'the prefix alias to the react folder would win over react$');
  assert.equal(alias['react-dom'], undefined);
  assert.equal(alias['@mdx-js/react'], '/site/node_modules/@mdx-js/react');
  assert.equal(alias['@theme/DocItem'], '/site/src/theme/DocItem');
  for (const target of new Set(Object.values(PREACT_ALIASES))) {
    assert.doesNotThrow(() => require.resolve(target), target);
  }
});

test('Preact: the server bundle and the escape hatch keep React', () => {
  const on = configureOf(perfPlugin(undefined, { preact: true }));
  const server: Configuration = { mode: 'production', resolve: { alias: docusaurusAliases() } };
  on(server, true);
  assert.deepEqual(server.resolve?.alias, docusaurusAliases());
  const off = configureOf(perfPlugin(undefined, { preact: false }));
  const client: Configuration = { mode: 'production', plugins: clientPlugins(), resolve: { alias: docusaurusAliases() } };
  off(client, false);
  const { '@docusaurus/ComponentCreator': creator, ...react } = client.resolve?.alias as Record<string, string>;
  assert.deepEqual(react, docusaurusAliases());
  assert.match(creator ?? '', /ComponentCreator\.tsx$/, 'the route data work on either runtime');
});

test('Preact: options default to on, the array form of aliases is handled, the config passes DOCS_PREACT', () => {
  assert.deepEqual(perfOptions(undefined), { preact: true, buildCache: false, routeParts: [], hydration: 'intent', off: [] });
  assert.deepEqual(perfOptions({ preact: false }), { preact: false, buildCache: false, routeParts: [], hydration: 'intent', off: [] });
  assert.deepEqual(perfOptions({ preact: 'no' }), { preact: true, buildCache: false, routeParts: [], hydration: 'intent', off: [] });
  const list = withPreact([{ name: 'react', alias: '/r' }, { name: 'x', alias: '/x' }]);
  assert.ok(Array.isArray(list));
  assert.deepEqual(list.map(({ name }) => name), [...Object.keys(PREACT_ALIASES), 'x']);
  const parts = ['/docs/8.9/', '/docs/', '/upgrade/'];
  const instances = [docsOptions(readEnv({})), upgradeDocsOptions(readEnv({}))];
  assert.deepEqual(perfPlugins(readEnv({}), instances), [[perfPlugin, { preact: true, buildCache: false, routeParts: parts, hydration: 'intent', off: [] }]]);
  assert.deepEqual(perfPlugins(readEnv({ DOCS_PREACT: 'false' }), instances), [[perfPlugin, { preact: false, buildCache: false, routeParts: parts, hydration: 'intent', off: [] }]]);
});

test('Preact: the client cache is keyed by the runtime, so flipping DOCS_PREACT never reuses the other one', () => {
  const rspack = { experiments: { cache: { type: 'persistent', version: 'client-production-ru-3.10.2-abc' } } } as unknown as Configuration;
  keyCache(rspack, 'react');
  assert.equal((rspack.experiments as unknown as { cache: { version: string } }).cache.version, 'client-production-ru-3.10.2-abc-react');
  const webpack: Configuration = { cache: { type: 'filesystem', version: '3.10.2-abc' } };
  keyCache(webpack, 'preact');
  assert.deepEqual(webpack.cache, { type: 'filesystem', version: '3.10.2-abc-preact' });
  const none: Configuration = {};
  keyCache(none, 'preact');
  assert.deepEqual(none, {});
  const versions = [true, false].map((preact) => {
    const configure = configureOf(perfPlugin(undefined, { preact, buildCache: true }));
    const client = { mode: 'production', plugins: clientPlugins(), experiments: { cache: { type: 'persistent', version: 'v' } } } as unknown as Configuration;
    configure(client, false);
    return (client.experiments as unknown as { cache: { version: string } }).cache.version;
  });
  assert.deepEqual(versions, [
    `v-preact-${loadersDigest({ preact: true, buildCache: true, routeParts: [], hydration: 'intent', off: [] })}`,
    `v-react-${loadersDigest({ preact: false, buildCache: true, routeParts: [], hydration: 'intent', off: [] })}`,
  ]);
  // the loaders and the options are part of the key: new route parts never reuse the old registry output
  assert.notEqual(loadersDigest({ preact: true, buildCache: false, routeParts: [], hydration: 'intent', off: [] }), loadersDigest({ preact: true, buildCache: false, routeParts: ['/docs/'], hydration: 'intent', off: [] }));
  assert.match(loadersDigest({ preact: true, buildCache: false, routeParts: [], hydration: 'intent', off: [] }), /^[0-9a-f]{12}$/);
});

test('__MONQ_SERVER__ is true in the server bundle and false in the browser\'s, in production and in the dev server', () => {
  const defined = (result: Configuration) =>
    (result.plugins ?? []).filter((plugin): plugin is RecordedDefine => plugin instanceof RecordedDefine).map((plugin) => plugin.definitions);
  const production = () => ({ mode: 'production', plugins: clientPlugins(), optimization: { minimizer: [] } }) as Configuration;
  const configure = configureOf(perfPlugin());
  assert.deepEqual(defined(configure(production(), true)), [{ [SERVER_CONSTANT]: 'true', [CODE_TOKENS_CONSTANT]: 'true', [KEPT_ARTICLE_CONSTANT]: 'true' }]);
  assert.deepEqual(defined(configure(production(), false)), [{ [SERVER_CONSTANT]: 'false', [CODE_TOKENS_CONSTANT]: 'true', [KEPT_ARTICLE_CONSTANT]: 'true' }]);
  assert.deepEqual(defined(configure({ mode: 'development' } as Configuration, false)), [{ [SERVER_CONSTANT]: 'false', [CODE_TOKENS_CONSTANT]: 'true', [KEPT_ARTICLE_CONSTANT]: 'true' }]);
  const untokened = configureOf(perfPlugin(undefined, { off: ['code-tokens'] }));
  assert.deepEqual(defined(untokened(production(), false)), [{ [SERVER_CONSTANT]: 'false', [CODE_TOKENS_CONSTANT]: 'false', [KEPT_ARTICLE_CONSTANT]: 'true' }]);
});

test('DOCS_PRIVATE_OFF: each switchable private path is left out of the bundler settings, and only it', () => {
  assert.deepEqual(readPrivateOff(undefined), []);
  assert.deepEqual(readPrivateOff('all'), [...SWITCHABLE_PATHS]);
  assert.deepEqual(readPrivateOff(' docs-slim , route-parts'), ['route-parts', 'docs-slim']);
  assert.throws(() => readPrivateOff('tslib'), /not a private path with a switch/);
  // Each theme component a path brings back: the site's file and the theme's, as Docusaurus aliases them.
  const swapped = Object.values(STOCK_THEME).flatMap((components) => Object.keys(components ?? {}));
  const themeAliases = () => Object.fromEntries(swapped.flatMap((name) => [[`@theme/${name}`, `/site/src/theme/${name}`], [`@theme-original/${name}`, `/theme/${name}`]]));
  const clientOf = (off: string[]) => {
    const config = { mode: 'production', plugins: clientPlugins(), optimization: { splitChunks: { cacheGroups: {} }, minimizer: [] }, resolve: { alias: themeAliases() } } as unknown as Configuration;
    const plugin = perfPlugin(undefined, { off });
    const returned = configureOf(plugin)(config, false);
    return { plugin, config, returned };
  };
  const names = (plugins: unknown[] | undefined) => (plugins ?? []).map((plugin) => (plugin as object).constructor.name);
  const all = clientOf([]);
  assert.ok(names(all.returned.plugins).includes('RouteChunkOriginsPlugin'));
  assert.ok('keptArticle' in ((all.config.optimization?.splitChunks as { cacheGroups: object }).cacheGroups));
  const none = clientOf([...SWITCHABLE_PATHS]);
  assert.ok(!names(none.returned.plugins).includes('RouteChunkOriginsPlugin'), 'chunk-origins');
  assert.ok(!('keptArticle' in ((none.config.optimization?.splitChunks as { cacheGroups: object }).cacheGroups)), 'shared-route-code');
  const resolved = (result: { config: Configuration }) => result.config.resolve?.alias as Record<string, string>;
  assert.deepEqual(swapped.filter((name) => resolved(all)[`@theme/${name}`] !== `/site/src/theme/${name}`), [], 'every path on: the site\'s components');
  assert.deepEqual(swapped.filter((name) => resolved(none)[`@theme/${name}`] === `/site/src/theme/${name}`), [], 'all off: none of them');
  assert.equal(resolved(none)['@theme/Loading'], '/theme/Loading', 'theme-fallbacks: the core\'s loading screen');
  assert.match(resolved(none)['@theme/SearchBar'] ?? '', /src\/search\/StockSearchBar\.tsx$/, 'search-theme: the theme\'s bar, with the local client');
  assert.equal(resolved(none)['@theme/SearchPage'], '/theme/SearchPage', 'search-theme: the theme\'s search page');
  const env = readEnv({ DOCS_PRIVATE_OFF: 'route-parts,docs-slim' });
  const [[, options]] = perfPlugins(env, [{ routeBasePath: 'docs', versions: { '8.9': { path: '8.9' } } }]) as [[unknown, { routeParts: string[]; off: string[] }]];
  assert.deepEqual(options.routeParts, [], 'route-parts: every route in main.js');
  assert.equal(docsPlugin(env), '@docusaurus/plugin-content-docs', 'docs-slim: the stock docs plugin');
  assert.equal(docsPlugin(readEnv({})), DOCS_PLUGIN);
  // code-tokens: the theme's Prism again, in both bundles, and no page module gets tokens
  const server = configureOf(perfPlugin(undefined, { off: ['code-tokens'] }))({ mode: 'production' }, true);
  assert.deepEqual(Object.keys(server.resolve?.alias ?? {}), [], 'code-tokens: no prism-react-renderer alias');
  assert.ok(contentRehypePlugins(readEnv({})).includes(rehypeCodeTokens));
  assert.deepEqual(contentRehypePlugins(readEnv({ DOCS_PRIVATE_OFF: 'code-tokens' })), []);
});

test('DOCS_PRIVATE_OFF=kept-article: the theme\'s DocItem/Content in both bundles, Markdown among the route chunks, no shared kept-article chunk', () => {
  const themeAliases = () => ({
    '@theme/DocItem/Content': '/site/src/theme/DocItem/Content/index.tsx',
    '@theme-original/DocItem/Content': '/site/node_modules/@docusaurus/theme-classic/lib/theme/DocItem/Content/index.js',
    '@theme/ContentVisibility': '/site/src/theme/ContentVisibility/index.tsx',
    '@theme-original/ContentVisibility': '/site/node_modules/@docusaurus/theme-classic/lib/theme/ContentVisibility/index.js',
  });
  const stock = '/site/node_modules/@docusaurus/theme-classic/lib/theme/DocItem/Content/index.js';
  const kept = STOCK_THEME['kept-article']!;
  assert.equal((withStockTheme(themeAliases(), kept) as Record<string, string>)['@theme/DocItem/Content'], stock);
  const list = withStockTheme(Object.entries(themeAliases()).map(([name, alias]) => ({ name, alias })), kept);
  assert.ok(Array.isArray(list));
  assert.equal(list.find(({ name }) => name === '@theme/DocItem/Content')?.alias, stock);
  assert.equal(list.find(({ name }) => name === '@theme/ContentVisibility')?.alias, themeAliases()['@theme-original/ContentVisibility']);
  assert.throws(() => withStockTheme({}, kept), /\[perf\] DOCS_PRIVATE_OFF: no theme aliases of DocItem\/Content/);

  const configure = configureOf(perfPlugin(undefined, { off: ['kept-article'] }));
  const split = () => ({ splitChunks: { cacheGroups: {} } });
  const client = { mode: 'production', plugins: clientPlugins(), optimization: { ...split(), minimizer: [] }, resolve: { alias: themeAliases() } } as Configuration;
  const result = configure(client, false);
  assert.equal((client.resolve?.alias as Record<string, string>)['@theme/DocItem/Content'], stock);
  assert.deepEqual(Object.keys((client.optimization?.splitChunks as { cacheGroups: object }).cacheGroups), []);
  const defines = (result.plugins ?? []).filter((plugin): plugin is RecordedDefine => plugin instanceof RecordedDefine);
  assert.equal(defines[0]?.definitions[KEPT_ARTICLE_CONSTANT], 'false');
  const server = { mode: 'production', resolve: { alias: themeAliases() } } as Configuration;
  configure(server, true);
  assert.equal((server.resolve?.alias as Record<string, string>)['@theme/DocItem/Content'], stock, 'the server renders the same component');

  const on = { mode: 'production', plugins: clientPlugins(), optimization: { ...split(), minimizer: [] }, resolve: { alias: themeAliases() } } as Configuration;
  configureOf(perfPlugin())(on, false);
  assert.match((on.resolve?.alias as Record<string, string>)['@theme/DocItem/Content'] ?? '', /src\/theme\/DocItem\/Content/);
  assert.deepEqual(Object.keys((on.optimization?.splitChunks as { cacheGroups: object }).cacheGroups), ['keptArticle']);

  const manifest: ClientManifest = { entrypoints: ['main'], origins: {}, assets: {} };
  const chunks: StatsChunk[] = [{ id: '42', origins: [{ request: '@site/x.md' }] }];
  assert.equal(withRequestOrigins(manifest, chunks).origins['@site/x.md'], undefined);
  assert.deepEqual(withRequestOrigins(manifest, chunks, { markdown: true }).origins['@site/x.md'], ['42']);
});
