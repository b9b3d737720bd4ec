/**
 * «Что изменилось с 8.9»: the structural comparison of a page in two versions, on the fixture pairs of
 * tests/fixtures/changes (a section added, a parameter row changed, wording only, a page moved, a page
 * removed, a page new), and the Russian summary with its plural forms.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { comparePages, countChanges, hasChanges } from '../../plugins/changes/compare';
import { computeChanges, pagesWithoutNote, permalinkOf, writerHints, type ChangesOptions, type PageResult } from '../../plugins/changes/pages';
import { sampleKeyChanges, sampleKeys, sampleShape } from '../../plugins/changes/samples';
import { MOVED_PARAMETERS } from '../../config/moved-parameters';
import { linkTarget, pageStructure } from '../../plugins/changes/structure';
import { overviewLead, pluralForm, sectionNote, summaryLine } from '../../plugins/changes/words';
import { MOVED_PAGES } from '../../config/moved-pages';
import { changesBlock } from '../../plugins/changes/remark-changes-block';
import { bundleComparisons, comparisonData } from '../../plugins/changes/page-data';
import { articleToMarkdown } from '../../plugins/llms/html-to-markdown';
import type { ElementContent } from 'hast';

/** The block as HTML, for reading in a test (what the page renders, without the theme's classes). */
function toHtml(node: ElementContent): string {
  if (node.type === 'text') return node.value.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  if (node.type !== 'element') return '';
  const attributes = Object.entries(node.properties)
    .map(([name, value]) => ` ${name === 'className' ? 'class' : name}="${Array.isArray(value) ? value.join(' ') : String(value)}"`)
    .join('');
  return `<${node.tagName}${attributes}>${node.children.map(toHtml).join('')}</${node.tagName}>`;
}

const fixtures = fileURLToPath(new URL('../fixtures/changes/', import.meta.url));
const OPTIONS: ChangesOptions = {
  newer: { version: '9.0', dir: join(fixtures, 'new'), base: '/docs/' },
  older: { version: '8.9', dir: join(fixtures, 'old'), base: '/docs/8.9/' },
  moved: { 'guide/checklist': 'guide/steps/checklist' },
  changesBase: '/docs/changes/',
  movedParameters: {
    'guide/listener': {
      bufferType: 'buffer.type',
      streamKey: { to: 'artifacts[].send-to.monq.stream-key', page: 'guide/buffer#keys' },
    },
  },
};
const site = computeChanges(OPTIONS);
const result = (docPath: string) => {
  const found = site.pages.find((page) => page.page.docPath === docPath);
  assert.ok(found, `${docPath} is compared`);
  return found;
};

const page = (body: string) => `---\ntitle: "Страница"\n---\n\n${body}\n`;

const compare = (older: string, newer: string, sections: [string, string[]][] = []) =>
  comparePages(pageStructure(older, { docPath: 'guide/page' }), pageStructure(newer, { docPath: 'guide/page' }), { ignoreTerms: new Set(['8.9', '9.0', 'monq']), sections: new Map(sections) });

describe('fixture pairs', () => {
  test('a section added and a parameter row changed: both in the summary, with the sections to link to', () => {
    const agent = result('guide/agent');
    assert.equal(agent.status, 'changed');
    assert.equal(agent.summary, '1 раздел добавлен, 1 параметр изменён');
    const changed = agent.change?.sections.filter((section) => section.status !== 'same').map((section) => [section.id, section.status, sectionNote(section)]);
    assert.deepEqual(changed, [
      // the intro lost «8.9»: wording, not a change
      ['', 'wording', 'изменена только формулировка'],
      ['params', 'changed', '1 параметр изменён: «port»'],
      ['check', 'added', 'новый раздел'],
    ]);
    assert.equal(agent.comparePath, '/docs/changes/guide/agent/');
  });

  test('wording only: not a change, and the words stay for the full comparison', () => {
    const reports = result('guide/reports');
    assert.equal(reports.status, 'same');
    assert.equal(reports.summary, '');
    assert.equal(reports.comparePath, undefined);
    const build = reports.change?.sections.find((section) => section.id === 'build');
    assert.equal(build?.status, 'wording');
    const parts = build?.blocks[0]?.parts ?? [];
    assert.ok(parts.some((part) => part.op === 'del' && part.text.includes('строится')));
    assert.ok(parts.some((part) => part.op === 'add' && part.text.includes('построен')));
  });

  test('a page moved: compared with its old path through the mapping; its relative links resolve to the same doc', () => {
    const checklist = result('guide/steps/checklist');
    assert.equal(checklist.older?.docPath, 'guide/checklist');
    assert.equal(checklist.older?.permalink, '/docs/8.9/guide/checklist/');
    // the intro links to reports from another folder: same target, no change; a list item with a command was added
    assert.deepEqual(
      checklist.change?.sections.map((section) => [section.id, section.status]),
      [['', 'same'], ['steps', 'changed']],
    );
    assert.equal(checklist.summary, '1 раздел изменён');
  });

  test('a page removed: listed with its last 8.9 address; a new page is new', () => {
    assert.deepEqual(site.removed.map((page) => [page.docPath, page.permalink, page.title]), [['guide/userlogs', '/docs/8.9/guide/userlogs/', 'Журнал действий']]);
    assert.equal(result('guide/miners').status, 'new');
    assert.deepEqual(site.sections.get('guide'), { label: 'Руководство', position: 2 });
  });

  test('a mapping to a page that does not exist stops the comparison', () => {
    assert.throws(() => computeChanges({ ...OPTIONS, moved: { 'guide/checklist': 'guide/nowhere' } }), /guide\/nowhere is not in 9\.0/);
    assert.throws(() => computeChanges({ ...OPTIONS, moved: { 'guide/gone': 'guide/agent' } }), /guide\/gone is not in 8\.9/);
    assert.throws(() => computeChanges({ ...OPTIONS, moved: { 'guide/checklist': 'guide/agent' } }), /8\.9 has a page at guide\/agent too/);
  });

  test('a page that cannot be compared stops the build and names the page, never «без изменений»', () => {
    const twice = '---\ntitle: x\n---\n\n## А {#a}\n\nТекст.\n\n## Б {#a}\n\nТекст.\n';
    assert.throws(() => pageStructure(twice, { docPath: 'x' }), /heading id #a is used twice/);
    const root = mkdtempSync(join(tmpdir(), 'changes-'));
    for (const version of ['old', 'new']) mkdirSync(join(root, version, 'guide'), { recursive: true });
    writeFileSync(join(root, 'old', 'guide', 'page.md'), '## А {#a}\n\nТекст.\n');
    writeFileSync(join(root, 'new', 'guide', 'page.md'), twice);
    const broken = { ...OPTIONS, moved: {}, movedParameters: {}, newer: { ...OPTIONS.newer, dir: join(root, 'new') }, older: { ...OPTIONS.older, dir: join(root, 'old') } };
    assert.throws(() => computeChanges(broken), (error: Error) => error.message.includes(join(root, 'new', 'guide', 'page.md')) && /used twice/.test(error.message));
    rmSync(root, { recursive: true });
  });
});

describe('moved and renamed parameters, the writer\'s note', () => {
  test('a mapped rename on the page and a move to another page: «old → new», no longer removed or added; a name used twice is listed once', () => {
    const listener = result('guide/listener');
    const params = listener.change?.sections.find((section) => section.id === 'params');
    assert.ok(params);
    assert.equal(
      sectionNote(params),
      '2 параметра добавлены: «listen», «recordSeparator»; 1 параметр переименован: «bufferType» → «buffer.type»; ' +
        '1 параметр перенесён: «streamKey» → «artifacts[].send-to.monq.stream-key» (страница «Буфер и отправка»); 2 параметра удалены: «port», «separator»',
    );
    assert.deepEqual(params.facts.paramsAdded, ['listen', 'recordSeparator']);
  });

  test('the other rules on one page: keys of the sample named, a date in a sample is no change, a changed sentence is meaning, a run-in heading is no interface name', () => {
    const listener = result('guide/listener');
    const notes = Object.fromEntries((listener.change?.sections ?? []).map((section) => [section.id, [section.status, sectionNote(section)]]));
    assert.deepEqual(notes.sample, ['changed', 'изменён пример кода: добавлен ключ «buffer.type», удалены ключи «bufferType», «streamKey»']);
    assert.deepEqual(notes.output, ['wording', 'изменена только формулировка']);
    assert.deepEqual(notes.slots, ['changed', 'изменён смысл текста']);
    assert.equal(listener.summary, '2 раздела изменены, 2 параметра добавлены, 1 параметр переименован, 1 параметр перенесён, 2 параметра удалены');
  });

  test('candidates: a removed and an added row whose descriptions match are proposed in the build log, not applied', () => {
    const listener = result('guide/listener');
    assert.deepEqual(listener.candidates, [{ from: 'separator', to: 'recordSeparator', reason: 'the other cells match' }]);
    assert.ok(writerHints(site).includes('[changes] candidate rename on guide/listener: separator → recordSeparator (the other cells match); confirm it in config/moved-parameters.ts'));
  });

  test('a stale mapping stops the comparison', () => {
    const withRenames = (renames: NonNullable<ChangesOptions['movedParameters']>) => () => computeChanges({ ...OPTIONS, movedParameters: renames });
    assert.throws(withRenames({ 'guide/listener': { bufferType: 'buffer.kind' } }), /adds no parameter buffer\.kind/);
    assert.throws(withRenames({ 'guide/listener': { gone: 'buffer.type' } }), /removes no parameter gone/);
    assert.throws(withRenames({ 'guide/listener': { streamKey: { to: 'stream-key', page: 'guide/buffer#keys' } } }), /has no parameter stream-key/);
    assert.throws(withRenames({ 'guide/listener': { streamKey: { to: 'stream-key', page: 'guide/nowhere' } } }), /guide\/nowhere: no such page/);
    assert.throws(withRenames({ 'guide/nowhere': {} }), /names guide\/nowhere/);
  });

  test('the writer\'s note: shown first in the block; a page whose block reports removed or moved parameters or a removed section and has no note is named in the build log', () => {
    const listener = result('guide/listener');
    assert.equal(listener.note, 'Ключ потока перенесите в секцию artifacts работы, тип буфера — в секцию buffer. Параметр port замените на listen.');
    const html = toHtml(changesBlock(listener, '/docs/changes/')!);
    assert.match(html, /^<details class="monq-changes search-index-skip"><summary>[^<]*<\/summary><p class="monq-changes__note"><strong>При обновлении:<\/strong> Ключ потока перенесите/);
    assert.deepEqual(pagesWithoutNote(site).map((page) => page.page.docPath), []);
    const counts = { sectionsAdded: 0, sectionsRemoved: 0, sectionsChanged: 0, paramsAdded: 0, paramsRemoved: 0, paramsChanged: 0, paramsRenamed: 0, paramsMoved: 0, sectionsRenamed: 0, sectionsSplit: 0, sectionsMerged: 0 };
    const page = (docPath: string, extra: Partial<typeof counts>, note?: string): PageResult => ({
      status: 'changed',
      page: { docPath, file: `${docPath}.md`, title: docPath, permalink: `/docs/${docPath}/`, section: 'guide' },
      counts: { ...counts, ...extra },
      summary: 'сводка',
      ...(note ? { note } : {}),
    });
    const pages = [
      page('a', { sectionsRemoved: 1 }),
      page('b', { paramsMoved: 1 }),
      page('c', { paramsRemoved: 2 }, 'Замените параметры.'),
      page('d', { sectionsChanged: 3, paramsAdded: 1 }),
      page('e', { paramsRenamed: 1 }),
    ];
    assert.deepEqual(pagesWithoutNote({ pages }).map((result) => result.page.docPath), ['a', 'b', 'e']);
    assert.deepEqual(writerHints({ pages }).filter((line) => line.includes('no changes: note')).length, 3);
  });

  test('the site\'s mapping names pages of 9.0 and old names as their tables read', () => {
    for (const [docPath, entries] of Object.entries(MOVED_PARAMETERS)) {
      assert.match(docPath, /^[\w/-]+$/);
      for (const [from, to] of Object.entries(entries)) {
        assert.ok(from.trim() === from && from !== '');
        assert.ok(typeof to === 'string' ? to !== from : to.page.includes('#'));
      }
    }
  });
});

describe('sections under a new heading (config/moved-sections.ts)', () => {
  const table = (rows: string) => `| Параметр | Тип |\n| --- | --- |\n${rows}`;
  const notes = (change: ReturnType<typeof compare>) => change.sections.map((section) => [section.id, section.status, sectionNote(section)]);

  test('renamed: compared with its older text, one entry «переименован» with both headings, not «удалён» and «новый раздел»', () => {
    const older = page('## Начало {#start}\n\nТекст.\n\n## Зачем {#purpose}\n\nОткройте **Агенты**.');
    const newer = page('## Начало {#start}\n\nТекст.\n\n## Когда {#when}\n\nОткройте **Агенты**.');
    const change = compare(older, newer, [['purpose', ['when']]]);
    assert.deepEqual(notes(change), [['start', 'same', 'без изменений'], ['when', 'changed', 'раздел переименован: «Зачем» → «Когда»']]);
    assert.equal(summaryLine(countChanges(change)), '1 раздел переименован');
  });

  test('split: the older section against the newer ones together; its parameters moved between them are neither removed nor added', () => {
    const older = page(`## Подключение {#connect}\n\nУстановите утилиту.\n\n${table('| `context` | строка |\n| `token` | строка |')}`);
    const newer = page(`## Установка {#install}\n\nУстановите утилиту.\n\n## Контекст {#context}\n\n${table('| `context` | строка |\n| `token` | число |')}`);
    const change = compare(older, newer, [['connect', ['install', 'context']]]);
    assert.deepEqual(notes(change), [['install', 'changed', 'раздел разделён: «Подключение» → «Установка», «Контекст»; 1 параметр изменён: «token»']]);
    assert.equal(summaryLine(countChanges(change)), '1 раздел разделён, 1 параметр изменён');
  });

  test('merged: two older sections as one, where the first stood; a section removed after them keeps its place', () => {
    const older = page('## Шаблоны {#templates}\n\nШаблон.\n\n## Сеть {#network}\n\nПорт 514.\n\n## Старое {#old}\n\nТекст.\n\n## Страницы {#pages}\n\nТекст.');
    const newer = page('## Сеть и шаблоны {#network-and-templates}\n\nШаблон.\n\nПорт 514.\n\n## Страницы {#pages}\n\nТекст.');
    const change = compare(older, newer, [['templates', ['network-and-templates']], ['network', ['network-and-templates']]]);
    assert.deepEqual(notes(change), [
      ['network-and-templates', 'changed', 'разделы объединены: «Шаблоны», «Сеть» → «Сеть и шаблоны»'],
      ['old', 'removed', 'раздел удалён'],
      ['pages', 'same', 'без изменений'],
    ]);
    assert.equal(summaryLine(countChanges(change)), '2 раздела объединены, 1 раздел удалён');
  });

  test('a stale entry stops the comparison: an id the older page keeps or lacks, a newer id it lacks, a page with no 8.9 twin', () => {
    const older = page('## А {#a}\n\nТекст.\n\n## Б {#b}\n\nТекст.');
    const newer = page('## А {#a}\n\nТекст.\n\n## В {#c}\n\nТекст.');
    assert.throws(() => compare(older, newer, [['gone', ['c']]]), /the older page removes no section #gone/);
    assert.throws(() => compare(older, newer, [['a', ['c']]]), /the older page removes no section #a/);
    assert.throws(() => compare(older, newer, [['b', ['c', 'x']]]), /the newer page adds no section #x/);
    const withSections = (movedSections: NonNullable<ChangesOptions['movedSections']>) => () => computeChanges({ ...OPTIONS, movedSections });
    assert.throws(withSections({ 'guide/agent': { install: 'check' } }), (error: Error) => error.message.includes(join(fixtures, 'new', 'guide', 'agent.md')) && /removes no section #install/.test(error.message));
    assert.throws(withSections({ 'guide/nowhere': {} }), /moved-sections\.ts names guide\/nowhere/);
    assert.throws(withSections({ 'guide/miners': {} }), /names guide\/miners, which is not in 9\.0 or has no 8\.9 page/);
  });
});

describe('the block under the title', () => {
  test('a changed page: <details> with the summary line, the sections (removed ones and the intro on the comparison page) and «Сравнить с 8.9»', () => {
    const block = changesBlock(result('guide/agent'), '/docs/changes/');
    assert.ok(block);
    assert.equal(
      toHtml(block),
      '<details class="monq-changes search-index-skip"><summary>Что изменилось с 8.9: 1 раздел добавлен, 1 параметр изменён</summary>' +
        '<ul><li><a href="#params">Параметры</a> — 1 параметр изменён: «port»</li><li><a href="#check">Проверка</a> — новый раздел</li></ul>' +
        '<p><a href="/docs/changes/guide/agent/">Сравнить с 8.9</a> · <a href="/docs/changes/">Что изменилось в документации 9.0</a></p></details>',
    );
  });

  test('a new page gets the mark; an unchanged page (wording only) nothing', () => {
    assert.equal(
      toHtml(changesBlock(result('guide/miners'), '/docs/changes/')!),
      '<p class="monq-changes search-index-skip monq-changes--new"><strong>Новое в 9.0</strong>. Этой страницы в документации 8.9 не было. <a href="/docs/changes/">Что изменилось в документации 9.0</a>.</p>',
    );
    assert.equal(changesBlock(result('guide/reports'), '/docs/changes/'), undefined);
  });

  test('the Markdown twin of a page leaves the block out', () => {
    const html = `<div class="theme-doc-markdown markdown">${toHtml(changesBlock(result('guide/agent'), '/docs/changes/')!)}<p>Текст страницы.</p></div>`;
    assert.equal(articleToMarkdown(html, { pageUrl: 'https://docs.monq.ru/docs/guide/agent/' }), 'Текст страницы.\n');
  });
});

describe('what counts as a change', () => {

  test('code samples: a change of keys or structure, not of values (dates, numbers, host names, IDs, quoted strings)', () => {
    const values = compare(page('## А {#a}\n\n```yaml\nport: 1\nhost: db-01.example.com\nkey: "a"\n```'), page('## А {#a}\n\n```yaml\nport: 2\nhost: db-02.example.com\nkey: "b"\n```'));
    assert.equal(values.sections[0]?.status, 'wording');
    const keys = compare(page('## А {#a}\n\n```yaml\nport: 1\n```'), page('## А {#a}\n\n```yaml\nlisten: 1\n```'));
    assert.equal(keys.sections[0]?.status, 'changed');
    assert.equal(sectionNote(keys.sections[0]!), 'изменён пример кода: добавлен ключ «listen», удалён ключ «port»');
    // a sample without keys: its words other than values are its structure
    const command = compare(page('## А {#a}\n\n```bash\nhelm upgrade agent --set slots=4\n```'), page('## А {#a}\n\n```bash\nhelm install agent --set slots=4\n```'));
    assert.equal(sectionNote(command.sections[0]!), 'изменён пример кода');
    assert.equal(compare(page('```yaml\nport: 1\n```'), page('```yaml\n\nport: 1\n\n```')).sections[0]?.status, 'same');
  });

  test('sample shapes and key paths', () => {
    assert.equal(sampleShape('"data": "10/Jun/2025 web-01", id: 0b6f3d0e-5a7c-4e1f-9c2d-8a1b7e4f6c30, at: 10.0.0.5'), sampleShape('"data": "10/Oct/2025 web-02", id: 1c7f3d0e-5a7c-4e1f-9c2d-8a1b7e4f6c31, at: 10.0.0.7'));
    assert.notEqual(sampleShape('type: memory'), sampleShape('type: filesystem'));
    assert.deepEqual(sampleKeys('jobs:\n  - name: a\n    buffer:\n      type: memory\n    artifacts:\n      - data: x\n        send-to:\n          monq:\n            stream-key: "k"\n  - name: b\n'), [
      'jobs', 'jobs[].name', 'jobs[].buffer', 'jobs[].buffer.type', 'jobs[].artifacts', 'jobs[].artifacts[].data', 'jobs[].artifacts[].send-to', 'jobs[].artifacts[].send-to.monq', 'jobs[].artifacts[].send-to.monq.stream-key', 'jobs[].name',
    ]);
    assert.deepEqual(sampleKeys('{\n  "data": "x",\n  "hostname": "y"\n}'), ['data', 'hostname']);
    assert.deepEqual(sampleKeyChanges(['jobs:\n  - with:\n      streamKey: k\n'], ['jobs:\n  - buffer:\n      type: memory\n']), { added: ['buffer.type'], removed: ['with.streamKey'] });
  });

  test('a paragraph whose names or numbers changed in the same place: changed meaning, not wording; version numbers do not count', () => {
    const meaning = compare(page('## А {#a}\n\nЭто задания pull-шаблонов и ваши задания.'), page('## А {#a}\n\nЭто задания сборщиков данных.'));
    assert.equal(meaning.sections[0]?.status, 'changed');
    assert.equal(sectionNote(meaning.sections[0]!), 'изменён смысл текста');
    assert.equal(compare(page('## А {#a}\n\nВыберите обработчик Nginx.'), page('## А {#a}\n\nВыберите обработчик Json.')).sections[0]?.status, 'changed');
    assert.equal(compare(page('## А {#a}\n\nПодождите 5 минут.'), page('## А {#a}\n\nПодождите 10 минут.')).sections[0]?.status, 'changed');
    // versions (8.9, 8.x, 8.5) and the product's name are history, not meaning
    assert.equal(compare(page('## А {#a}\n\nВ Monq 8.9 фильтр добавлен в 8.5 для 8.x.'), page('## А {#a}\n\nВ 9.0 фильтр есть.')).sections[0]?.status, 'wording');
  });

  test('a bold run-in heading is not an interface name; bold inside a sentence is', () => {
    assert.equal(compare(page('## А {#a}\n\n**Буфер и отправка.**\n\nТекст.'), page('## А {#a}\n\nТекст.')).sections[0]?.status, 'wording');
    assert.equal(compare(page('## А {#a}\n\n**Буфер.** Текст.'), page('## А {#a}\n\nТекст.')).sections[0]?.status, 'wording');
    assert.equal(compare(page('## А {#a}\n\n**Отчёты** строят отчёты.'), page('## А {#a}\n\nОтчёты строят отчёты.')).sections[0]?.status, 'changed');
  });

  test('prose: punctuation, case, quotes and «ё» are not even wording; other words are wording only', () => {
    assert.equal(compare(page('## А {#a}\n\nОткройте "Настройки".'), page('## А {#a}\n\nоткройте «Настройки»')).sections[0]?.status, 'same');
    const reworded = compare(page('## А {#a}\n\nОткройте раздел.'), page('## А {#a}\n\nПерейдите в раздел.'));
    assert.equal(reworded.sections[0]?.status, 'wording');
    assert.equal(hasChanges(countChanges(reworded)), false);
  });

  test('facts inside prose: a bold menu path, inline code or a link target changes the section, and the note says which', () => {
    const both = compare(page('## А {#a}\n\nОткройте **Агенты** и [справку](./a.md).'), page('## А {#a}\n\nОткройте **Сборщики** и [справку](./b.md).'));
    assert.equal(sectionNote(both.sections[0]!), 'изменены: названия в интерфейсе, ссылки');
    assert.equal(compare(page('## А {#a}\n\nОткройте **Настройки → Агенты**.'), page('## А {#a}\n\nОткройте **Настройки → Сборщики**.')).sections[0]?.status, 'changed');
    assert.equal(compare(page('## А {#a}\n\n- Укажите `port`.'), page('## А {#a}\n\n- Укажите `listen`.')).sections[0]?.status, 'changed');
    assert.equal(compare(page('## А {#a}\n\nСм. [метрики](./metrics.md).'), page('## А {#a}\n\nСм. [метрики](./collected-metrics.md).')).sections[0]?.status, 'changed');
  });

  test('parameter rows by their first cell; rows of other tables only mark the section', () => {
    const table = (rows: string) => page(`## А {#a}\n\n| Параметр | Тип |\n| --- | --- |\n${rows}`);
    const change = compare(table('| `a` | строка |\n| `b` | число |'), table('| `b` | строка |\n| `c` | число |'));
    assert.deepEqual(countChanges(change), { sectionsAdded: 0, sectionsRemoved: 0, sectionsChanged: 0, paramsAdded: 1, paramsRemoved: 1, paramsChanged: 1, paramsRenamed: 0, paramsMoved: 0, sectionsRenamed: 0, sectionsSplit: 0, sectionsMerged: 0 });
    assert.equal(summaryLine(countChanges(change)), '1 параметр добавлен, 1 параметр изменён, 1 параметр удалён');
    // named as written in the first cell
    const three = compare(table('| `a` | строка |'), table('| `a` | строка |\n| `successConfig.timeout` | число |\n| `replyTimeout` | число |\n| `packetCount` | число |'));
    assert.equal(sectionNote(three.sections[0]!), '3 параметра добавлены: «successConfig.timeout», «replyTimeout», «packetCount»');
    // a name used twice in the older table (two examples) and once in the newer: not removed
    const twice = compare(table('| `slot` | строка |\n| `bindci` | строка |\n| `slot` | строка |'), table('| `slot` | строка |'));
    assert.equal(sectionNote(twice.sections[0]!), '1 параметр удалён: «bindci»');
    const other = (rows: string) => page(`## А {#a}\n\n| Шаг | Что сделать |\n| --- | --- |\n${rows}`);
    const steps = compare(other('| 1 | Откройте |'), other('| 1 | Откройте |\n| 2 | Сохраните |'));
    assert.equal(summaryLine(countChanges(steps)), '1 раздел изменён');
    assert.equal(sectionNote(steps.sections[0]!), 'изменена таблица');
  });

  test('a removed section stays where it stood, between the sections around it', () => {
    const change = compare(page('## А {#a}\n\nТекст.\n\n## Б {#b}\n\nТекст.\n\n## В {#c}\n\nТекст.'), page('## А {#a}\n\nТекст.\n\n## В {#c}\n\nТекст.'));
    assert.deepEqual(change.sections.map((section) => [section.id, section.status]), [['a', 'same'], ['b', 'removed'], ['c', 'same']]);
    assert.equal(summaryLine(countChanges(change)), '1 раздел удалён');
  });

  test('links: 8.9 addresses and moved pages compare as the same doc', () => {
    const moved = { docPath: 'guide/page', mapDocPath: (path: string) => (path === 'get-started/quick-guide/checklist' ? 'get-started/quick-guide/umbrella/checklist' : path) };
    assert.equal(linkTarget('/docs/8.9/guide/signals/#rules', moved), 'doc:guide/signals#rules');
    assert.equal(linkTarget('../get-started/quick-guide/checklist.md', moved), 'doc:get-started/quick-guide/umbrella/checklist');
    assert.equal(linkTarget('/docs/guide/signals', { docPath: 'x' }), 'doc:guide/signals');
    assert.equal(linkTarget('./index.md', { docPath: 'guide/data-collect/page' }), 'doc:guide/data-collect');
    assert.equal(linkTarget('/glossary#signal', { docPath: 'x' }), '/glossary#signal');
  });
});

describe('words', () => {
  test('Russian plural forms', () => {
    const forms = ['раздел', 'раздела', 'разделов'] as const;
    assert.deepEqual([0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 112].map((n) => `${n} ${pluralForm(n, forms)}`), [
      '0 разделов', '1 раздел', '2 раздела', '4 раздела', '5 разделов', '11 разделов', '12 разделов', '14 разделов',
      '21 раздел', '22 раздела', '25 разделов', '101 раздел', '111 разделов', '112 разделов',
    ]);
  });

  test('the summary line', () => {
    const zero = { sectionsAdded: 0, sectionsRemoved: 0, sectionsChanged: 0, paramsAdded: 0, paramsRemoved: 0, paramsChanged: 0, paramsRenamed: 0, paramsMoved: 0, sectionsRenamed: 0, sectionsSplit: 0, sectionsMerged: 0 };
    assert.equal(summaryLine({ ...zero, sectionsChanged: 2, paramsAdded: 1 }), '2 раздела изменены, 1 параметр добавлен');
    assert.equal(summaryLine({ ...zero, sectionsAdded: 5, paramsRemoved: 22 }), '5 разделов добавлено, 22 параметра удалены');
    assert.equal(summaryLine({ ...zero, paramsRenamed: 2, paramsMoved: 4, paramsRemoved: 1 }), '2 параметра переименованы, 4 параметра перенесены, 1 параметр удалён');
    assert.equal(summaryLine(zero), '');
  });

  test('the first line of the overview', () => {
    assert.equal(
      overviewLead({ changed: 95, added: 21, removed: 3, same: 1 }),
      'В документации 9.0 по сравнению с 8.9: 95 изменённых страниц, 21 новая, 3 страницы 8.9 удалены. Ещё 1 страница без изменений по сути: на таких страницах поправлены только формулировки или оформление.',
    );
  });

  test('addresses', () => {
    assert.equal(permalinkOf('/docs/', 'guide/index'), '/docs/guide/');
    assert.equal(permalinkOf('/docs/8.9/', 'index'), '/docs/8.9/');
    assert.equal(permalinkOf('/docs/changes/', 'reference/agent-plugins/tcp'), '/docs/changes/reference/agent-plugins/tcp/');
  });

  test('the comparison pages load their route data apart from the 9.0 pages (a part of their own, before /docs/)', async () => {
    const { perfPlugins } = await import('../../config/perf');
    const { docsOptions } = await import('../../config/docs');
    const { readEnv } = await import('../../config/env');
    const { CHANGES_BASE } = await import('../../config/changes');
    const [[, options]] = perfPlugins(readEnv({}), [docsOptions(readEnv({}))], [CHANGES_BASE]) as [[unknown, { routeParts: string[] }]];
    assert.deepEqual(options.routeParts, ['/docs/changes/', '/docs/8.9/', '/docs/']);
    const { partOf } = await import('../../src/shared/routes/partOf.cjs');
    assert.equal(partOf('/docs/changes/guide/reports/', options.routeParts), 0);
    assert.equal(partOf('/docs/guide/reports/', options.routeParts), 2);
  });

  test('comparisons share data modules of a bounded size, in order', () => {
    const data = (title: string) => ({ ...comparisonData(result('guide/agent'), { newer: '9.0', older: '8.9' }, '/docs/changes/'), title });
    const entries = ['a', 'b', 'c'].map((name) => ({ path: `/docs/changes/${name}/`, data: data(name) }));
    const one = Buffer.byteLength(JSON.stringify(entries[0]?.data));
    assert.deepEqual(bundleComparisons(entries, one * 2 + 10).map((bundle) => Object.keys(bundle)), [['/docs/changes/a/', '/docs/changes/b/'], ['/docs/changes/c/']]);
    assert.deepEqual(bundleComparisons(entries, 1).map((bundle) => Object.keys(bundle).length), [1, 1, 1]);
    assert.equal(bundleComparisons(entries)[0]?.['/docs/changes/b/']?.title, 'b');
  });

  test('the moved pages of the site are pairs of doc paths', () => {
    for (const [from, to] of Object.entries(MOVED_PAGES)) {
      assert.match(from, /^[\w/-]+$/);
      assert.match(to, /^[\w/-]+$/);
    }
  });
});
