/** plugins/perf/checks.ts: the build stops when a private path of plugins/perf did not take effect. */
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  PerfChecksPlugin,
  clientBundleProblems,
  graphModules,
  imageLimitProblem,
  interactiveReason,
  keptArticleError,
  keptArticleProblems,
  problemsError,
  resourceOf,
  templateProblems,
  withInnerModules,
  type GraphModule,
  type StatsModule,
} from '../../plugins/perf/checks';
import { ssrTemplate } from '../../plugins/perf/ssr-template';

const site = '/work/site';
/** Module identifiers and names as Rspack's stats of this site's client build write them. */
const loaded = (loader: string, file: string, query = ''): StatsModule[] => [
  { identifier: `builtin:swc-loader??ruleSet[1].rules[5].use[0]!${site}/plugins/perf/${loader}??ruleSet[1].rules[11].use[0]!${site}/.docusaurus/${file}${query}|1ac2d3a8`, name: `./.docusaurus/${file} + 1 modules` },
];
const healthy: StatsModule[] = [
  ...loaded('registry-loader.cjs', 'registry.js'),
  ...loaded('registry-loader.cjs', 'registry.js', '?part=0'),
  { identifier: `builtin:swc-loader??ruleSet[1].rules[5].use[0]!${site}/.docusaurus/routes.js|9d519aeb`, name: './.docusaurus/routes.js + 1 modules' },
];
const files = [`${site}/.docusaurus/routes.js`, `${site}/src/lib/routes/ComponentCreator.tsx`, `${site}/.docusaurus/routesChunkNames.json`];

test('resourceOf: the file after the loaders, without query, layer or concatenation note', () => {
  assert.equal(resourceOf(healthy[1]!.identifier!), `${site}/.docusaurus/registry.js`);
  assert.equal(resourceOf('./.docusaurus/registry.js + 1 modules'), './.docusaurus/registry.js');
  assert.equal(resourceOf('/x/a.json'), '/x/a.json');
});

test('a client bundle where every private path took effect passes', () => {
  assert.deepEqual(clientBundleProblems(healthy, files), []);
  assert.equal(problemsError('x', []), null);
});

test('a loader whose rule matched no file stops the build, naming the loader', () => {
  const withoutRegistry = healthy.filter((module) => !module.identifier?.includes('registry-loader'));
  // the generated file is there, but no loader rewrote it
  withoutRegistry.push({ identifier: `${site}/.docusaurus/registry.js`, name: './.docusaurus/registry.js' });
  const problems = clientBundleProblems(withoutRegistry, files);
  assert.equal(problems.length, 1);
  assert.match(problems[0]!, /registry-loader\.cjs rewrote no module/);
  const renamed = healthy.map((module) => ({ ...module, identifier: module.identifier?.replace('registry.js', 'registry.mjs') }));
  assert.match(clientBundleProblems(renamed, files).join('\n'), /registry-loader\.cjs rewrote no module/);
});

test('the route → chunk table in the client bundle (core patch not applied) stops the build', () => {
  const unpatched = [...healthy, { identifier: `javascript/json|${site}/.docusaurus/routesChunkNames.json`, name: './.docusaurus/routesChunkNames.json' }];
  const problems = clientBundleProblems(unpatched, files);
  assert.equal(problems.length, 1);
  assert.match(problems[0]!, /routesChunkNames\.json\) is in the client bundle, whole: patches\/@docusaurus\+core\+3\.10\.2\.patch did not apply/);
});

test('the plugin finds the table among the compilation\'s modules when the stats leave it out (Rspack folds JSON)', () => {
  let afterEmit: ((compilation: unknown) => void) | undefined;
  new PerfChecksPlugin().apply({ hooks: { afterEmit: { tap: (_name, callback) => void (afterEmit = callback as (compilation: unknown) => void) } } });
  const compilation = (extra: string[]) => ({
    getStats: () => ({ toJson: () => ({ modules: healthy }) }),
    fileDependencies: files,
    modules: [`${site}/.docusaurus/routes.js`, ...extra].map((resource) => ({ resource })),
  });
  assert.doesNotThrow(() => afterEmit!(compilation([])));
  assert.throws(() => afterEmit!(compilation([`${site}/.docusaurus/routesChunkNames.json`])), /routesChunkNames\.json\) is in the client bundle/);
});

test("Docusaurus's ComponentCreator in place of ours stops the build", () => {
  const problems = clientBundleProblems(healthy, files.filter((file) => !file.endsWith('ComponentCreator.tsx')));
  assert.deepEqual(problems.map((problem) => problem.slice(0, 40)), ['src/lib/routes/ComponentCreator.tsx is n']);
  const error = problemsError('The client bundle\'s private paths', problems);
  assert.match(String(error?.message), /^\[perf\] The client bundle's private paths did not take effect/);
});

/** A page as the template renders it (Eta), close enough for the checks: head, then the app. */
const page = (head: string, app: string) => `<!doctype html><html><head>${head}</head><body><div id="__docusaurus">${app}</div></body></html>`;

test('the page template: the boot with hydration on intent, no deferred main.js, hints out of the app', () => {
  const boot = '<script data-prefetch="/assets/js/1.js" data-scripts="/assets/js/main.1a.js">(()=>{})();</script>';
  assert.deepEqual(templateProblems(page(boot, '<div class="x"></div>'), 'intent'), []);
  assert.deepEqual(templateProblems(page('<script src="/assets/js/main.1a.js" defer></script>', '<div></div>'), 'load'), []);
  // Docusaurus's own template: the scripts load with the page, React's hints lead the app
  const stock = page('<script src="/assets/js/main.1a.js" defer></script>', '<link rel="preload" as="image" href="/img/logo.png"><div></div>');
  const problems = templateProblems(stock, 'intent');
  assert.equal(problems.length, 3, problems.join('\n'));
  assert.match(problems.join('\n'), /no hydration boot/);
  assert.match(problems.join('\n'), /<script defer>/);
  assert.match(problems.join('\n'), /starts with <link> elements/);
  assert.match(templateProblems(stock, 'load').join('\n'), /starts with <link> elements/);
  assert.match(templateProblems('<html></html>', 'load').join('\n'), /no <div id="__docusaurus">/);
  // our template's own text carries the boot (the built page is checked after the minifier)
  assert.match(ssrTemplate({ hydration: 'intent' }), /<script data-prefetch=/);
});

test('a production build stops when Docusaurus would inline Markdown images (the inline limit is not 0)', () => {
  assert.equal(imageLimitProblem(0), null);
  assert.equal(imageLimitProblem('0'), null, 'the variable arrives as a string');
  assert.match(imageLimitProblem(10000)?.message ?? '', /under 10000 bytes would be inlined.*WEBPACK_URL_LOADER_LIMIT=0/);
  assert.ok(imageLimitProblem(undefined), 'an unreadable limit is not taken for 0');
});

test('package.json sets the inline limit of Markdown images to 0 for the build and the dev server', () => {
  const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
  for (const name of ['build', 'start']) assert.match(scripts[name] ?? '', /^cross-env WEBPACK_URL_LOADER_LIMIT=0 docusaurus /, name);
});

/** A module of the graph: its file, its code and what it imports (request → module). */
function node(resource: string, source = '', imports: Array<[string, GraphModule]> = []): GraphModule {
  return { resource, source: () => source, imports: () => imports.map(([request, module]) => ({ request, module })) };
}
const theme = '/site/node_modules/@docusaurus/theme-classic/lib/theme';
// the modules mdx-loader imports into every page, and what the docs import today
const runtime: Array<[string, GraphModule]> = [
  ['react/jsx-runtime', node('/site/node_modules/react/jsx-runtime.js', 'export function jsx() {}')],
  ['@mdx-js/react', node('/site/node_modules/@mdx-js/react/lib/index.js', 'const [a, b] = useState(0);')],
];
const docCardList = node(`${theme}/DocCardList/index.js`, 'export default function DocCardList(props) { return <section className="row" />; }');
const link = node('/site/node_modules/@docusaurus/core/lib/client/exports/Link.js', '<LinkComponent onMouseEnter={onInteractionEnter} />');
const tabs = node(`${theme}/Tabs/index.js`, '<li role="tab" onKeyDown={handleKeydown} onClick={handleTabChange} />');
const image = node('/site/versioned_docs/version-9.0/guide/img/a.png', 'onClick: x');

test('kept article: a doc page with static components, links and images passes; a Markdown page outside the docs is not kept', () => {
  const pages = [
    node('/site/versioned_docs/version-9.0/guide/index.mdx', '', [...runtime, ['@theme/DocCardList', docCardList], ['@docusaurus/Link', link], ['./img/a.png', image]]),
    node('/site/src/pages/glossary.mdx', '', [['@theme/Tabs', tabs]]),
    node('/site/src/components/Foo.tsx', '', [['@theme/Tabs', tabs]]),
  ];
  assert.deepEqual(keptArticleProblems(pages, '/site'), []);
  assert.equal(keptArticleError([]), null);
});

test('kept article: a doc page that uses an interactive MDX component stops the build, naming the page and the component', () => {
  const pages = [
    node('/site/versioned_docs/version-9.0/guide/install.mdx', '', [...runtime, ['@theme/Tabs', tabs], ['@theme/TabItem', node(`${theme}/TabItem/index.js`, 'return <div role="tabpanel" />')]]),
    node('/site/upgrade/v9/v9-0-0.md', '', [['@docusaurus/Link', link]]),
  ];
  const problems = keptArticleProblems(pages, '/site');
  assert.deepEqual(problems, ['versioned_docs/version-9.0/guide/install.mdx uses @theme/Tabs, which is interactive (onKeyDown)']);
  const error = keptArticleError(problems);
  assert.match(String(error?.message), /^\[perf\] An interactive MDX component in a kept article/);
  assert.match(String(error?.message), /\n- versioned_docs\/version-9\.0\/guide\/install\.mdx uses @theme\/Tabs/);
});

test('kept article: an interactive component reached through the site\'s own component is found; hook packages are not followed', () => {
  const counter = node('/site/src/components/Counter/index.tsx', 'const [count, setCount] = useState(0);');
  const wrapper = node('/site/src/components/Wrapper/index.tsx', 'import Tabs', [
    ['@theme/Tabs', tabs],
    // a hook package is not a component the article renders
    ['@docusaurus/plugin-content-docs/client', node('/site/node_modules/@docusaurus/plugin-content-docs/lib/client/index.js', 'useState(')],
  ]);
  const pages = [
    node('/site/docs/a.mdx', '', [['@site/src/components/Counter', counter]]),
    node('/site/docs/b.mdx', '', [['@site/src/components/Wrapper', wrapper]]),
  ];
  assert.deepEqual(keptArticleProblems(pages, '/site'), [
    'docs/a.mdx uses @site/src/components/Counter, which is interactive (useState)',
    'docs/b.mdx uses @site/src/components/Wrapper → @theme/Tabs, which is interactive (onKeyDown)',
  ]);
});

test('interactive: state hooks and event handlers, not comparisons or plain props', () => {
  assert.equal(interactiveReason('const [a] = React.useState(1)'), 'useState');
  assert.equal(interactiveReason('useReducer (r, 0)'), 'useReducer');
  assert.equal(interactiveReason('jsx("button", { onClick: toggle })'), 'onClick');
  assert.equal(interactiveReason('window.addEventListener("resize", f)'), 'addEventListener');
  assert.equal(interactiveReason('if (onX == null) return <a className="x" href={to} />'), null);
  assert.equal(interactiveReason('const items = useCurrentSidebarSiblings();'), null);
});

test('the plugin reads the compilation\'s module graph and stops the build with the kept article on only', () => {
  let afterEmit: ((compilation: unknown) => void) | undefined;
  const tap = { hooks: { afterEmit: { tap: (_name: string, callback: unknown) => void (afterEmit = callback as (compilation: unknown) => void) } } };
  // raw modules as the bundler hands them over, and its graph of imports
  const tabsModule = { resource: `${theme}/Tabs/index.js`, originalSource: () => ({ source: () => '<li onClick={go} />' }) };
  const pageModule = { resource: '/site/docs/install.mdx', originalSource: () => ({ source: () => '' }) };
  const graph = {
    getOutgoingConnections: (module: object) => (module === pageModule ? [{ dependency: { request: '@theme/Tabs' }, module: tabsModule }, { dependency: null, module: null }] : []),
  };
  assert.deepEqual(keptArticleProblems(graphModules([pageModule, tabsModule], graph), '/site'), ['docs/install.mdx uses @theme/Tabs, which is interactive (onClick)']);
  const compilation = {
    getStats: () => ({ toJson: () => ({ modules: healthy }) }),
    fileDependencies: files,
    modules: [{ resource: `${site}/.docusaurus/routes.js` }, pageModule, tabsModule],
    moduleGraph: graph,
  };
  new PerfChecksPlugin({ keptArticle: true, siteDir: '/site' }).apply(tap);
  assert.throws(() => afterEmit!(compilation), /\[perf\] An interactive MDX component in a kept article[\s\S]*docs\/install\.mdx uses @theme\/Tabs/);
  new PerfChecksPlugin({ keptArticle: false }).apply(tap);
  assert.doesNotThrow(() => afterEmit!(compilation), 'without the kept article the component runs');
});

test('the kept article\'s check reads the modules webpack concatenated into one', () => {
  const page = { resource: '/site/versioned_docs/version-9.0/a.md' };
  const concatenated = { modules: new Set([page, { resource: '/site/src/x.tsx' }]) };
  const all = withInnerModules([concatenated, { resource: '/site/y.js' }]);
  assert.ok(all.includes(page), 'the compiled page inside the concatenation');
  assert.equal(all.length, 4);
});
