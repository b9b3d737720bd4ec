/** The signals sent to the site's own host (`DOCS_SIGNALS=site`): the switch, the request, the plugin. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { SIGNAL_FIELDS, pageVersion, signalUrl, signalValue } from '../../src/lib/reader/signals';
import { GOALS, GOAL_QUERY_LIMIT } from '../../src/lib/reader/goals';
import { readEnv } from '../../config/env';
import { analyticsPlugins } from '../../config/analytics';
import analyticsPlugin, { goalsAliases, metricaClientModule, siteSignalsClientModule } from '../../plugins/analytics/index';

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
