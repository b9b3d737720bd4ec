/** plugins/perf: what the client bundle gets and what the server bundle keeps. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import type { Configuration } from 'webpack';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import perfPlugin, {
  CLIENT_CHUNK_FILENAME,
  PLAIN_COMPARE_MODULES,
  PREACT_ALIASES,
  PREFETCH_MODULES,
  REGISTRY_MODULE,
  ROUTE_CHUNKS_MODULE,
  keyCache,
  perfOptions,
  withPreact,
  withoutPostCssWork,
  TSLIB_ES,
  TSLIB_MODULES,
  CODE_TRANSLATIONS_MODULE,
  HELMET_MODULE,
} from '../../plugins/perf/index';
import { perfPlugins } from '../../config/perf';
import { readEnv } from '../../config/env';

const require = createRequire(import.meta.url);
const registryLoader = require('../../plugins/perf/registry-loader.cjs') as (source: string) => string;
const routeChunksLoader = require('../../plugins/perf/route-chunks-loader.cjs') as (
  this: { resourcePath: string; addDependency(path: string): void },
  source: string,
) => string;
const { chunkNameMap } = require('../../plugins/perf/chunk-names.cjs') as {
  chunkNameMap(source: string): Map<string, string>;
};

const REGISTRY = `export default {
  "00706df2": [() => import(/* webpackChunkName: "00706df2" */ "@site/upgrade/v8/v8-2-0.md"), "@site/upgrade/v8/v8-2-0.md", require.resolveWeak("@site/upgrade/v8/v8-2-0.md")],
  "17896441": [() => import(/* webpackChunkName: "17896441" */ "@theme/DocItem"), "@theme/DocItem", require.resolveWeak("@theme/DocItem")],
};
`;

test('the client registry keeps each loader and module id, drops the module path and shortens chunk names', () => {
  const out = registryLoader(REGISTRY);
  assert.equal(
    out,
    REGISTRY.replace(', "@site/upgrade/v8/v8-2-0.md", require', ', "", require')
      .replace(', "@theme/DocItem", require', ', "", require')
      .replaceAll('"00706df2"', '"r0"')
      .replaceAll('"17896441"', '"r1"'),
  );
  assert.match(out, /"r0": \[\(\) => import\(\/\* webpackChunkName: "r0" \*\/ "@site\/upgrade\/v8\/v8-2-0\.md"\)/);
  assert.match(out, /require\.resolveWeak\("@theme\/DocItem"\)/);
});

test('short chunk names follow the sorted registry keys in base 36, one per chunk', () => {
  const keys = Array.from({ length: 40 }, (_, index) => (0xfff0000 + index * 7919).toString(16).padStart(8, '0')).reverse();
  const source = `export default {\n${keys
    .map((key) => `  "${key}": [() => import(/* webpackChunkName: "${key}" */ "@site/x${key}.md"), "", require.resolveWeak("@site/x${key}.md")],`)
    .join('\n')}\n};\n`;
  const map = chunkNameMap(source);
  assert.equal(map.size, 40);
  assert.equal(map.get([...keys].sort()[0]!), 'r0');
  assert.equal(map.get([...keys].sort()[39]!), 'r13');
  assert.equal(new Set(map.values()).size, 40);
});

/** Runs the route-chunks loader on `table` with `registry` written next to it, as in `.docusaurus/`. */
function loadRouteChunks(table: unknown, registry: string): { out: unknown; dependencies: string[] } {
  const dir = join(mkdtempSync(join(tmpdir(), 'monq-perf-')), '.docusaurus');
  mkdirSync(dir);
  writeFileSync(join(dir, 'registry.js'), registry);
  const dependencies: string[] = [];
  const context = { resourcePath: join(dir, 'routesChunkNames.json'), addDependency: (path: string) => dependencies.push(path) };
  return { out: JSON.parse(routeChunksLoader.call(context, JSON.stringify(table))), dependencies };
}

test('the client route → chunk table uses the same short names as the registry', () => {
  const table = {
    '/upgrade/v8/v8-2-0/-a1b': { __comp: '17896441', __context: { plugin: '00706df2' }, content: '00706df2' },
    '/x/-c2d': { __props: '17896441' },
  };
  const { out, dependencies } = loadRouteChunks(table, REGISTRY);
  assert.deepEqual(out, {
    '/upgrade/v8/v8-2-0/-a1b': { __comp: 'r1', __context: { plugin: 'r0' }, content: 'r0' },
    '/x/-c2d': { __props: 'r1' },
  });
  assert.equal(dependencies.length, 1, 'rebuilt when the registry changes');
  assert.match(dependencies[0]!, /registry\.js$/);
  assert.throws(() => loadRouteChunks({ '/y/-e3f': { __comp: 'deadbeef' } }, REGISTRY), /chunk "deadbeef" of \/y\/-e3f\.__comp is not in the registry/);
});

test('the client production bundle names chunks by id and loads the registry through the loader; the server bundle only gets the alias', () => {
  const plugin = perfPlugin();
  const configure = plugin.configureWebpack as unknown as (config: Configuration, isServer: boolean) => Configuration;
  const client = configure({ mode: 'production' }, false);
  assert.equal(client.output?.chunkFilename, CLIENT_CHUNK_FILENAME);
  const rules = (client.module?.rules ?? []) as { test: RegExp; use: { loader: string }[] }[];
  assert.deepEqual(
    rules.map((rule) => [rule.test, rule.use[0]!.loader.replace(/^.*[\\/]/, '')]),
    [
      [REGISTRY_MODULE, 'registry-loader.cjs'],
      [ROUTE_CHUNKS_MODULE, 'route-chunks-loader.cjs'],
      [PLAIN_COMPARE_MODULES, 'plain-compare-loader.cjs'],
      [PREFETCH_MODULES, 'prefetch-loader.cjs'],
      [TSLIB_MODULES, 'tslib-loader.cjs'],
      [CODE_TRANSLATIONS_MODULE, 'translations-loader.cjs'],
      [HELMET_MODULE, 'helmet-loader.cjs'],
    ],
  );
  assert.equal((client.resolve?.alias as Record<string, string>).tslib$, TSLIB_ES);
  assert.ok(REGISTRY_MODULE.test('/site/.docusaurus/registry.js'));
  assert.ok(!REGISTRY_MODULE.test('/site/.docusaurus/routes.js'));
  assert.ok(ROUTE_CHUNKS_MODULE.test('/site/.docusaurus/routesChunkNames.json'));
  const server = configure({ mode: 'production' }, true);
  assert.equal(server.output, undefined);
  assert.equal(server.module, undefined);
  assert.match(String((server.resolve?.alias as Record<string, string>)['prism-react-renderer$']), /highlight\.tsx$/);
  assert.equal((server.resolve?.alias as Record<string, string>).tslib$, undefined);
  assert.equal(configure({ mode: 'development' }, false).output, undefined);
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
  assert.deepEqual(perfOptions(undefined), { preact: true });
  assert.deepEqual(perfOptions({ preact: false }), { preact: false });
  assert.deepEqual(perfOptions({ preact: 'no' }), { preact: true });
  const list = withPreact([{ name: 'react', alias: '/r' }, { name: 'x', alias: '/x' }]);
  assert.ok(Array.isArray(list));
  assert.deepEqual(list.map(({ name }) => name), [...Object.keys(PREACT_ALIASES), 'x']);
  assert.deepEqual(perfPlugins(readEnv({})), [[perfPlugin, { preact: true }]]);
  assert.deepEqual(perfPlugins(readEnv({ DOCS_PREACT: 'false' })), [[perfPlugin, { preact: false }]]);
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
    const configure = perfPlugin(undefined, { preact }).configureWebpack as unknown as (config: Configuration, isServer: boolean) => Configuration;
    const client = { mode: 'production', experiments: { cache: { type: 'persistent', version: 'v' } } } as unknown as Configuration;
    configure(client, false);
    return (client.experiments as unknown as { cache: { version: string } }).cache.version;
  });
  assert.deepEqual(versions, ['v-preact', 'v-react']);
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

test('react-helmet-async: in the browser, the Head instances of one task are merged once, in a microtask', async () => {
  const path = require.resolve('react-helmet-async').replace(/index\.js$/, 'index.module.js');
  assert.ok(HELMET_MODULE.test(path), path);
  const source = readFileSync(path, 'utf8');
  const out = coalesceHelmet(source, path);
  assert.match(out, /r\.emitChange=function\(\)\{var s=this;if\(!q\.canUseDOM\)return s\.monqEmitNow\(\);/);
  assert.match(out, /r\.monqEmitNow=function\(\)\{var t,e,r=this\.props\.context/);
  assert.throws(() => coalesceHelmet('export {}', '/x/react-helmet-async/lib/index.module.js'), /not found once/);

  // The patched method, run on its own: three instances in one task make one merge, with the last one.
  const method = out.slice(out.indexOf('r.emitChange=function(){'), out.indexOf(',r.monqEmitNow=function(){'));
  const merges: string[] = [];
  const q = { canUseDOM: true };
  const r: Record<string, unknown> = {};
  new Function('r', 'q', 'queueMicrotask', `var monqHelmetQueued = null; ${method};`)(r, q, queueMicrotask);
  const emit = r.emitChange as (this: { name: string; monqEmitNow(): void }) => void;
  const instance = (name: string) => ({ name, monqEmitNow: () => merges.push(name) });
  for (const name of ['a', 'b', 'c']) emit.call(instance(name));
  assert.deepEqual(merges, []);
  await Promise.resolve();
  assert.deepEqual(merges, ['c']);
  emit.call(instance('d'));
  await Promise.resolve();
  assert.deepEqual(merges, ['c', 'd']);
  q.canUseDOM = false;
  emit.call(instance('server'));
  assert.deepEqual(merges, ['c', 'd', 'server'], 'on the server the merge stays synchronous');
});
