import assert from 'node:assert/strict';
import { test } from 'node:test';
import { existsSync } from 'node:fs';
import {
  GOALS,
  GOAL_QUERY_LIMIT,
  createSearchSignals,
  feedbackIssueUrl,
  feedbackKey,
  feedbackParams,
  goalQuery,
  searchVersion,
  type GoalParams,
} from '../../src/lib/reader/goals';
import analyticsPlugin, { goalsModulePath, metricaClientModule } from '../../plugins/analytics/index';
import { analyticsPlugins } from '../../config/analytics';
import { readEnv } from '../../config/env';
import { clientModules } from '../../config/clientModules';

/** Timers run by hand: `tick()` fires the one waiting timer. */
function manualTimers() {
  let waiting: (() => void) | null = null;
  return {
    timers: {
      set(callback: () => void) {
        waiting = callback;
        return 1;
      },
      clear() {
        waiting = null;
      },
    },
    tick() {
      const run = waiting;
      waiting = null;
      run?.();
    },
    get pending() {
      return waiting !== null;
    },
  };
}

function recorder() {
  const sent: Array<[string, GoalParams]> = [];
  return { sent, send: (goal: string, params: GoalParams) => sent.push([goal, params]) };
}

test('a burst of results is one goal, sent once the query settles', () => {
  const clock = manualTimers();
  const { sent, send } = recorder();
  const signals = createSearchSignals(send, clock.timers);
  for (const typed of ['п', 'по', 'пор', 'порог', 'пороги']) signals.results(typed, 10, '9.0');
  assert.equal(sent.length, 0, 'nothing on keystrokes');
  clock.tick();
  assert.deepEqual(sent, [[GOALS.search, { query: 'пороги', hits: 10, version: '9.0' }]]);
  // the same results again (the store emits on other changes): nothing new
  signals.results('пороги', 10, '9.0');
  clock.tick();
  assert.equal(sent.length, 1);
});

test('a query without hits is its own goal; an empty query is none', () => {
  const clock = manualTimers();
  const { sent, send } = recorder();
  const signals = createSearchSignals(send, clock.timers);
  signals.results('ъъъъ', 0, '8.9');
  clock.tick();
  signals.results('   ', 0, '8.9');
  assert.equal(clock.pending, false);
  assert.deepEqual(sent, [[GOALS.searchEmpty, { query: 'ъъъъ', hits: 0, version: '8.9' }]]);
});

test('opening a hit settles the query first, then sends the hit with its rank', () => {
  const clock = manualTimers();
  const { sent, send } = recorder();
  const signals = createSearchSignals(send, clock.timers);
  signals.results('агент', 25, '9.0');
  signals.hitOpen('/docs/guide/data-collect/monq-agent/', 3);
  assert.deepEqual(sent, [
    [GOALS.search, { query: 'агент', hits: 25, version: '9.0' }],
    [GOALS.hitOpen, { query: 'агент', rank: 3, url: '/docs/guide/data-collect/monq-agent/', version: '9.0' }],
  ]);
  assert.equal(clock.pending, false, 'no second goal for the same query later');
});

test('closing the dialog settles a waiting query; a hit without a query (recent searches) sends nothing', () => {
  const clock = manualTimers();
  const { sent, send } = recorder();
  const signals = createSearchSignals(send, clock.timers);
  signals.results('LDAP', 4, '9.0');
  signals.close();
  signals.hitOpen('/docs/guide/administration/ldap/', 1);
  assert.deepEqual(sent, [[GOALS.search, { query: 'LDAP', hits: 4, version: '9.0' }]]);
});

test('hostile queries are sent as plain text, cut to 100 characters', () => {
  assert.equal(goalQuery('<script>alert(1)</script>'), '<script>alert(1)</script>', 'HTML stays text (never interpreted)');
  assert.equal(goalQuery('\u202eпороги\u200b\u0000 агент\ufffd'), 'пороги агент');
  const long = 'я'.repeat(1000);
  assert.equal(goalQuery(long).length, GOAL_QUERY_LIMIT);
  // no half of a surrogate pair at the cut
  const emoji = '😀'.repeat(150);
  assert.equal(Array.from(goalQuery(emoji)).length, GOAL_QUERY_LIMIT);
  assert.ok(!/[\ud800-\udbff]$/.test(goalQuery(emoji)));
});

test('the version of a search comes from its facet filters', () => {
  assert.equal(searchVersion(['language:ru', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-9.0', 'docusaurus_tag:docs-upgrade-current']]), '9.0');
  assert.equal(searchVersion(['language:ru', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-8.9']]), '8.9');
  assert.equal(searchVersion(['language:ru', ['docusaurus_tag:default', 'docusaurus_tag:docs-upgrade-current']]), 'upgrade');
  assert.equal(searchVersion(undefined), 'site');
});

test('feedback: one key per page, the parameters of an answer, the issue link with the address', () => {
  assert.equal(feedbackKey('/docs/guide/thresholds/'), feedbackKey('/docs/guide/thresholds'));
  assert.notEqual(feedbackKey('/docs/guide/thresholds/'), feedbackKey('/docs/8.9/guide/thresholds/'));
  assert.deepEqual(feedbackParams('/docs/a/', 'yes', null), { page: '/docs/a/', answer: 'yes', reason: '' });
  assert.deepEqual(feedbackParams('/docs/a/', 'no', 'outdated'), { page: '/docs/a/', answer: 'no', reason: 'outdated' });
  assert.deepEqual(feedbackParams('/docs/a/', 'no', null), { page: '/docs/a/', answer: 'no', reason: 'none' });
  const url = new URL(feedbackIssueUrl('https://github.com/MONQDL/monq-docs/issues/new', 'https://docs.monq.ru/docs/a/', 'Пороги | Monq'));
  assert.equal(url.searchParams.get('title'), 'Страница: Пороги | Monq');
  assert.match(url.searchParams.get('body') ?? '', /https:\/\/docs\.monq\.ru\/docs\/a\//);
});

test('the goals module is the real one only in builds with the counter (not in PR previews)', () => {
  assert.match(goalsModulePath('/site', true), /src\/lib\/analytics\/goals\.ts$/);
  assert.match(goalsModulePath('/site', false), /goals-off\.ts$/);
  const options = (env: Record<string, string>) => (analyticsPlugins(readEnv(env))[0] as [unknown, { counter: boolean }])[1];
  assert.deepEqual(options({}), { counter: false, siteSignals: false });
  assert.deepEqual(options({ YANDEX_METRICA_ID: '10000001' }), { counter: true, siteSignals: false });
  assert.deepEqual(options({ YANDEX_METRICA_ID: '10000001', DOCS_PR_PREVIEW: 'true' }), { counter: false, siteSignals: false });
});

test('the counter\'s client module is registered only in builds with the counter', () => {
  const context = { siteDir: process.cwd() } as Parameters<typeof analyticsPlugin>[0];
  const withCounter = analyticsPlugin(context, { counter: true });
  assert.deepEqual(withCounter.getClientModules?.(), [metricaClientModule(process.cwd())]);
  assert.ok(existsSync(metricaClientModule(process.cwd())), 'src/clientModules/metrica.ts exists');
  assert.equal(analyticsPlugin(context, { counter: false }).getClientModules, undefined);
  assert.equal(clientModules.some((path) => path.includes('metrica')), false, 'config/clientModules.ts leaves it to plugins/analytics');
});
