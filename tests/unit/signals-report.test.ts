/** The writers' report of the signals log (scripts/lib/signals-report.ts) on a fixture log. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { barChart, buildReport, csvCell, decodeValue, escapeHtml, parseLog, renderCsv, renderHtml, versionsOf, weekOf } from '../../scripts/lib/signals-report';
import { GOAL_QUERY_LIMIT } from '../../src/lib/reader/goals';

const FIXTURE = 'tests/fixtures/signals/monq-docs-signals.log';
const signals = parseLog(readFileSync(FIXTURE, 'utf8'));

test('every signal line is read; garbage, other log formats and unknown goals are not', () => {
  assert.equal(signals.length, 16);
  assert.equal(signals.filter((s) => s.goal === 'page_feedback').length, 5);
  assert.deepEqual(versionsOf(signals), ['9.0', '8.9', '9.0<b>']);
});

test('weeks start on Monday; values are decoded, a malformed one kept readable', () => {
  assert.equal(weekOf('2026-11-30T09:00:00+03:00'), '2026-11-30');
  assert.equal(weekOf('2026-12-06T23:59:59+03:00'), '2026-11-30');
  assert.equal(weekOf('2026-11-29T10:00:00+03:00'), '2026-11-23');
  assert.equal(weekOf('garbage'), '?');
  assert.equal(decodeValue('%D0%B0%D0%B3%D0%B5%D0%BD%D1%82'), 'агент');
  assert.equal(decodeValue('a%ZZ%0Ab'), 'a%ZZ\nb');
});

test('the report holds what the fixture log holds', () => {
  const report = buildReport(signals);
  assert.equal(report.total, 16);
  assert.deepEqual(report.noResults[0], { query: 'ldap sso', count: 2, versions: ['9.0'] }, 'case and spaces do not split a query');
  assert.deepEqual(
    report.noResults.map((row) => row.count),
    [2, 1, 1, 1],
  );
  assert.ok(report.noResults.some((row) => row.query === 'кликхаус' && row.versions.join() === '8.9'));
  assert.deepEqual(report.unopened, [{ query: 'пороги', searches: 2, hits: 12, versions: ['9.0'] }], '«агент» and «метрики» had a hit opened');
  assert.equal(report.ranks.find((row) => row.rank === '3')?.count, 1);
  assert.equal(report.ranks.find((row) => row.rank === '11+')?.count, 1);
  assert.equal(report.ranks.find((row) => row.rank === '1')?.count, 0);
  assert.deepEqual(report.pages, [
    { page: '/docs/guide/thresholds/', no: 2, yes: 1, reasons: { outdated: 1, none: 1 } },
    { page: '/docs/8.9/guide/', no: 1, yes: 0, reasons: { missing: 1 } },
  ]);
  assert.deepEqual(
    report.weeks.map((row) => [row.key, row.searches, row.noResults, row.opened, row.yes, row.no]),
    [
      ['2026-11-23', 3, 1, 1, 0, 2],
      ['2026-11-30', 6, 4, 1, 2, 1],
    ],
  );
  assert.deepEqual(
    buildReport(signals.filter((s) => s.version === '8.9')).pages,
    [{ page: '/docs/8.9/guide/', no: 1, yes: 0, reasons: { missing: 1 } }],
  );
});

test('hostile text (HTML, bidi marks, 1,000 characters) is cut and escaped in the report and the CSV', () => {
  const hostile = signals.find((s) => s.query.startsWith('<img'));
  assert.ok(hostile);
  assert.equal(Array.from(hostile.query).length, GOAL_QUERY_LIMIT);
  assert.doesNotMatch(hostile.query, /[\u202a-\u202e\u2066-\u2069]/);
  const broken = signals.find((s) => s.query.startsWith('a"b'));
  assert.equal(broken?.query, 'a"b%ZZ c', 'a new line and a bidi mark become a space');
  const html = renderHtml(signals, '2026-12-02 10:00');
  assert.doesNotMatch(html, /<img|<b>|onerror=alert\(1\)>/);
  assert.match(html, /&#60;img src=x onerror=alert\(1\)&#62; я+/);
  assert.doesNotMatch(html, /[\u202a-\u202e\u2066-\u2069]/);
  assert.doesNotMatch(html, /<script|<img|<link|href=|url\(|https?:\/\//, 'no script and no outside request');
  const csv = renderCsv(signals);
  assert.match(csv, /"без результатов","все","<img src=x onerror=alert\(1\)> я+"/);
  assert.equal(csvCell('=HYPERLINK("x")'), `"'=HYPERLINK(""x"")"`);
  assert.equal(csvCell(3), '"3"');
});

test('the report page: charts, tables, by week and by version', () => {
  const html = renderHtml(signals, '2026-12-02 10:00');
  for (const heading of ['Запросы без результатов', 'Запросы, результаты которых никто не открыл', 'Место открытого результата в списке', 'Страницы с ответом «Нет»', 'По неделям', 'По версиям документации']) {
    assert.ok(html.includes(`>${heading}<`), heading);
  }
  assert.ok((html.match(/<svg /g) ?? []).length >= 4);
  assert.match(html, /<summary>Версия 8\.9, сигналов: 4<\/summary>/);
  assert.match(html, /Устарело: 1, Без причины: 1|Без причины: 1, Устарело: 1/);
  assert.match(html, /неделя с 2026-11-30/);
});

test('a bar chart: one bar per row, widths in proportion, labels escaped and cut', () => {
  const svg = barChart([{ label: 'a<b', value: 10 }, { label: 'я'.repeat(80), value: 5 }, { label: 'c', value: 0 }], 'Т"');
  assert.equal((svg.match(/<rect /g) ?? []).length, 3);
  assert.match(svg, /width="360" height="14"/);
  assert.match(svg, /width="180" height="14"/);
  assert.match(svg, /width="0" height="14"/);
  assert.match(svg, /a&#60;b/);
  // Cut to what fits beside the bars (a 60-character label ran off the chart's left edge); whole on hover.
  assert.match(svg, new RegExp(`</title>${'я'.repeat(43)}…<`));
  assert.match(svg, new RegExp(`<title>${'я'.repeat(80)}</title>`));
  assert.match(svg, /aria-label="Т&#34;"/);
  assert.equal(escapeHtml(`<&>"'`), '&#60;&#38;&#62;&#34;&#39;');
});

test('npm run signals:report writes the HTML page and the CSV; --help answers', () => {
  const out = mkdtempSync(join(tmpdir(), 'monq-signals-report-'));
  try {
    const help = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/signals-report.ts', '--help'], { encoding: 'utf8' });
    assert.equal(help.status, 0);
    assert.match(help.stdout, /npm run signals:report/);
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/signals-report.ts', FIXTURE, '--out', out], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /Сигналов: 16/);
    assert.equal(readFileSync(join(out, 'signals-report.html'), 'utf8'), renderHtml(signals, /Отчёт составлен ([^.]+)\./.exec(readFileSync(join(out, 'signals-report.html'), 'utf8'))![1]!));
    assert.equal(readFileSync(join(out, 'signals-report.csv'), 'utf8'), renderCsv(signals));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
