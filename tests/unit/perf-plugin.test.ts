/** plugins/perf: what the client bundle gets and what the server bundle keeps. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import type { Configuration } from 'webpack';
import { existsSync, statSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import perfPlugin, {
  CLIENT_CHUNK_FILENAME,
  PLAIN_COMPARE_MODULES,
  PREACT_ALIASES,
  PREFETCH_MODULES,
  REGISTRY_MODULE,
  COMPONENT_CREATOR_MODULE,
  SITE_CONFIG_MODULE,
  loadersDigest,
  keyCache,
  perfOptions,
  SWC_MINIMIZER,
  withPreact,
  withoutPostCssWork,
  TSLIB_ES,
  TSLIB_MODULES,
  CODE_TRANSLATIONS_MODULE,
  HELMET_MODULE,
  THEME_UTILS_MODULES,
} from '../../plugins/perf/index';
import { perfPlugins, routeParts } from '../../config/perf';
import {
  MANIFEST_PLUGIN,
  RouteChunkOriginsPlugin,
  manifestPathOf,
  withRequestOrigins,
  type ClientManifest,
  type StatsChunk,
} from '../../plugins/perf/route-chunk-origins';
import { docsOptions, upgradeDocsOptions } from '../../config/docs';
import { partOf } from '../../plugins/perf/route-data';
import { readEnv } from '../../config/env';

const require = createRequire(import.meta.url);
const registryLoader = require('../../plugins/perf/registry-loader.cjs') as {
  (this: LoaderContext, source: string): string;
  partOf(path: string, prefixes: readonly string[]): number;
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
    getOptions: () => ({ prefixes, routeData: '/site/plugins/perf/route-data.ts' }),
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
  assert.match(out, /^import \{ createRouteData \} from "\/site\/plugins\/perf\/route-data\.ts";$/m);
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

test('the build-time and the browser rule agree on the part of a route', () => {
  const paths = ['/', '/glossary/', '/docs/', '/docs/8.9/', '/docs/8.9/guide/', '/docs/guide/', '/docs/8.9x/', '/upgrade/', '/upgrade/v9/', '/upgradex/'];
  const expected = [-1, -1, -1, -1, 0, 1, 1, -1, 2, -1];
  assert.deepEqual(paths.map((path) => registryLoader.partOf(path, PREFIXES)), expected);
  assert.deepEqual(paths.map((path) => partOf(path, PREFIXES)), expected);
  // the longest prefix wins, whatever the order
  assert.equal(partOf('/docs/8.9/guide/', ['/docs/', '/docs/8.9/']), 1);
  assert.equal(registryLoader.partOf('/docs/8.9/guide/', ['/docs/', '/docs/8.9/']), 1);
});

test('route parts: one per docs version with a path, then one per docs instance', () => {
  assert.deepEqual(routeParts([docsOptions(readEnv({})), upgradeDocsOptions()]), ['/docs/8.9/', '/docs/', '/upgrade/']);
  assert.deepEqual(routeParts([docsOptions(readEnv({ DOCS_PREVIEW_NEXT: 'true' })), upgradeDocsOptions()]), [
    '/docs/next/',
    '/docs/8.9/',
    '/docs/',
    '/upgrade/',
  ]);
  assert.deepEqual(perfOptions({ routeParts: ['/docs/8.9/'] }).routeParts, ['/docs/8.9/']);
  assert.throws(() => perfOptions({ routeParts: ['docs'] }), /a route part is a path prefix/);
});

const componentCreatorLoader = require('../../plugins/perf/component-creator-loader.cjs') as {
  COMPONENT_CREATOR_MODULE: RegExp;
  replaceComponentCreator(source: string, resourcePath: string): string;
};

test("the installed ComponentCreator is the one the client's replacement was written for", () => {
  const path = require.resolve('@docusaurus/core/lib/client/exports/ComponentCreator.js');
  assert.ok(COMPONENT_CREATOR_MODULE.test(path));
  const out = componentCreatorLoader.replaceComponentCreator(readFileSync(path, 'utf8'), path);
  assert.match(out, /import routeData from '@generated\/registry';/);
  assert.doesNotMatch(out, /routesChunkNames/, 'the route → chunk table is not imported');
  // a route's Loadable is made on its first render or preload, which Docusaurus's preload calls
  assert.match(out, /Route\.preload = \(\) => routeComponent\(\)\.preload\(\);\n {4}return Route;/);
  const preload = readFileSync(require.resolve('@docusaurus/core/lib/client/preload.js'), 'utf8');
  assert.match(preload, /match\.route\.component\.preload\?\.\(\)/);
  // the relative imports of the replacement exist next to the installed module
  for (const [, request] of out.matchAll(/from '(\.\.\/[^']+)'/g)) {
    assert.ok(require.resolve(join(dirname(path), `${request!}.js`)), request);
  }
  assert.throws(
    () => componentCreatorLoader.replaceComponentCreator('export default function ComponentCreator() {}', path),
    /ComponentCreator\.js changed/,
  );
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

test('the client production bundle names chunks by id and loads the registry through the loader; the server bundle gets the alias and the Helmet loader only', () => {
  const plugin = perfPlugin();
  const configure = plugin.configureWebpack as unknown as (config: Configuration, isServer: boolean) => Configuration;
  const client = configure({ mode: 'production' }, false);
  assert.equal(client.output?.chunkFilename, CLIENT_CHUNK_FILENAME);
  const rules = (client.module?.rules ?? []) as { test: RegExp; use: { loader: string }[] }[];
  assert.deepEqual(
    rules.map((rule) => [rule.test, rule.use[0]!.loader.replace(/^.*[\\/]/, '')]),
    [
      [REGISTRY_MODULE, 'registry-loader.cjs'],
      [COMPONENT_CREATOR_MODULE, 'component-creator-loader.cjs'],
      [SITE_CONFIG_MODULE, 'site-config-loader.cjs'],
      [PLAIN_COMPARE_MODULES, 'plain-compare-loader.cjs'],
      [PREFETCH_MODULES, 'prefetch-loader.cjs'],
      [TSLIB_MODULES, 'tslib-loader.cjs'],
      [CODE_TRANSLATIONS_MODULE, 'translations-loader.cjs'],
      [HELMET_MODULE, 'helmet-loader.cjs'],
      [THEME_UTILS_MODULES, 'theme-utils-loader.cjs'],
    ],
  );
  assert.equal((client.resolve?.alias as Record<string, string>).tslib$, TSLIB_ES);
  assert.ok(REGISTRY_MODULE.test('/site/.docusaurus/registry.js'));
  assert.ok(!REGISTRY_MODULE.test('/site/.docusaurus/routes.js'));
  const server = configure({ mode: 'production' }, true);
  assert.equal(server.output, undefined);
  assert.deepEqual((server.module?.rules ?? []).map((rule) => (rule as { test: RegExp }).test), [HELMET_MODULE, THEME_UTILS_MODULES]);
  assert.match(String((server.resolve?.alias as Record<string, string>)['prism-react-renderer$']), /highlight\.tsx$/);
  assert.equal((server.resolve?.alias as Record<string, string>).tslib$, undefined);
  assert.equal(configure({ mode: 'development' }, false).output, undefined);
});

test('the client minifier keeps Cyrillic as UTF-8: Docusaurus Faster\'s options, ascii_only off; other minimizers untouched', () => {
  const { SwcJsMinimizerRspackPlugin, LightningCssMinimizerRspackPlugin } = require('@rspack/core') as {
    SwcJsMinimizerRspackPlugin: new (options: unknown) => { _args: [{ minimizerOptions: Record<string, unknown> }] };
    LightningCssMinimizerRspackPlugin: new (options: unknown) => object;
  };
  const { getSwcJsMinimizerOptions } = require('@docusaurus/faster') as { getSwcJsMinimizerOptions(): Record<string, unknown> };
  assert.equal((getSwcJsMinimizerOptions().format as Record<string, unknown>).ascii_only, true, 'the stock option this undoes');
  const css = new LightningCssMinimizerRspackPlugin({});
  const config = {
    mode: 'production',
    optimization: { minimizer: [new SwcJsMinimizerRspackPlugin({ minimizerOptions: { minify: true, ...getSwcJsMinimizerOptions() } }), css] },
  } as unknown as Configuration;
  const configure = perfPlugin().configureWebpack as unknown as (config: Configuration, isServer: boolean) => Configuration;
  configure(config, false);
  const [js, second] = config.optimization?.minimizer as unknown as [InstanceType<typeof SwcJsMinimizerRspackPlugin>, object];
  assert.equal(js.constructor.name, SWC_MINIMIZER);
  const options = js._args[0].minimizerOptions;
  assert.equal((options.format as Record<string, unknown>).ascii_only, false);
  assert.equal((options.format as Record<string, unknown>).comments, false);
  assert.equal(options.mangle, true);
  assert.equal(options.minify, true);
  assert.equal(second, css);
  const server = { mode: 'production', optimization: { minimizer: [] } } as unknown as Configuration;
  configure(server, true);
  assert.deepEqual(server.optimization?.minimizer, []);
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

  class ReactLoadableSSRAddon {
    options = { filename: '/site/.docusaurus/client-manifest.json' };
  }
  assert.equal(MANIFEST_PLUGIN, ReactLoadableSSRAddon.name);
  assert.equal(manifestPathOf([{}, new ReactLoadableSSRAddon()]), '/site/.docusaurus/client-manifest.json');
  assert.equal(manifestPathOf([{}]), null);
  assert.equal(manifestPathOf(undefined), null);
  const configure = perfPlugin().configureWebpack as unknown as (config: Configuration, isServer: boolean) => Configuration;
  const client = configure({ mode: 'production', plugins: [new ReactLoadableSSRAddon() as never] }, false);
  assert.ok(client.plugins?.some((plugin) => plugin instanceof RouteChunkOriginsPlugin));
});

/** The bundler cache as Docusaurus Faster configures it for every command. */
const fasterCache = (mode: 'production' | 'development'): Configuration =>
  ({ mode, cache: true, experiments: { cache: { type: 'persistent', version: 'client-production-ru' } } }) as Configuration;

test('production builds write no persistent bundler cache unless DOCS_BUILD_CACHE asks for it; the dev server keeps it', () => {
  const configure = (options: unknown) =>
    perfPlugin(undefined, options).configureWebpack as unknown as (config: Configuration, isServer: boolean) => Configuration;
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
  assert.deepEqual(perfPlugins(readEnv({ DOCS_BUILD_CACHE: 'true' }), []), [[perfPlugin, { preact: true, buildCache: true, routeParts: [], parseDirs: ['src/pages'] }]]);
});

/** Docusaurus's own React aliases (prefix match, package folders), as its base config sets them. */
const docusaurusAliases = () => ({
  react: '/site/node_modules/react',
  'react-dom': '/site/node_modules/react-dom',
  '@mdx-js/react': '/site/node_modules/@mdx-js/react',
  '@theme/DocItem': '/site/src/theme/DocItem',
});

test('Preact: the client bundle resolves React through preact/compat, ahead of any other alias', () => {
  const configure = perfPlugin(undefined, { preact: true }).configureWebpack as unknown as (config: Configuration, isServer: boolean) => Configuration;
  const client: Configuration = { mode: 'production', resolve: { alias: docusaurusAliases() } };
  configure(client, false);
  const alias = client.resolve?.alias as Record<string, string>;
  assert.deepEqual(Object.keys(alias).slice(0, Object.keys(PREACT_ALIASES).length), Object.keys(PREACT_ALIASES));
  assert.equal(alias.react$, 'preact/compat');
  assert.equal(alias['react-dom$'], 'preact/compat');
  assert.match(alias['react-dom/client$'] ?? '', /preact-client\.ts$/);
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
  const on = perfPlugin(undefined, { preact: true }).configureWebpack as unknown as (config: Configuration, isServer: boolean) => Configuration;
  const server: Configuration = { mode: 'production', resolve: { alias: docusaurusAliases() } };
  on(server, true);
  assert.deepEqual(server.resolve?.alias, docusaurusAliases());
  const off = perfPlugin(undefined, { preact: false }).configureWebpack as unknown as (config: Configuration, isServer: boolean) => Configuration;
  const client: Configuration = { mode: 'production', resolve: { alias: docusaurusAliases() } };
  off(client, false);
  assert.deepEqual(client.resolve?.alias, docusaurusAliases());
});

test('Preact: options default to on, the array form of aliases is handled, the config passes DOCS_PREACT', () => {
  assert.deepEqual(perfOptions(undefined), { preact: true, buildCache: false, routeParts: [], parseDirs: [] });
  assert.deepEqual(perfOptions({ preact: false }), { preact: false, buildCache: false, routeParts: [], parseDirs: [] });
  assert.deepEqual(perfOptions({ preact: 'no' }), { preact: true, buildCache: false, routeParts: [], parseDirs: [] });
  const list = withPreact([{ name: 'react', alias: '/r' }, { name: 'x', alias: '/x' }]);
  assert.ok(Array.isArray(list));
  assert.deepEqual(list.map(({ name }) => name), [...Object.keys(PREACT_ALIASES), 'x']);
  const parts = ['/docs/8.9/', '/docs/', '/upgrade/'];
  const instances = [docsOptions(readEnv({})), upgradeDocsOptions()];
  const dirs = ['docs', 'versioned_docs', 'upgrade', 'upgrade_versioned_docs', 'src/pages'];
  assert.deepEqual(perfPlugins(readEnv({}), instances), [[perfPlugin, { preact: true, buildCache: false, routeParts: parts, parseDirs: dirs }]]);
  assert.deepEqual(perfPlugins(readEnv({ DOCS_PREACT: 'false' }), instances), [[perfPlugin, { preact: false, buildCache: false, routeParts: parts, parseDirs: dirs }]]);
  assert.deepEqual(perfPlugins(readEnv({ DOCS_MDX_WORKERS: 'false' }), instances), [[perfPlugin, { preact: true, buildCache: false, routeParts: parts, parseDirs: [] }]]);
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
    const configure = perfPlugin(undefined, { preact, buildCache: true }).configureWebpack as unknown as (config: Configuration, isServer: boolean) => Configuration;
    const client = { mode: 'production', experiments: { cache: { type: 'persistent', version: 'v' } } } as unknown as Configuration;
    configure(client, false);
    return (client.experiments as unknown as { cache: { version: string } }).cache.version;
  });
  assert.deepEqual(versions, [
    `v-preact-${loadersDigest({ preact: true, buildCache: true, routeParts: [], parseDirs: [] })}`,
    `v-react-${loadersDigest({ preact: false, buildCache: true, routeParts: [], parseDirs: [] })}`,
  ]);
  // the loaders and the options are part of the key: new route parts never reuse the old registry output
  assert.notEqual(loadersDigest({ preact: true, buildCache: false, routeParts: [], parseDirs: [] }), loadersDigest({ preact: true, buildCache: false, routeParts: ['/docs/'], parseDirs: [] }));
  assert.match(loadersDigest({ preact: true, buildCache: false, routeParts: [], parseDirs: [] }), /^[0-9a-f]{12}$/);
});

const siteConfigLoader = require('../../plugins/perf/site-config-loader.cjs') as {
  BUILD_ONLY_KEYS: string[];
  clientSiteConfig(source: string): string;
};

test('the client site config leaves out what only the build reads and keeps the rest as it is', () => {
  const config = {
    title: 'Monq Docs',
    baseUrl: '/',
    ssrTemplate: '<html>…</html>',
    plugins: [['./plugins/docs-slim/index.ts', { path: 'docs' }]],
    presets: [['classic', {}]],
    clientModules: ['./src/clientModules/chunkFailure.ts'],
    onBrokenLinks: 'throw',
    future: { experimental_router: 'browser' },
    customFields: { productRelease: '9.0.6' },
    themeConfig: { navbar: { title: 'Monq Docs' } },
  };
  const source = `/*\n * AUTOGENERATED - DON'T EDIT\n */\nexport default ${JSON.stringify(config, null, 2)};\n`;
  const out = siteConfigLoader.clientSiteConfig(source);
  assert.match(out, /^export default \{/);
  assert.deepEqual(JSON.parse(out.slice('export default '.length).replace(/;\s*$/, '')), {
    title: 'Monq Docs',
    baseUrl: '/',
    future: { experimental_router: 'browser' },
    customFields: { productRelease: '9.0.6' },
    themeConfig: { navbar: { title: 'Monq Docs' } },
  });
  assert.ok(SITE_CONFIG_MODULE.test('/site/.docusaurus/docusaurus.config.mjs'));
  assert.throws(() => siteConfigLoader.clientSiteConfig('export default { title: () => 1 };'), /no longer JSON/);
  assert.throws(() => siteConfigLoader.clientSiteConfig('export default [];'), /unknown shape/);
});

test('no browser module of Docusaurus, its themes or this site reads a key the client site config leaves out', () => {
  const scope = join(dirname(require.resolve('@docusaurus/core/package.json')), '..');
  const site = join(dirname(fileURLToPath(import.meta.url)), '../..');
  const roots = [
    ...readdirSync(scope).flatMap((pkg) => ['client', 'theme', 'exports'].map((dir) => join(scope, pkg, 'lib', dir))),
    join(scope, 'theme-common/lib'),
    join(site, 'src'),
    join(site, 'plugins/perf/route-data.ts'),
  ].filter((path) => existsSync(path));
  const files: string[] = [];
  const walk = (path: string): void => {
    if (statSync(path).isDirectory()) readdirSync(path).forEach((name) => walk(join(path, name)));
    else if (/\.[jt]sx?$/.test(path) && !path.endsWith('.d.ts')) files.push(path);
  };
  roots.forEach(walk);
  assert.ok(files.length > 300, `browser modules found: ${files.length}`);
  const reads = (key: string) =>
    new RegExp(`siteConfig\\??\\.${key}\\b|\\{[^}]*\\b${key}\\b[^}]*\\}\\s*=\\s*(siteConfig|useDocusaurusContext\\(\\)\\.siteConfig)\\b`);
  const readers = siteConfigLoader.BUILD_ONLY_KEYS.flatMap((key) =>
    files.filter((file) => reads(key).test(readFileSync(file, 'utf8'))).map((file) => `${key}: ${file}`),
  );
  assert.deepEqual(readers, []);
  // the pattern finds each form of a read
  for (const read of ['siteConfig?.plugins', 'siteConfig.plugins[0]', 'const { plugins, title } = siteConfig;', 'const {plugins} = useDocusaurusContext().siteConfig;']) {
    assert.ok(reads('plugins').test(read), read);
  }
});

const plainCompareLoader = require('../../plugins/perf/plain-compare-loader.cjs') as {
  PATCHES: { file: RegExp; from: string; to: string }[];
  PLAIN_COMPARE_MODULES: RegExp;
  plainCompare(source: string, resourcePath: string): string;
};

test('the two Docusaurus modules that sort on load compare code points instead of building a collator', () => {
  const { PATCHES, plainCompare } = plainCompareLoader;
  const modules = [
    join(dirname(require.resolve('@docusaurus/plugin-content-docs/client')), 'docsClientUtils.js'),
    join(dirname(require.resolve('@docusaurus/theme-common')), 'utils', 'reactUtils.js'),
  ];
  assert.equal(PATCHES.length, modules.length);
  for (const path of modules) {
    assert.ok(PLAIN_COMPARE_MODULES.test(path), path);
    const source = readFileSync(path, 'utf8');
    const out = plainCompare(source, path);
    assert.ok(source.includes('localeCompare'), `${path}: the installed module still sorts with localeCompare`);
    assert.ok(!out.includes('localeCompare'), `${path}: no localeCompare left`);
    assert.match(out, /function monqComparePlain\(a, b\)/);
  }
  // The helper orders as the routes need: a path before its own prefix when sorted descending.
  const sorted = ['/', '/docs/', '/upgrade/', '/docs/8.9/'].sort((a, b) => (b < a ? -1 : b > a ? 1 : 0));
  assert.deepEqual(sorted, ['/upgrade/', '/docs/8.9/', '/docs/', '/']);
  assert.equal(plainCompare('export const x = 1;', '/x/other.js'), 'export const x = 1;');
  assert.throws(
    () => plainCompare('export function useShallowMemoObject() {}', '/n/@docusaurus/theme-common/lib/utils/reactUtils.js'),
    /not found in .*reactUtils\.js/,
  );
});

test('PostCSS runs without postcss-preset-env and without a config search, and keeps the cascade layers', () => {
  // What the installed Docusaurus hands to configurePostCss.
  const styleLoader = readFileSync(require.resolve('@docusaurus/bundler/lib/loaders/styleLoader.js'), 'utf8');
  assert.match(styleLoader, /require\.resolve\('postcss-preset-env'\)/);
  const docusaurusOptions = () => ({ ident: 'postcss', plugins: [[require.resolve('postcss-preset-env'), {}]] as unknown[] });
  const layers = require('@docusaurus/plugin-css-cascade-layers') as {
    default(context: unknown, options: unknown): { configurePostCss(options: { plugins: unknown[] }): { plugins: unknown[] } };
  };
  const layersPlugin = layers.default({ generatedFilesDir: tmpdir() }, { id: 'default', layers: { 'docusaurus.infima': () => true } });
  const plugin = perfPlugin(undefined, {}) as { configurePostCss?: unknown };
  assert.equal(plugin.configurePostCss, withoutPostCssWork);

  const alone = withoutPostCssWork(docusaurusOptions());
  assert.deepEqual(alone, { ident: 'postcss', plugins: [], config: false });
  // Docusaurus calls the plugins in order: ours before or after the cascade layers', the layers stay.
  const before = layersPlugin.configurePostCss(withoutPostCssWork(docusaurusOptions()));
  const after = withoutPostCssWork(layersPlugin.configurePostCss(docusaurusOptions()));
  for (const options of [before, after]) {
    assert.equal(options.plugins.length, 1);
    assert.equal((options.plugins[0] as { postcssPlugin?: string }).postcssPlugin, 'postcss-wrap-in-layer');
  }
});

const { rewriteTslib } = require('../../plugins/perf/tslib-loader.cjs') as { rewriteTslib(source: string): string };

test('tslib: a module requires the helpers it uses by name, so the bundle keeps only those', () => {
  const source = [
    '"use strict";',
    'const tslib_1 = require("tslib");',
    'const a = tslib_1.__importDefault(require("a"));',
    'const b = tslib_1.__importStar(require("b"));',
    'const c = tslib_1.__importDefault(require("c"));',
  ].join('\n');
  assert.equal(
    rewriteTslib(source),
    source.replace(
      'const tslib_1 = require("tslib");',
      'const tslib_1 = { __importDefault: require("tslib").__importDefault, __importStar: require("tslib").__importStar };',
    ),
  );
  // The binding used as a value (passed on, spread): the module stays as it is.
  const passed = 'const tslib_1 = require("tslib");\nuse(tslib_1);\ntslib_1.__importDefault(x);';
  assert.equal(rewriteTslib(passed), passed);
  assert.equal(rewriteTslib('const x = require("y");'), 'const x = require("y");');
});

test('tslib: the installed Docusaurus modules are rewritten, and tslib\'s ES build has every helper they use', () => {
  const esBuild = readFileSync(TSLIB_ES, 'utf8');
  const roots = ['@docusaurus/core', '@docusaurus/theme-common', '@docusaurus/utils-common', '@docusaurus/theme-classic'];
  let rewritten = 0;
  for (const root of roots) {
    const lib = fileURLToPath(new URL(`../../node_modules/${root}/lib`, import.meta.url));
    const files = (readdirSync(lib, { recursive: true }) as string[]).filter((file) => file.endsWith('.js'));
    for (const file of files) {
      const path = join(lib, file);
      assert.ok(TSLIB_MODULES.test(path), path);
      const source = readFileSync(path, 'utf8');
      if (!source.includes('require("tslib")')) continue;
      const out = rewriteTslib(source);
      if (out === source) continue;
      rewritten += 1;
      assert.ok(!out.includes('= require("tslib");'), path);
      for (const [, helper] of out.matchAll(/require\("tslib"\)\.(__\w+)/g)) {
        assert.match(esBuild, new RegExp(`export function ${helper}\\b|export var ${helper}\\b`), `${helper} (${path})`);
      }
    }
  }
  assert.ok(rewritten > 10, `only ${rewritten} modules rewritten`);
});

const translationsLoader = require('../../plugins/perf/translations-loader.cjs') as {
  (this: { resourceQuery: string }, source: string): string;
  SEARCH_KEYS: RegExp;
};

test('code translations: the search UI\'s strings leave main.js for a module of their own, every other string stays', () => {
  assert.ok(CODE_TRANSLATIONS_MODULE.test('/site/.docusaurus/codeTranslations.json'));
  const all = JSON.parse(readFileSync(new URL('../../i18n/ru/code.json', import.meta.url), 'utf8')) as Record<string, { message: string }>;
  const source = JSON.stringify(Object.fromEntries(Object.entries(all).map(([key, { message }]) => [key, message])));
  const core = JSON.parse(translationsLoader.call({ resourceQuery: '' }, source)) as Record<string, string>;
  const search = JSON.parse(translationsLoader.call({ resourceQuery: '?search' }, source)) as Record<string, string>;
  assert.equal(Object.keys(core).length + Object.keys(search).length, Object.keys(all).length);
  assert.equal(core['theme.SearchBar.label'], 'Поиск', 'the navbar button shows its label on every page');
  assert.ok(core['theme.docs.paginator.next']);
  assert.ok(search['theme.SearchModal.searchBox.placeholderText']);
  assert.ok(search['theme.SearchPage.inputLabel']);
  assert.ok(search['theme.SearchBar.seeAll']);
  assert.ok(Object.keys(search).length > 40);

  // Every module of ours that shows one of those strings gets them merged first: it is
  // src/search/translations.ts (which imports searchStrings.ts) or imports it.
  const srcDir = new URL('../../src/', import.meta.url);
  const files = (readdirSync(srcDir, { recursive: true }) as string[]).filter((file) => /\.tsx?$/.test(file));
  const users = files.filter((file) => {
    const text = readFileSync(new URL(file, srcDir), 'utf8');
    return [...text.matchAll(/id: ?'([\w.]+)'/g)].some(([, id]) => translationsLoader.SEARCH_KEYS.test(id!));
  });
  assert.ok(users.length >= 2, users.join(', '));
  for (const file of users) {
    const text = readFileSync(new URL(file, srcDir), 'utf8');
    if (file === 'theme/SearchTranslations/index.ts') {
      // Read before the texts are merged, so each is read on access and defaults to Russian.
      assert.match(text, /get modal\(\)/);
      for (const [, message] of text.matchAll(/message: ?'([^']*)'/g)) assert.match(message!, /[А-Яа-яЁё]/, message);
      continue;
    }
    assert.ok(
      file === 'search/translations.ts' || /from '@site\/src\/search\/translations'|from '\.\/translations'/.test(text),
      `${file} shows search strings without importing src/search/translations.ts`,
    );
  }
  assert.match(readFileSync(new URL('search/translations.ts', srcDir), 'utf8'), /import '\.\/searchStrings';/);
});

const { coalesceHelmet } = require('../../plugins/perf/helmet-loader.cjs') as {
  coalesceHelmet(source: string, path: string): string;
};

test('react-helmet-async: the Head instances of one task are merged once, in a microtask (per page context on the server)', async () => {
  const path = require.resolve('react-helmet-async').replace(/index\.js$/, 'index.module.js');
  assert.ok(HELMET_MODULE.test(path), path);
  const source = readFileSync(path, 'utf8');
  const out = coalesceHelmet(source, path);
  assert.match(out, /r\.emitChange=function\(\)\{var s=this;if\(!q\.canUseDOM\)\{var c=s\.props\.context;/);
  assert.match(out, /r\.monqEmitNow=function\(\)\{var t,e,r=this\.props\.context/);
  assert.throws(() => coalesceHelmet('export {}', '/x/react-helmet-async/lib/index.module.js'), /not found once/);

  // The patched method, run on its own: three instances in one task make one merge, with the last one.
  const method = out.slice(out.indexOf('r.emitChange=function(){'), out.indexOf(',r.monqEmitNow=function(){'));
  const merges: string[] = [];
  const q = { canUseDOM: true };
  const r: Record<string, unknown> = {};
  new Function('r', 'q', 'queueMicrotask', `var monqHelmetQueued = null; ${method};`)(r, q, queueMicrotask);
  const emit = r.emitChange as (this: { name: string; monqEmitNow(): void }) => void;
  const browserContext = {};
  const instance = (name: string, context: object = browserContext) => ({ name, props: { context }, monqEmitNow: () => merges.push(name) });
  for (const name of ['a', 'b', 'c']) emit.call(instance(name));
  assert.deepEqual(merges, []);
  await Promise.resolve();
  assert.deepEqual(merges, ['c']);
  emit.call(instance('d'));
  await Promise.resolve();
  assert.deepEqual(merges, ['c', 'd']);
  // The server renders several pages at once, each with its own context: one merge per page, with the
  // page's last instance, and never a merge of one page with another page's instance.
  q.canUseDOM = false;
  merges.length = 0;
  const [one, two] = [{}, {}];
  for (const name of ['one-a', 'one-b']) emit.call(instance(name, one));
  for (const name of ['two-a', 'two-b', 'two-c']) emit.call(instance(name, two));
  emit.call(instance('one-c', one));
  assert.deepEqual(merges, []);
  await Promise.resolve();
  assert.deepEqual(merges.sort(), ['one-c', 'two-c']);
  emit.call(instance('one-d', one));
  await Promise.resolve();
  assert.deepEqual(merges.sort(), ['one-c', 'one-d', 'two-c']);
});
