/** plugins/perf/checks.ts: the build stops when a private path of plugins/perf did not take effect. */
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PerfChecksPlugin, clientBundleProblems, imageLimitProblem, problemsError, resourceOf, templateProblems, type StatsModule } from '../../plugins/perf/checks';
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
