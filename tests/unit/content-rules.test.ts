import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  changesNoteProblems,
  checkDocPage,
  headingsWithoutId,
  imagesWithoutAlt,
  linkCount,
  pageKind,
  parsePage,
  placeholderHits,
  proseWords,
  sourcesProblems,
  SUPPORT_NOTICES_PER_PAGE,
  supportNotices,
  yamlKeyConflicts,
  yamlKeys,
} from '../../scripts/lib/content-rules';
import { DOCS_89, DOCS_90, UPGRADE } from '../../scripts/lib/route-map';

const words = (n: number) => Array.from({ length: n }, (_, i) => `слово${i}`).join(' ');

test('prose words leave out code blocks, inline code, imports, tags and heading ids', () => {
  const body = [
    "import DocCardList from '@theme/DocCardList';",
    '## Раздел {#section}',
    'Три слова здесь `и код` <b>жирно</b>',
    '```yaml',
    'jobs: много слов в коде',
    '```',
  ].join('\n');
  assert.equal(proseWords(body), 5); // Раздел, Три, слова, здесь, жирно
});

test('front matter that YAML cannot read is reported, not guessed', () => {
  const parsed = parsePage('---\ntitle: Сигналы\ndescription: Сигналы: жизненный цикл\n---\nТекст');
  assert.match(parsed.frontMatterError ?? '', /YAML|mapping/i);
  assert.equal(parsePage('---\ntitle: "А: Б"\n---\nТекст').frontMatter.title, 'А: Б');
});

test('placeholders are found in prose but not in code', () => {
  assert.deepEqual(placeholderHits('Раздел в разработке'), ['Раздел в разработке']);
  assert.equal(placeholderHits('TODO: дописать').length, 1);
  assert.equal(placeholderHits('```\n// TODO in code\n```').length, 0);
  assert.equal(placeholderHits('Методы TODOS и Lorem').length, 0);
});

test('headings need an explicit Latin id; images need alt text', () => {
  assert.deepEqual(headingsWithoutId('## Есть {#has-id}\n### Нет\n# H1 не в счёт'), ['### Нет']);
  assert.deepEqual(imagesWithoutAlt('![](/img/a.svg)\n![Схема](/img/b.svg)\n<img src="c.svg">\n<img alt="Да" src="d.svg">'), [
    '/img/a.svg',
    '<img src="c.svg">',
  ]);
});

test('links are counted without images', () => {
  assert.equal(linkCount('[a](./a.md) и [b](/glossary#signal), ![img](/img/x.svg)'), 2);
});

test('page kinds and the whole bar on one page', () => {
  assert.equal(pageKind('guide/index.mdx', {}), 'index');
  assert.equal(pageKind('v6-5/v6-1-0.md', { facts_status: 'sparse' }), 'sparse');
  const good = `---\ntitle: "Страница"\ndescription: "Описание"\nsidebar_position: 1\nsources:\n  - https://docs.monq.ru/docs/guide/signals\n---\n## Раздел {#part}\n${words(300)} [a](./a.md) [b](./b.md)\n`;
  assert.deepEqual(checkDocPage('a.md', good), []);
  const unsourced = good.replace('sources:\n  - https://docs.monq.ru/docs/guide/signals\n', '');
  assert.deepEqual(
    checkDocPage('a.md', unsourced).map(({ problem }) => problem),
    ['no sources: in front matter (list the public sources of the page facts)'],
  );
  const bad = `---\ntitle: "Страница"\n---\n## Раздел\n${words(10)} TODO\n![](/img/x.svg)\n`;
  const problems = checkDocPage('b.md', bad).map(({ problem }) => problem);
  assert.ok(problems.some((p) => p.includes('description')));
  assert.ok(problems.some((p) => p.includes('sidebar_position')));
  assert.ok(problems.some((p) => p.includes('words of prose')));
  assert.ok(problems.some((p) => p.includes('placeholder')));
  assert.ok(problems.some((p) => p.includes('heading without')));
  assert.ok(problems.some((p) => p.includes('alt text')));
  assert.ok(problems.some((p) => p.includes('two links')));
});

test('the route map: 9.0 and 8.9 differ exactly as the spec says', () => {
  assert.ok(DOCS_90.includes('guide/data-collect/data-miners'));
  assert.ok(!DOCS_89.includes('guide/data-collect/data-miners'));
  assert.ok(DOCS_89.includes('guide/administration/user-groups'));
  assert.ok(DOCS_89.includes('reference/microservices'));
  assert.ok(!DOCS_90.includes('reference/microservices'));
  assert.ok(!DOCS_89.includes('reference/logs-queries'));
  assert.equal(new Set(DOCS_90).size, DOCS_90.length);
});

/** The route of each page file under `root`: `v9/changelog/v9-0-1.md` → `v9/changelog/v9-0-1`, `v9/index.mdx` → `v9`. */
function pageRoutes(root: string): string[] {
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((file) => /\.mdx?$/.test(file))
    .map((file) => file.replace(/\\/g, '/').replace(/\.mdx?$/, '').replace(/(?:^|\/)index$/, ''));
}

test('the route map of the upgrade notes lists exactly the pages of upgrade/: none missing, none unlisted', () => {
  const files = pageRoutes('upgrade');
  assert.deepEqual(files.filter((route) => !UPGRADE.includes(route)), [], 'pages of upgrade/ the route map does not list');
  assert.deepEqual(UPGRADE.filter((route) => !files.includes(route)), [], 'routes of the map without a page');
  assert.equal(new Set(UPGRADE).size, UPGRADE.length, 'no route twice');
});

test('sources in the front matter are a list of distinct http(s) URLs', () => {
  assert.deepEqual(sourcesProblems({}), []);
  assert.deepEqual(sourcesProblems({ sources: ['https://docs.monq.ru/docs/8.9/guide/thresholds'] }), []);
  assert.deepEqual(sourcesProblems({ sources: 'https://docs.monq.ru/' }), ['sources: must be a non-empty list of URLs']);
  assert.deepEqual(sourcesProblems({ sources: [] }), ['sources: must be a non-empty list of URLs']);
  assert.deepEqual(sourcesProblems({ sources: ['monq-facts.md', 'https://monq.ru/x', 'https://monq.ru/x'] }), [
    'sources: not an http(s) URL: "monq-facts.md"',
    'sources: listed twice: https://monq.ru/x',
  ]);
  assert.deepEqual(sourcesProblems({ sources: ['https://docsearch.algolia.com/mcp/docs/website/docs.monq.ru'] }), [
    'sources: a search index, not a page: https://docsearch.algolia.com/mcp/docs/website/docs.monq.ru',
  ]);
  const page = '---\ntitle: "Т"\ndescription: "О"\nsidebar_position: 1\nsources: [42]\n---\n';
  assert.ok(checkDocPage('guide/x.md', page).some(({ problem }) => problem === 'sources: not an http(s) URL: 42'));
});

test('support notices are counted per sentence, code left out', () => {
  const body = [
    'Релиз 8.4.0 входит в линию Monq 8. Инструкцию запросите в технической поддержке. Порядок работ ниже.',
    '',
    'Даты выхода не опубликованы',
    '',
    '```bash',
    'echo "обратитесь в поддержку"',
    '```',
  ].join('\n');
  assert.deepEqual(supportNotices(body), ['Инструкцию запросите в технической поддержке.', 'Даты выхода не опубликованы']);
  assert.deepEqual(supportNotices('Агент поддерживает Linux и Windows.'), []);
});

test('the upgrade notes stay within one support notice per page on average', () => {
  // The same count check:content makes over upgrade/, so that the rule cannot silently stop applying.
  const files = readdirSync('upgrade', { recursive: true, encoding: 'utf8' }).filter((f) => /\.mdx?$/.test(f));
  const notices = files.reduce((sum, f) => sum + supportNotices(parsePage(readFileSync(join('upgrade', f), 'utf8')).body).length, 0);
  assert.ok(files.length > 90, `upgrade pages found: ${files.length}`);
  assert.ok(notices <= SUPPORT_NOTICES_PER_PAGE * files.length, `${notices} notices on ${files.length} pages`);
});

test('YAML keys are read from yaml code blocks only', () => {
  const body = [
    'Поле `streamKey: x` в тексте не считается.',
    '```yaml',
    'continuous-jobs:',
    '  - name: a',
    '    buffer:',
    '      input-name: tcp.a',
    '```',
    '```bash',
    'streamKey: not-yaml',
    '```',
  ].join('\n');
  assert.deepEqual(yamlKeys(body), ['continuous-jobs', 'name', 'buffer', 'input-name']);
});

test('one YAML key spelled two ways across the pages of a version is a conflict', () => {
  const withForm = '```yaml\n- init-step:\n    with:\n      bufferType: memory\n      streamKey: k\n      chunkSize: 20\n```';
  const bufferForm = '```yaml\n- buffer:\n    type: memory\n    chunk-size: 32768\n  artifacts:\n    - send-to:\n        monq:\n          stream-key: k\n```';
  const conflicts = yamlKeyConflicts(new Map([['tail.md', withForm], ['monq-agent.md', bufferForm]]));
  assert.equal(conflicts.length, 3);
  assert.ok(conflicts.some((c) => c.includes('`bufferType` (tail.md)') && c.includes('`buffer` (monq-agent.md)')));
  assert.ok(conflicts.some((c) => c.includes('`streamKey`') && c.includes('`stream-key`')));
  assert.ok(conflicts.some((c) => c.includes('`chunkSize`') && c.includes('`chunk-size`')));
  assert.deepEqual(yamlKeyConflicts(new Map([['a.md', bufferForm], ['b.md', bufferForm]])), []);
  const http = '```yaml\nwith:\n  mediaType: application/json\nsend-to:\n  api:\n    media-type: application/json\n```';
  assert.deepEqual(yamlKeyConflicts(new Map([['http.md', http]])), []);
});

test('the changes: note of a 9.0 page: one or two sentences of text, no placeholder', () => {
  assert.deepEqual(changesNoteProblems({}), []);
  assert.deepEqual(changesNoteProblems({ changes: 'Ключ потока задайте в секции artifacts.' }), []);
  assert.deepEqual(changesNoteProblems({ changes: 'Перенесите буфер в секцию buffer. Поля bufferSize в 9.0 нет.' }), []);
  assert.deepEqual(changesNoteProblems({ changes: 42 }), ['changes: must be one or two sentences of text']);
  assert.deepEqual(changesNoteProblems({ changes: '  ' }), ['changes: must be one or two sentences of text']);
  assert.deepEqual(changesNoteProblems({ changes: 'Раз. Два. Три.' }), ['changes: 3 sentences (one or two)']);
  assert.deepEqual(changesNoteProblems({ changes: 'Без точки' }), ['changes: end the note with a full stop']);
  assert.deepEqual(changesNoteProblems({ changes: 'TODO.' }), ['changes: placeholder text: «TODO.»']);
  const page = `---\ntitle: "Страница"\ndescription: "Описание"\nsidebar_position: 1\nsources:\n  - https://docs.monq.ru/docs/guide/signals\nchanges: Раз. Два. Три.\n---\n## Раздел {#part}\n${words(300)} [a](./a.md) [b](./b.md)\n`;
  assert.deepEqual(checkDocPage('a.md', page).map(({ problem }) => problem), ['changes: 3 sentences (one or two)']);
});
