import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstCells, recipeProblems, sectionOf, versionFolder, type RecipeFixture } from '../../scripts/lib/recipes';

const DIR = 'tests/fixtures/recipes';
const fixtures = readdirSync(DIR)
  .filter((name) => name.endsWith('.json'))
  .map((name) => ({ name, fixture: JSON.parse(readFileSync(join(DIR, name), 'utf8')) as RecipeFixture }));

const WEBHOOK: RecipeFixture = {
  scenario: 'Zabbix Webhook Signal Processor',
  file: 'Automaton Scenarios/Signals/7.4/Zabbix Webhook Signal Processor.txt',
  source: 'https://github.com/MONQDL/content-packs/blob/HEAD/Automaton%20Scenarios/Signals/7.4/Zabbix%20Webhook%20Signal%20Processor.txt',
  fields: ['EventID', 'TriggerStatus'],
  values: ['OK', 'PROBLEM'],
  pages: [{ file: 'page.md', section: 'fields' }],
};

function page(rows: string[], values = '`OK` и `PROBLEM`'): string {
  return [
    '---',
    'sources:',
    `  - ${WEBHOOK.source}`,
    '---',
    'Импортируйте сценарий «Zabbix Webhook Signal Processor» из папки `Signals/7.4`.',
    '## Поля события {#fields}',
    '| Поле | Что несёт |',
    '| --- | --- |',
    ...rows,
    `Статус — ${values}.`,
    '### Подробнее {#more}',
    'Вложенный раздел остаётся частью раздела полей.',
    '## Проверка {#verify}',
    '| Признак | Что сделать |',
    '| --- | --- |',
    '| `eventValue` | не поле сценария, но и не в разделе полей |',
  ].join('\n');
}

test('the version folder, a section and the first cells of its tables', () => {
  assert.equal(versionFolder(WEBHOOK.file), 'Signals/7.4');
  assert.equal(versionFolder('Automaton Scenarios/CMDB Autobuild/vCenter/7.4+/vCenter Topology.txt'), 'CMDB Autobuild/vCenter/7.4+');
  const section = sectionOf(page(['| `EventID` | номер |']), 'fields') ?? '';
  assert.match(section, /Вложенный раздел/);
  assert.doesNotMatch(section, /Проверка/);
  assert.deepEqual(firstCells(section), ['`EventID`']);
});

test('a page that follows its scenario passes', () => {
  const ok = page(['| `EventID` | номер события |', '| `TriggerStatus` | `OK` или `PROBLEM` |']);
  assert.deepEqual(recipeProblems(WEBHOOK, WEBHOOK.pages[0]!, ok), []);
});

test('a page whose fields differ from the scenario fails, naming the difference', () => {
  const invented = page(['| `eventId` | номер события |', '| `TriggerStatus` | статус |']);
  assert.deepEqual(recipeProblems(WEBHOOK, WEBHOOK.pages[0]!, invented), [
    'lists fields the scenario does not read: eventId',
    'leaves out fields the scenario reads: EventID',
  ]);
  const noValue = page(['| `EventID` | номер |', '| `TriggerStatus` | статус |'], '`OK`');
  assert.deepEqual(recipeProblems(WEBHOOK, WEBHOOK.pages[0]!, noValue), ['{#fields} does not name the value `PROBLEM`']);
  const unnamed = page(['| `EventID` | номер |', '| `TriggerStatus` | статус |']).replace('«Zabbix Webhook Signal Processor» из папки `Signals/7.4`', 'сценарий');
  assert.deepEqual(recipeProblems(WEBHOOK, WEBHOOK.pages[0]!, unnamed), [
    'does not name the scenario «Zabbix Webhook Signal Processor»',
    'does not name the version folder Signals/7.4',
  ]);
});

test('every recipe fixture names a published export and real pages', () => {
  assert.ok(fixtures.length > 0, 'no recipe fixtures');
  for (const { name, fixture } of fixtures) {
    assert.match(fixture.file, /^Automaton Scenarios\/.+\.txt$/, name);
    assert.equal(decodeURIComponent(fixture.source), `https://github.com/MONQDL/content-packs/blob/HEAD/${fixture.file}`, name);
    assert.doesNotMatch(fixture.source, /\s/, `${name}: a space in the source address`);
    assert.ok(fixture.fields.length > 0, `${name}: no fields`);
    assert.equal(new Set(fixture.fields).size, fixture.fields.length, `${name}: a field listed twice`);
    assert.ok(fixture.pages.length > 0, `${name}: no pages`);
    for (const { file } of fixture.pages) assert.ok(existsSync(file), `${name}: ${file} does not exist`);
  }
});

for (const { name, fixture } of fixtures) {
  for (const recipePage of fixture.pages) {
    test(`${recipePage.file} follows ${fixture.scenario} (${versionFolder(fixture.file)}, ${name})`, () => {
      assert.deepEqual(recipeProblems(fixture, recipePage, readFileSync(recipePage.file, 'utf8')), []);
    });
  }
}
