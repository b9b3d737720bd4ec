/** Pure helpers of the quality gates and the bench: page inventory and sample, English UI strings, the bench's report and medians. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isRedirectPage, samplePages, sectionOf, sitemapPaths, versionOf } from '../../scripts/lib/bench-pages';
import { englishWords } from '../../scripts/lib/bench-uitext';
import {
  compareMarkdown,
  median,
  percentile,
  spread,
  toMarkdown,
  type BenchResult,
  type PageFigures,
} from '../../scripts/lib/bench-report';

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
  for (const english of ['Edit this page', 'Skip to main content', 'Copy code to clipboard', 'Close']) {
    assert.notDeepEqual(englishWords(english), [], english);
  }
  for (const russian of ['Monq Docs', 'Видео на YouTube', 'Клавиша Enter', 'Сигналы', 'SNMP-трапы']) {
    assert.deepEqual(englishWords(russian), [], russian);
  }
});

const page = (ownGzip: number): PageFigures => ({
  page: '/',
  jsBeforeInputGzip: 0,
  ownGzip,
  jsGzip: ownGzip + 12_000,
  scripts: 9,
  lighthouse: { performance: 96, accessibility: 100, bestPractices: 100, seo: 100 },
});

const run = (label: string, ownGzip: number): BenchResult => ({
  label,
  date: '2026-01-01T00:00:00.000Z',
  host: { cpus: 2, node: 'v20' },
  build: { pages: 370, seconds: 52.34 },
  configurations: [
    { name: 'default', pages: [page(ownGzip)], firstClickPage: '/docs/x/', firstClickMs: [640, 590, 910], dialogMs: [1200, 1100, 1300] },
  ],
});

test('the Markdown report shows one run, and two runs side by side', () => {
  const one = toMarkdown(run('до', 119_500));
  assert.match(one, /\| Показатель \| до \|/);
  assert.match(one, /\| Сборка с нуля: страниц \/ с \| 370 \/ 52\.3 \|/);
  assert.match(one, /\| JS до первого ввода, KB gzip: \/ \(default\) \| 0\.0 \|/);
  assert.match(one, /\| JS после первого ввода, KB gzip, свой \/ с воркером поиска: \/ \(default\) \| 119\.5 \/ 131\.5 \|/);
  assert.match(one, /\| Lighthouse \(моб\.\) \/ \(default\): [^|]+\| 96 \/ 100 \/ 100 \/ 100 \|/);
  assert.match(one, /\| Первый щелчок по поиску → поле ввода, 4× ЦП, мс \(цель 1000\): \/docs\/x\/ \(default\) \| 640 \(590–910\) \|/);
  assert.match(toMarkdown(run('больше', 140_000)), /140\.0 \/ 152\.0 \(over 130 KB\)/, 'the page over the budget is marked');
  const later = run('после', 110_000);
  later.build = null;
  later.configurations.push({ ...later.configurations[0]!, name: 'metrica' });
  const both = compareMarkdown(run('до', 119_500), later);
  assert.match(both, /\| JS после первого ввода, KB gzip, свой \/ с воркером поиска: \/ \(default\) \| 119\.5 \/ 131\.5 \| 110\.0 \/ 122\.0 \|/);
  assert.match(both, /\| Сборка с нуля: страниц \/ с \| 370 \/ 52\.3 \| — \|/, 'a figure of one run only shows a dash in the other');
  assert.match(both, /\(metrica\) \| — \| 110\.0 \/ 122\.0 \|/);
});

test('medians and percentiles take the nearest rank; a spread shows the median and the range', () => {
  assert.equal(median([5, 1, 3]), 3);
  assert.equal(median([4, 1, 3, 2]), 2);
  assert.equal(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95), 10);
  assert.equal(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90), 9);
  assert.equal(spread([910, 640.4, 590]), '640 (590–910)');
  assert.equal(spread([]), '—');
});
