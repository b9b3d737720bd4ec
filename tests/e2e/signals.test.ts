/**
 * Writers' signals through the analytics counter (plugins/analytics, src/lib/reader/goals.ts): the
 * page feedback and the search goals, in the build with a dummy counter id (scripts/build-variant.ts
 * metrica, the counter only), its tag answered by a stub that records the calls. The default build
 * renders no feedback, ships no code of it and sends nothing. The build with both destinations,
 * `DOCS_SIGNALS=site` and the dummy counter id (scripts/build-variant.ts signals), served by nginx with
 * deploy/nginx, sends each signal to both: the counter's stub records it and nginx logs it on
 * `/_signals`, once, with the time and the signal fields only. That the switch alone, without the
 * counter, brings the form and the signals is the plugin's decision: tests/unit/signals.test.ts.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { METRICA_STUB, axeViolations, buildDir, firstInput, hydrated, launchBrowser, openPage, siteUnderTest, startServer, visit, type OpenedPage } from './lib';
import { nginxBinary, startNginx, type RunningNginx } from '../../scripts/lib/nginx-server';
import { SIGNAL_FIELDS } from '../../src/lib/reader/signals';
import type { RunningServer } from '../../scripts/lib/static-server';
import { DUMMY_METRICA_ID, VARIANTS } from '../../scripts/build-variant';
import { METRICA_TAG_URL } from '../../src/shared/metrica';
import { GOALS, SEARCH_SETTLE_MS } from '../../src/lib/reader/goals';

const metricaBuildDir = resolve(process.env.MONQ_DOCS_METRICA_BUILD_DIR ?? VARIANTS.metrica!.outDir);
const signalsBuildDir = resolve(process.env.MONQ_DOCS_SIGNALS_BUILD_DIR ?? VARIANTS.signals!.outDir);
const site = siteUnderTest(metricaBuildDir);
const ID = Number(DUMMY_METRICA_ID);
const PAGE = '/docs/guide/thresholds/';
const FEEDBACK = 'section[aria-label="Отзыв о странице"]';

type Goal = [number, 'reachGoal', string, Record<string, string | number>];

async function withStub(opened: OpenedPage): Promise<Page> {
  await opened.page.route(METRICA_TAG_URL, (route: Route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: METRICA_STUB }),
  );
  return opened.page;
}

/** Goals sent so far: recorded by the stub, or still in the counter's queue (tag not loaded yet). */
function goals(page: Page): Promise<Goal[]> {
  return page.evaluate(() => {
    const w = window as unknown as { __ymCalls?: unknown[][]; ym?: { a?: ArrayLike<unknown>[] } };
    const calls = w.__ymCalls ?? Array.from(w.ym?.a ?? [], (args) => JSON.parse(JSON.stringify(Array.from(args))) as unknown[]);
    return calls.filter((call) => call[1] === 'reachGoal') as Goal[];
  });
}

/** Goals recorded by the counter's tag (the stub), once it has loaded: the queue alone is not the counter. */
async function counterGoals(page: Page, count: number): Promise<Goal[]> {
  await page.waitForFunction(() => Array.isArray((window as unknown as { __ymCalls?: unknown }).__ymCalls), null, { timeout: 15_000 });
  return goalsReaching(page, count);
}

async function goalsReaching(page: Page, count: number): Promise<Goal[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const sent = await goals(page);
    if (sent.length >= count || Date.now() > deadline) return sent;
    await page.waitForTimeout(100);
  }
}

async function typeQuery(page: Page, query: string): Promise<void> {
  const input = page.locator('.DocSearch-Input');
  await input.fill('');
  await input.pressSequentially(query, { delay: 60 });
}

describe('default build: no feedback, no goals', () => {
  let server: RunningServer;
  before(async () => {
    server = await startServer(buildDir);
  });
  after(async () => {
    await server?.close();
  });

  test('the doc page has no feedback form and no code of the signals ships', async () => {
    const opened = await site.open({ viewport: { width: 1280, height: 900 } });
    const { page } = opened;
    const signalRequests: string[] = [];
    page.on('request', (request) => {
      if (/_signals/.test(request.url())) signalRequests.push(request.url());
    });
    await visit(page, server.url + PAGE);
    assert.equal(await page.locator(FEEDBACK).count(), 0);
    await page.click('.DocSearch-Button');
    await typeQuery(page, 'пороги');
    await page.locator('.DocSearch-Hit a').first().waitFor();
    await page.waitForTimeout(SEARCH_SETTLE_MS + 300);
    assert.equal(await page.evaluate(() => typeof (window as unknown as { ym?: unknown }).ym), 'undefined');
    assert.deepEqual(opened.offHost, []);
    assert.deepEqual(signalRequests, [], 'no request to /_signals');
    const scripts = readdirSync(join(buildDir, 'assets', 'js')).filter((name) => name.endsWith('.js'));
    const withGoals = scripts.filter((name) => /page_feedback|search_hit_open|_signals\?|keepalive|pagehide/.test(readFileSync(join(buildDir, 'assets', 'js', name), 'utf8')));
    assert.deepEqual(withGoals, [], 'no script of the default build carries the goals, the signals to the site or their client module');
    const variantScripts = readdirSync(join(metricaBuildDir, 'assets', 'js')).filter((name) => name.endsWith('.js'));
    assert.ok(
      variantScripts.some((name) => /page_feedback/.test(readFileSync(join(metricaBuildDir, 'assets', 'js', name), 'utf8'))),
      'the build with the counter carries them (so the check above can fail)',
    );
    const signalsScripts = readdirSync(join(signalsBuildDir, 'assets', 'js')).filter((name) => name.endsWith('.js'));
    assert.ok(
      signalsScripts.some((name) => /keepalive/.test(readFileSync(join(signalsBuildDir, 'assets', 'js', name), 'utf8'))),
      'the build with DOCS_SIGNALS=site carries the request (so the check above can fail)',
    );
  });
});

describe('build with the counter: page feedback', () => {
  test('«Нет», then a reason: one goal with the page, the answer and the reason; remembered after a reload', async () => {
    const opened = await site.open({ viewport: { width: 1280, height: 900 } });
    const page = await withStub(opened);
    await visit(page, site.server.url + PAGE);
    const form = page.locator(FEEDBACK);
    await form.scrollIntoViewIfNeeded();
    assert.equal(await form.getByRole('group', { name: 'Была ли страница полезной?' }).count(), 1, 'the question names its buttons');
    await form.getByRole('button', { name: 'Нет', exact: true }).click();
    const reasons = form.getByRole('group', { name: /Что было не так/ });
    await reasons.waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Нет нужного', 'the focus moves to the first reason');
    assert.deepEqual(await goals(page), [], 'nothing is sent before the reason (or leaving the page)');
    const issue = form.getByRole('link', { name: /откройте задачу/ });
    const issueUrl = new URL((await issue.getAttribute('href')) ?? '');
    assert.match(issueUrl.searchParams.get('body') ?? '', new RegExp(`${site.server.url}${PAGE}`));
    await reasons.getByRole('button', { name: 'Устарело' }).click();
    await form.getByRole('status').waitFor();
    const sent = await goalsReaching(page, 1);
    assert.deepEqual(sent, [[ID, 'reachGoal', GOALS.feedback, { page: PAGE, answer: 'no', reason: 'outdated' }]]);

    await page.reload();
    await hydrated(page);
    await page.locator(`${FEEDBACK} [role="status"]`).waitFor();
    assert.equal(await page.locator(`${FEEDBACK} button`).count(), 0, 'one answer per page: the question is not asked again');
    await page.waitForTimeout(300);
    assert.deepEqual(await goals(page), [], 'the reload sends no second answer');
    assert.deepEqual(opened.consoleErrors, []);
  });

  test('«Да» from the keyboard, and a click made before the page is interactive, each send one goal', async () => {
    const opened = await site.open({ viewport: { width: 1280, height: 900 } });
    const page = await withStub(opened);
    await visit(page, site.server.url + '/docs/guide/metrics/');
    const yes = page.locator(FEEDBACK).getByRole('button', { name: 'Да', exact: true });
    await yes.focus();
    await page.keyboard.press('Enter');
    await page.locator(`${FEEDBACK} [role="status"]`).waitFor();
    assert.deepEqual(await goalsReaching(page, 1), [[ID, 'reachGoal', GOALS.feedback, { page: '/docs/guide/metrics/', answer: 'yes', reason: '' }]]);

    // A cold page: the click is the reader's first input; the boot holds it and replays it.
    await page.goto(site.server.url + '/docs/guide/signals/');
    const coldYes = page.locator(FEEDBACK).getByRole('button', { name: 'Да', exact: true });
    await coldYes.scrollIntoViewIfNeeded();
    assert.equal(await page.locator('html[data-has-hydrated="true"]').count(), 0, 'the page is not interactive yet');
    await coldYes.click();
    await page.locator(`${FEEDBACK} [role="status"]`).waitFor({ timeout: 45_000 });
    assert.deepEqual(await goalsReaching(page, 1), [[ID, 'reachGoal', GOALS.feedback, { page: '/docs/guide/signals/', answer: 'yes', reason: '' }]]);
    assert.deepEqual(opened.consoleErrors, []);
  });

  for (const [width, colorScheme] of [[1280, 'light'], [360, 'dark']] as const) {
    test(`axe finds nothing serious in the form and its reasons (${width} px, ${colorScheme})`, async () => {
      const opened = await site.open({ viewport: { width, height: 800 }, colorScheme });
      const page = await withStub(opened);
      await visit(page, site.server.url + '/docs/guide/metrics-thresholds/');
      await page.locator(FEEDBACK).scrollIntoViewIfNeeded();
      assert.deepEqual(await axeViolations(page, undefined, FEEDBACK), []);
      await page.locator(FEEDBACK).getByRole('button', { name: 'Нет', exact: true }).click();
      await page.locator(FEEDBACK).getByRole('button', { name: 'Непонятно' }).waitFor();
      assert.deepEqual(await axeViolations(page, undefined, FEEDBACK), []);
    });
  }
});

describe('build with the counter: search goals', () => {
  test('one goal per settled query, none on keystrokes; a 0-hit goal; a hit opened with its rank', async () => {
    const opened = await site.open({ viewport: { width: 1280, height: 900 } });
    const page = await withStub(opened);
    const siteRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/_signals')) siteRequests.push(request.url());
    });
    await visit(page, site.server.url + PAGE);
    await page.click('.DocSearch-Button');
    await typeQuery(page, 'пороги');
    await page.locator('.DocSearch-Hit a').first().waitFor();
    assert.deepEqual(await goals(page), [], 'nothing while the reader types');
    const [settled] = await goalsReaching(page, 1);
    assert.equal(settled?.[2], GOALS.search);
    assert.equal(settled?.[3].query, 'пороги');
    assert.equal(settled?.[3].version, '9.0');
    assert.ok(Number(settled?.[3].hits) > 0);
    await page.waitForTimeout(SEARCH_SETTLE_MS + 300);
    assert.equal((await goals(page)).length, 1, 'one goal for the settled query');

    await typeQuery(page, 'ъъъъ');
    await page.locator('.DocSearch-NoResults').waitFor();
    const empty = (await goalsReaching(page, 2))[1];
    assert.deepEqual(empty, [ID, 'reachGoal', GOALS.searchEmpty, { query: 'ъъъъ', hits: 0, version: '9.0' }]);

    // A hostile query: sent as text, cut to 100 characters.
    await page.locator('.DocSearch-Input').fill('<b>агент</b>\u202e' + 'я'.repeat(1000));
    const hostile = (await goalsReaching(page, 3))[2];
    // The dialog's input keeps the first 64 characters (DocSearch's limit); the goal keeps the text as text.
    const sentQuery = String(hostile?.[3].query);
    assert.match(sentQuery, /^<b>агент<\/b> я{40,87}$/);

    await typeQuery(page, 'агент');
    const links = page.locator('.DocSearch-Dropdown .DocSearch-Hit a');
    await links.nth(1).waitFor();
    const href = (await links.nth(1).getAttribute('href')) ?? '';
    await links.nth(1).click();
    await page.waitForURL((url) => url.pathname === href.split('#')[0]);
    const sent = await goalsReaching(page, 5);
    assert.deepEqual(sent.slice(3).map((goal) => goal[2]), [GOALS.search, GOALS.hitOpen], 'the query settles before the hit is opened');
    assert.equal(sent[3]?.[3].query, 'агент');
    assert.deepEqual(sent[4], [ID, 'reachGoal', GOALS.hitOpen, { query: 'агент', rank: 2, url: href, version: '9.0' }]);
    for (const goal of sent) assert.ok(String(goal[3].query).length <= 100);
    assert.deepEqual(siteRequests, [], 'the build with the counter only sends nothing to the site');
    assert.deepEqual(opened.consoleErrors, []);
  });

  test('with the counter unreachable, the page, the feedback and the search keep working', async () => {
    const opened = await site.open({ viewport: { width: 1280, height: 900 } });
    const { page } = opened;
    await page.route(METRICA_TAG_URL, (route: Route) => route.abort('connectionrefused'));
    await page.goto(site.server.url + PAGE);
    await firstInput(page);
    await hydrated(page);
    await page.locator(FEEDBACK).getByRole('button', { name: 'Да', exact: true }).click();
    await page.locator(`${FEEDBACK} [role="status"]`).waitFor();
    await page.click('.DocSearch-Button');
    await typeQuery(page, 'пороги');
    await page.locator('.DocSearch-Hit a').first().waitFor();
    const queued = await goalsReaching(page, 2);
    assert.deepEqual(queued.map((goal) => goal[2]), [GOALS.feedback, GOALS.search], 'the goals wait in the counter queue');
    const ours = opened.consoleErrors.filter((line) => !/mc\.yandex|ERR_CONNECTION_REFUSED|Failed to load resource/.test(line));
    assert.deepEqual(ours, [], 'no console error from our code');
  });
});

describe('build with both destinations (DOCS_SIGNALS=site and the counter) on nginx (deploy/nginx): each signal reaches the counter and the site\'s own log', { skip: nginxBinary() === null ? 'nginx is not installed' : false }, () => {
  let nginx: RunningNginx;
  before(async () => {
    nginx = await startNginx({ siteRoot: signalsBuildDir });
  });
  after(async () => {
    await nginx?.stop();
  });

  /** The lines of the signals log, once it has `count` of them (nginx writes each at once). */
  async function logLines(count: number): Promise<Record<string, string>[]> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const lines = nginx.signalsLog().split('\n').filter(Boolean);
      if (lines.length >= count || Date.now() > deadline) return lines.map((line) => JSON.parse(line) as Record<string, string>);
      await new Promise((done) => setTimeout(done, 100));
    }
  }

  /** The site's log line carries the counter's goal and its params (the log keeps them percent-encoded). */
  function sameSignal(line: Record<string, string>, goal: Goal | undefined, what: string): void {
    assert.equal(line.goal, goal?.[2], `${what}: the same goal at both destinations`);
    for (const [name, value] of Object.entries(goal?.[3] ?? {})) {
      assert.equal(decodeURIComponent(line[name] ?? ''), String(value), `${what}: the same ${name} at both destinations`);
    }
  }

  test('a feedback answer, settled queries and an opened hit: one goal at the counter and one log line each, the time and the allowed fields only', async () => {
    const browser = await launchBrowser();
    try {
      const opened = await openPage(browser, { viewport: { width: 1280, height: 900 } });
      const { offHost, consoleErrors } = opened;
      const page = await withStub(opened);
      const requests: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/_signals')) requests.push(request.url());
      });
      await visit(page, nginx.url + PAGE);
      const form = page.locator(FEEDBACK);
      await form.scrollIntoViewIfNeeded();
      await form.getByRole('button', { name: 'Нет', exact: true }).click();
      await form.getByRole('group', { name: /Что было не так/ }).getByRole('button', { name: 'Устарело' }).click();
      await form.getByRole('status').waitFor();
      const [feedback] = await logLines(1);
      assert.deepEqual(Object.keys(feedback ?? {}), ['time', ...SIGNAL_FIELDS], 'the time and the signal fields, nothing else');
      assert.match(feedback!.time!, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
      assert.deepEqual({ ...feedback, time: '' }, { time: '', goal: 'page_feedback', page: '%2Fdocs%2Fguide%2Fthresholds%2F', answer: 'no', reason: 'outdated', query: '', hits: '', rank: '', url: '', version: '9.0' });
      assert.deepEqual(await counterGoals(page, 1), [[ID, 'reachGoal', GOALS.feedback, { page: PAGE, answer: 'no', reason: 'outdated' }]], 'the same answer reaches the counter, once');
      sameSignal(feedback!, (await goals(page))[0], 'the feedback');

      await page.click('.DocSearch-Button');
      await typeQuery(page, 'пороги');
      await page.locator('.DocSearch-Hit a').first().waitFor();
      assert.equal((await logLines(1)).length, 1, 'nothing while the reader types');
      const settled = (await logLines(2))[1]!;
      assert.equal(settled.goal, 'search_query');
      assert.equal(decodeURIComponent(settled.query!), 'пороги');
      assert.ok(Number(settled.hits) > 0);
      assert.equal(settled.version, '9.0');
      await page.waitForTimeout(SEARCH_SETTLE_MS + 300);
      assert.equal((await logLines(2)).length, 2, 'one line for the settled query');
      const counted = await goals(page);
      assert.equal(counted.length, 2, 'one goal at the counter for the settled query');
      sameSignal(settled, counted[1], 'the settled query');

      // A hostile query: sent as text (percent-encoded), without the bidi mark, cut.
      await page.locator('.DocSearch-Input').fill('<b>агент</b>"\\\u202e' + 'я'.repeat(1000));
      const hostile = (await logLines(3))[2]!;
      assert.doesNotMatch(JSON.stringify(hostile), /[<>\u202e]/);
      assert.match(decodeURIComponent(hostile.query!), /^<b>агент<\/b>"\\ я{30,90}$/);

      await typeQuery(page, 'агент');
      const links = page.locator('.DocSearch-Dropdown .DocSearch-Hit a');
      await links.nth(1).waitFor();
      const href = (await links.nth(1).getAttribute('href')) ?? '';
      await links.nth(1).click();
      await page.waitForURL((url) => url.pathname === href.split('#')[0]);
      const lines = await logLines(5);
      assert.deepEqual(lines.slice(3).map((line) => line.goal), ['search_query', 'search_hit_open']);
      assert.deepEqual({ ...lines[4], time: '' }, { time: '', goal: 'search_hit_open', page: '', answer: '', reason: '', query: '%D0%B0%D0%B3%D0%B5%D0%BD%D1%82', hits: '', rank: '2', url: encodeURIComponent(href), version: '9.0' });
      for (const line of lines) assert.deepEqual(Object.keys(line), ['time', ...SIGNAL_FIELDS]);
      assert.equal(requests.length, 5, 'one request per signal');
      const counter = await goalsReaching(page, 5);
      assert.equal(counter.length, 5, 'one goal at the counter per signal');
      lines.forEach((line, index) => sameSignal(line, counter[index], `signal ${index + 1}`));
      assert.deepEqual(offHost, []);
      assert.deepEqual(consoleErrors, []);
      const main = readFileSync(join(nginx.prefix, 'logs', 'access.log'), 'utf8');
      assert.doesNotMatch(main, /_signals/, 'the main log does not hold the signals');
      assert.match(main, /GET \/docs\/guide\/thresholds\/ /, 'while it holds the pages (so the check above can fail)');
    } finally {
      await browser.close();
    }
  });

  test('a hand-made request with quotes, backslashes and a new line stays one valid JSON line; the reply is 204', async () => {
    const before = nginx.signalsLog().split('\n').filter(Boolean).length;
    const { get } = await import('../fixtures/http');
    const reply = await get(nginx.url, '/_signals?goal=search_no_results&query=a"b\\c%0A%22%3Cx%3E&hits=0&ip=1', { Cookie: 'session=secret', Referer: 'http://example.invalid/', 'User-Agent': 'agent-secret' });
    assert.equal(reply.status, 204);
    assert.equal(reply.headers['cache-control'], 'no-store');
    const lines = await logLines(before + 1);
    const line = lines.at(-1)!;
    assert.deepEqual(Object.keys(line), ['time', ...SIGNAL_FIELDS]);
    // the backslash arrives raw and is escaped by the log format; the rest stays percent-encoded
    assert.match(line.query!, /^a(?:"|%22)b\\c%0A%22%3Cx%3E$/);
    assert.equal(decodeURIComponent(line.query!), 'a"b\\c\n"<x>');
    assert.doesNotMatch(nginx.signalsLog(), /secret|example\.invalid|127\.0\.0\.1/);
  });
});
