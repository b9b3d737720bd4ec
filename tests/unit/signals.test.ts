/** The signals sent to the site's own host (`DOCS_SIGNALS=site`): the switch, the request, the plugin. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { SIGNAL_FIELDS, pageVersion, signalUrl, signalValue } from '../../src/lib/reader/signals';
import { GOALS, GOAL_QUERY_LIMIT, type GoalName, type GoalParams, type SearchSignals } from '../../src/lib/reader/goals';
import { readEnv } from '../../config/env';
import { analyticsPlugins } from '../../config/analytics';
import { LATEST_VERSION } from '../../config/site';
import analyticsPlugin, { GOALS_MODULE, goalsAliases, metricaClientModule, siteSignalsClientModule } from '../../plugins/analytics/index';

test('DOCS_SIGNALS=site turns the signals to the site on; off by default and in a pull-request preview', () => {
  assert.equal(readEnv({}).siteSignals, false);
  assert.equal(readEnv({ DOCS_SIGNALS: 'off' }).siteSignals, false);
  assert.equal(readEnv({ DOCS_SIGNALS: ' Site ' }).siteSignals, true);
  assert.equal(readEnv({ DOCS_SIGNALS: 'site', DOCS_PR_PREVIEW: 'true' }).siteSignals, false);
  assert.throws(() => readEnv({ DOCS_SIGNALS: 'https://evil.example/' }), /DOCS_SIGNALS must be "site" or "off"/);
  const options = (env: Record<string, string>) => (analyticsPlugins(readEnv(env))[0] as [unknown, unknown])[1];
  assert.deepEqual(options({ DOCS_SIGNALS: 'site' }), { counter: false, siteSignals: true });
  assert.deepEqual(options({ DOCS_SIGNALS: 'site', YANDEX_METRICA_ID: '10000001' }), { counter: true, siteSignals: true }, 'both at once');
});

test('one GET address per signal, the allowed fields only, the text cleaned as the counter does', () => {
  const url = signalUrl('/', GOALS.searchEmpty, { query: '<b>ъ</b>\u202e ' + 'я'.repeat(1000), hits: 0, version: '9.0', secret: 'x' }, '9.0');
  assert.ok(url.startsWith('/_signals?'));
  const params = new URLSearchParams(url.split('?')[1]);
  assert.deepEqual([...params.keys()], ['goal', 'query', 'hits', 'version']);
  assert.equal(params.get('goal'), 'search_no_results');
  assert.equal(Array.from(params.get('query')!).length, GOAL_QUERY_LIMIT);
  assert.match(params.get('query')!, /^<b>ъ<\/b> я+$/);
  assert.doesNotMatch(url, /\+|<|\u202e/, 'percent-encoded, spaces as %20');
  const feedback = new URLSearchParams(signalUrl('/', GOALS.feedback, { page: '/docs/8.9/guide/', answer: 'no', reason: 'outdated' }, '9.0').split('?')[1]);
  assert.deepEqual(Object.fromEntries(feedback), { goal: 'page_feedback', page: '/docs/8.9/guide/', answer: 'no', reason: 'outdated', version: '8.9' });
  const yes = new URLSearchParams(signalUrl('/base', GOALS.feedback, { page: '/docs/a/', answer: 'yes', reason: '' }, '9.0').split('?')[1]);
  assert.deepEqual(Object.fromEntries(yes), { goal: 'page_feedback', page: '/docs/a/', answer: 'yes', version: '9.0' }, 'an empty reason is left out');
  assert.ok(signalUrl('/base', GOALS.search, { query: 'a', hits: 1, version: '9.0' }, '9.0').startsWith('/base/_signals?'));
  assert.equal(signalValue('rank', -1), '');
  assert.equal(signalValue('hits', '12'), '12');
  assert.equal(Array.from(signalValue('url', '/docs/' + 'x'.repeat(500))).length, 300);
  assert.deepEqual([...SIGNAL_FIELDS], ['goal', 'page', 'answer', 'reason', 'query', 'hits', 'rank', 'url', 'version']);
});

test('the docs version of a page', () => {
  assert.equal(pageVersion('/docs/guide/', '9.0'), '9.0');
  assert.equal(pageVersion('/docs/8.9/guide/', '9.0'), '8.9');
  assert.equal(pageVersion('/docs/next/guide/', '9.0'), 'next');
  assert.equal(pageVersion('/upgrade/v9/', '9.0'), 'upgrade');
  assert.equal(pageVersion('/glossary/', '9.0'), 'site');
});

test('the plugin ships the code of the build\'s destinations only, and the client module with the switch only', () => {
  const dir = '/site';
  assert.deepEqual(goalsAliases(dir, { counter: false, siteSignals: false }), {
    '@monq/goals$': '/site/src/lib/analytics/goals-off.ts',
    '@monq/goals-counter$': '/site/src/lib/analytics/sink-off.ts',
    '@monq/goals-site$': '/site/src/lib/analytics/sink-off.ts',
  });
  assert.deepEqual(goalsAliases(dir, { counter: false, siteSignals: true }), {
    '@monq/goals$': '/site/src/lib/analytics/goals.ts',
    '@monq/goals-counter$': '/site/src/lib/analytics/sink-off.ts',
    '@monq/goals-site$': '/site/src/lib/analytics/site.ts',
  });
  const context = { siteDir: process.cwd(), baseUrl: '/' } as Parameters<typeof analyticsPlugin>[0];
  const site = analyticsPlugin(context, { counter: false, siteSignals: true });
  assert.deepEqual(site.getClientModules?.(), [siteSignalsClientModule(process.cwd())]);
  assert.ok(site.getThemePath, 'the feedback form comes with the switch');
  assert.ok(site.postBuild, 'the build is marked for npm run package');
  assert.deepEqual(analyticsPlugin(context, { counter: true, siteSignals: true }).getClientModules?.(), [
    metricaClientModule(process.cwd()),
    siteSignalsClientModule(process.cwd()),
  ]);
  const off = analyticsPlugin(context, { counter: false, siteSignals: false });
  assert.equal(off.getClientModules, undefined);
  assert.equal(off.getThemePath, undefined);
  assert.equal(off.postBuild, undefined);
  assert.throws(() => analyticsPlugin(context, { counter: false, siteSignals: 'yes' }), /siteSignals/);
  for (const file of ['goals.ts', 'goals-off.ts', 'counter.ts', 'site.ts', 'sink-off.ts']) assert.ok(existsSync(`src/lib/analytics/${file}`), file);
  assert.ok(existsSync(siteSignalsClientModule(process.cwd())));
});

test('the site sends with fetch keepalive, without cookies or referrer', () => {
  const source = readFileSync('src/lib/analytics/site.ts', 'utf8');
  assert.match(source, /keepalive: true/);
  assert.match(source, /credentials: 'omit'/);
  assert.match(source, /referrerPolicy: 'no-referrer'/);
});

/** The browser side of the goals (`@monq/goals`) as a build resolves it with `aliases`, run with `window`. */
async function shippedGoals(aliases: Record<string, string>, customFields: Record<string, unknown>, window: object) {
  const bundle = await build({
    entryPoints: [aliases[`${GOALS_MODULE}$`]!],
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'neutral',
    logLevel: 'silent',
    plugins: [
      {
        name: 'build-aliases',
        setup(builder) {
          builder.onResolve({ filter: /^@monq\/goals/ }, (args) => ({ path: aliases[`${args.path}$`]! }));
          builder.onResolve({ filter: /^@generated\/docusaurus\.config$/ }, () => ({ path: 'config', namespace: 'generated' }));
          builder.onLoad({ filter: /.*/, namespace: 'generated' }, () => ({ contents: JSON.stringify({ baseUrl: '/', customFields }), loader: 'json' }));
        },
      },
    ],
  });
  const module = { exports: {} as Record<string, unknown> };
  // the browser's globals the code reads (URLSearchParams is not a language built-in)
  runInNewContext(bundle.outputFiles[0]!.text, { module, exports: module.exports, window, URLSearchParams });
  return module.exports as { goalsEnabled: boolean; sendGoal(goal: GoalName, params: GoalParams): void; searchSignals(): SearchSignals };
}

// The signals build of the browser tests has the counter too (scripts/build-variant.ts signals): that the
// switch alone ships the form and the signals is decided here, from the switches to the code shipped.
test('DOCS_SIGNALS=site without the counter ships the feedback form and the search signals, and they reach /_signals', async () => {
  const env = readEnv({ DOCS_SIGNALS: 'site' });
  assert.equal(env.metricaId, null, 'no counter');
  const [entry] = analyticsPlugins(env);
  const [plugin, options] = entry as [unknown, unknown];
  assert.equal(plugin, analyticsPlugin);
  const siteDir = process.cwd();
  const instance: Plugin = analyticsPlugin({ siteDir, baseUrl: '/' } as LoadContext, options);

  const themePath = instance.getThemePath?.();
  assert.ok(themePath, 'the feedback form comes with the switch alone');
  assert.match(readFileSync(join(themePath, 'DocItem', 'Footer', 'index.tsx'), 'utf8'), /<PageFeedback \/>/, 'its theme wrapper renders the form');
  assert.deepEqual(instance.getClientModules?.(), [siteSignalsClientModule(siteDir)], 'the signals\' client module, not the counter\'s');
  const configured = instance.configureWebpack?.({}, false, {} as never, undefined) as { resolve: { alias: Record<string, string> } };
  const aliases = configured.resolve.alias;
  assert.deepEqual(aliases, goalsAliases(siteDir, { counter: false, siteSignals: true }));

  const sent: string[] = [];
  const timers: (() => void)[] = [];
  const window = {
    fetch: (url: string) => {
      sent.push(url);
      return Promise.resolve();
    },
    setTimeout: (callback: () => void) => timers.push(callback),
    clearTimeout: () => undefined,
  };
  const goals = await shippedGoals(aliases, { metricaId: env.metricaId, signalsLatestVersion: LATEST_VERSION }, window);
  assert.equal(goals.goalsEnabled, true, 'the shipped goals module sends');
  goals.sendGoal(GOALS.feedback, { page: '/docs/guide/', answer: 'no', reason: 'outdated' });
  assert.equal(sent.length, 1, 'the feedback answer goes to the site');
  goals.searchSignals().results('пороги', 3, LATEST_VERSION);
  assert.equal(sent.length, 1, 'nothing while the query waits to settle');
  timers.shift()?.();
  assert.deepEqual(
    sent.map((url) => Object.fromEntries(new URLSearchParams(url.split('?')[1]))),
    [
      { goal: 'page_feedback', page: '/docs/guide/', answer: 'no', reason: 'outdated', version: LATEST_VERSION },
      { goal: 'search_query', query: 'пороги', hits: '3', version: LATEST_VERSION },
    ],
  );
  assert.ok(sent.every((url) => url.startsWith('/_signals?')));
});
