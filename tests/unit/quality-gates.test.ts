/** Pure helpers of the quality gates and the bench: page inventory and sample, English UI strings, bench report. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isRedirectPage, samplePages, sectionOf, sitemapPaths, versionOf } from '../../scripts/lib/bench-pages';
import { englishWords, isEnglishUiString } from '../../scripts/lib/bench-uitext';
import { compareMarkdown, parseGnuTime, toMarkdown, type BenchResult } from '../../scripts/lib/bench-report';
import { medianTime, referenceTask } from '../../scripts/lib/bench-calibrate';

test('sitemapPaths reads the paths of the <loc> entries whatever the host', () => {
  const xml =
    '<urlset><url><loc>https://docs.monq.ru/docs/guide/</loc></url><url><loc> https://docs.monq.ru/ </loc></url></urlset>';
  assert.deepEqual(sitemapPaths(xml), ['/docs/guide/', '/']);
});

test('isRedirectPage recognises the static redirect pages', () => {
  assert.equal(isRedirectPage('<html><head><meta http-equiv="refresh" content="0; url=/x/"></head></html>'), true);
  assert.equal(isRedirectPage('<html><head><title>Сигналы</title></head></html>'), false);
});

test('sectionOf and versionOf tell the parts of the site apart', () => {
  assert.equal(sectionOf('/docs/guide/signals/'), 'docs/guide');
  assert.equal(sectionOf('/docs/8.9/guide/signals/'), 'docs/8.9/guide');
  assert.equal(sectionOf('/upgrade/v7/changelog/v7-1-0/'), 'upgrade/v7');
  assert.equal(sectionOf('/upgrade/upgrade-policies/'), 'upgrade');
  assert.equal(sectionOf('/glossary/'), 'pages');
  assert.equal(versionOf('/docs/8.9/x/'), '8.9');
  assert.equal(versionOf('/docs/x/'), '9.0');
  assert.equal(versionOf('/upgrade/v9/'), 'upgrade');
  assert.equal(versionOf('/'), 'pages');
});

test('samplePages is deterministic, spans every section and includes the key pages', () => {
  const paths: string[] = ['/', '/glossary/'];
  for (let i = 0; i < 100; i += 1) paths.push(`/docs/guide/p${String(i).padStart(3, '0')}/`);
  for (let i = 0; i < 40; i += 1) paths.push(`/docs/8.9/reference/p${i}/`);
  for (let i = 0; i < 3; i += 1) paths.push(`/upgrade/v6-5/p${i}/`);
  const sample = samplePages(paths, 20, ['/glossary/']);
  assert.deepEqual(samplePages(paths.slice().reverse(), 20, ['/glossary/']), sample);
  assert.equal(sample.length, 20);
  assert.ok(sample.includes('/glossary/'));
  const sections = new Set(sample.map(sectionOf));
  assert.deepEqual(Array.from(sections).sort(), ['docs/8.9/reference', 'docs/guide', 'pages', 'upgrade/v6-5']);
  // larger sections get more pages, spread over the sorted list
  const guide = sample.filter((path) => path.startsWith('/docs/guide/'));
  assert.ok(guide.length > sample.filter((path) => path.startsWith('/docs/8.9/')).length);
  assert.ok(guide[0] !== '/docs/guide/p000/' || guide.length === 1);
  assert.deepEqual(samplePages(paths, 1000), Array.from(new Set(paths)).sort());
});

test('englishWords finds untranslated theme strings and lets product names and key names through', () => {
  assert.deepEqual(englishWords('On this page'), ['on', 'this', 'page']);
  assert.equal(isEnglishUiString('Edit this page'), true);
  assert.equal(isEnglishUiString('Skip to main content'), true);
  assert.equal(isEnglishUiString('Copy code to clipboard'), true);
  assert.equal(isEnglishUiString('Close'), true);
  assert.equal(isEnglishUiString('Monq Docs'), false);
  assert.equal(isEnglishUiString('Видео на YouTube'), false);
  assert.equal(isEnglishUiString('Клавиша Enter'), false);
  assert.equal(isEnglishUiString('Сигналы'), false);
  assert.equal(isEnglishUiString('SNMP-трапы'), false);
});

const run = (label: string, jsGzip: number): BenchResult => ({
  label,
  date: '2026-01-01T00:00:00.000Z',
  host: { cpus: 2, node: 'v20' },
  build: { wallSeconds: 18.5, cpuSeconds: 30.2, peakMemoryMb: 1200, pages: 370, msPerPage: 50, cpus: 2 },
  pages: [
    { page: '/', jsGzip, jsRaw: 3 * jsGzip, scripts: 2, lighthouse: { performance: 96, accessibility: 100, bestPractices: 100, seo: 100 } },
  ],
});

test('parseGnuTime reads wall time, CPU time and peak memory of `time -v`', () => {
  const text = [
    '\tUser time (seconds): 55.17',
    '\tSystem time (seconds): 2.90',
    '\tElapsed (wall clock) time (h:mm:ss or m:ss): 3:46.45',
    '\tMaximum resident set size (kbytes): 1262488',
  ].join('\n');
  const parsed = parseGnuTime(text);
  assert.ok(parsed);
  assert.equal(Math.round(parsed.wallSeconds * 100) / 100, 226.45);
  assert.equal(Math.round(parsed.cpuSeconds * 100) / 100, 58.07);
  assert.equal(parsed.peakMemoryMb, 1233);
  assert.equal(parseGnuTime('no figures'), null);
});

test('the Markdown report shows one run, and two runs side by side', () => {
  const one = toMarkdown(run('до', 190_000));
  assert.match(one, /\| Показатель \| до \|/);
  assert.match(one, /\| JS после первого ввода \(gzip\): \/ \| 190\.0 KB \|/);
  assert.match(one, /\| JS до первого ввода \(gzip\): \/ \| — \|/, 'a run without the figure shows a dash');
  assert.match(one, /\| Сборка: мс на страницу \| 50 \|/);
  assert.match(one, /96 \/ 100 \/ 100 \/ 100/);
  const both = compareMarkdown(run('до', 190_000), run('после', 118_000));
  assert.match(both, /\| JS после первого ввода \(gzip\): \/ \| 190\.0 KB \| 118\.0 KB \|/);
  const later = { ...run('после', 118_000) };
  later.pages = [{ ...later.pages[0]!, jsBeforeInputGzip: 0 }];
  assert.match(compareMarkdown(run('до', 190_000), later), /\| JS до первого ввода \(gzip\): \/ \| — \| 0\.0 KB \|/);
  assert.match(one, /\| Машина: эталонная задача до \/ после сборки, мс \| — \|/, 'a run without the machine figure shows a dash');
  const measured = run('после', 118_000);
  measured.build = { ...measured.build!, referenceMs: { before: 231.4, after: 298.6 } };
  assert.match(toMarkdown(measured), /\| Машина: эталонная задача до \/ после сборки, мс \| 231 \/ 299 \|/);
});

test('the reference task of the bench is deterministic, so its time measures only the machine', () => {
  // It reads no clock and no random source: with both made to throw, it still runs and gives the
  // checksum recorded here, the same in every process, so every run does exactly the same work.
  const { random } = Math;
  const { now } = Date;
  Math.random = () => {
    throw new Error('the reference task must not use Math.random');
  };
  Date.now = () => {
    throw new Error('the reference task must not read the clock');
  };
  try {
    assert.equal(referenceTask(20_000), 29186);
    assert.equal(referenceTask(20_001), 29190, 'a different size is different work');
  } finally {
    Math.random = random;
    Date.now = now;
  }
});

/** A clock under which the timed runs take `durations` ms in turn (each run reads it twice). */
function clockOf(durations: readonly number[]): { now: () => number; reads: () => number } {
  let time = 0;
  let reads = 0;
  return {
    now: () => {
      const value = time;
      if (reads % 2 === 0) time += durations[reads / 2] ?? 0;
      reads += 1;
      return value;
    },
    reads: () => reads,
  };
}

test('the machine speed is the median of the timed runs, after one untimed warm-up run', () => {
  const clock = clockOf([1, 3, 5, 7, 9]);
  let runs = 0;
  assert.equal(medianTime(5, () => (runs += 1), clock.now), 5);
  assert.equal(runs, 6, 'five timed runs and the warm-up');
  assert.equal(clock.reads(), 10, 'the warm-up is not timed');
  // Unsorted runs, a slow outlier among them: still the middle one.
  assert.equal(medianTime(3, () => undefined, clockOf([40, 2, 3]).now), 3);
});
