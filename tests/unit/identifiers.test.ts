import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractIdentifiers, isRegistered, parseRegister, unregisteredIdentifiers, type Register } from '../../scripts/lib/identifiers';

const REGISTER = [
  '# a group of the register',
  '@ https://github.com/MONQDL/content-packs/blob/HEAD/Automaton%20Scenarios/Signals/7.4/Zabbix%20Webhook%20Signal%20Processor.txt',
  'EventID EventName TriggerStatus',
  'OK PROBLEM  # the branch values',
  '@ https://docs.monq.ru/docs/reference/api/data-streams',
  '/api/public/cl/v1/stream-data x-smon-stream-key',
  '@ ours',
  'web-01',
].join('\n');

function register(): Register {
  const map: Register = new Map();
  assert.deepEqual(parseRegister(REGISTER, 'test', map), []);
  return map;
}

test('the register keeps each identifier with its group and source', () => {
  const map = register();
  assert.deepEqual(map.get('TriggerStatus'), {
    group: 'test',
    source: 'https://github.com/MONQDL/content-packs/blob/HEAD/Automaton%20Scenarios/Signals/7.4/Zabbix%20Webhook%20Signal%20Processor.txt',
  });
  assert.equal(map.get('PROBLEM')?.group, 'test');
  assert.equal(map.get('x-smon-stream-key')?.source, 'https://docs.monq.ru/docs/reference/api/data-streams');
  assert.equal(map.get('web-01')?.source, 'ours');
  assert.equal(map.has('#'), false);
});

test('a register line without a source, or a source that is not a URL, is a problem', () => {
  assert.match(parseRegister('EventID', 'g')[0] ?? '', /before the first/);
  assert.match(parseRegister('@ docs.monq.ru\nEventID', 'g')[0] ?? '', /http\(s\) URL/);
});

test('keys of JSON and YAML samples, paths, headers, Automaton names and inline code are found', () => {
  const body = [
    'Отправьте `EventID` и `TriggerStatus` = `PROBLEM` командой `curl -X POST` (не идентификатор).',
    '```json',
    '{ "EventID": "1", "TriggerStatus": "OK", "nested": { "eventValue": 1 } }',
    '```',
    '```yaml',
    'jobs:',
    '  - name: ping',
    '```',
    '```bash',
    "curl -H 'x-smon-stream-key: KEY' https://monq.example.ru/api/public/cl/v1/stream-data",
    '```',
    'Функция `Automaton.Signals.CloseSignal`, путь `POST /api/public/sm/v2/signals`.',
  ].join('\n');
  const found = extractIdentifiers(body).map(({ id, kind }) => `${kind}:${id}`);
  assert.deepEqual(found, [
    'inline:EventID',
    'inline:TriggerStatus',
    'inline:PROBLEM',
    'key:EventID',
    'key:TriggerStatus',
    'key:nested',
    'key:eventValue',
    'key:jobs',
    'key:name',
    'path:/api/public/cl/v1/stream-data',
    'header:x-smon-stream-key',
    'inline:Automaton.Signals.CloseSignal',
    'path:/api/public/sm/v2/signals',
  ]);
});

test('an invented key in a sample fails the register; the published ones pass', () => {
  const map = register();
  const published = '```json\n{ "EventID": "1", "TriggerStatus": "PROBLEM" }\n```';
  assert.deepEqual(unregisteredIdentifiers(published, map), []);
  const invented = '```json\n{ "EventID": "1", "eventValue": 1, "TriggerStatus": "PROBLEM" }\n```';
  assert.deepEqual(unregisteredIdentifiers(invented, map), [{ id: 'eventValue', kind: 'key', line: 2 }]);
  assert.deepEqual(
    unregisteredIdentifiers('Заголовок `x-stream-key` и путь `/api/public/cl/v2/stream-data`.', map).map(({ id }) => id),
    ['x-stream-key', '/api/public/cl/v2/stream-data'],
  );
});

test('a dotted path is registered when every part is; a path of the API only as a whole', () => {
  const map = register();
  assert.equal(isRegistered('EventID.EventName', map), true);
  assert.equal(isRegistered('EventID.eventValue', map), false);
  assert.equal(isRegistered('/api/public/cl/v1/stream-data', map), true);
  assert.equal(isRegistered('/api/public/cl/v1', map), false);
});
