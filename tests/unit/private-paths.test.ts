import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { SWITCHABLE_PATHS } from '../../config/private-paths';
import { VARIANTS } from '../../scripts/build-variant';

/** The rows of the registry table in MAINTAINING.md («Частные пути»). */
function registryRows(markdown: string): string[][] {
  const section = markdown.slice(markdown.indexOf('{#private-paths}'));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| ---') && !line.startsWith('| Путь '))
    .map((line) => line.slice(2, -2).split(' | '));
}

test('the registry in MAINTAINING.md: seven columns a row, a switch on every row, a row for every switch, and the switches CI turns off', () => {
  const rows = registryRows(readFileSync('MAINTAINING.md', 'utf8'));
  assert.ok(rows.length >= SWITCHABLE_PATHS.length, `${rows.length} rows`);
  for (const row of rows) {
    assert.equal(row.length, 7, row.join(' | '));
    assert.ok(row.every((cell) => cell.trim() !== ''), `no empty cell: ${row[0]}`);
    assert.match(row[5]!, /`tests\//, `${row[0]}: names the test that guards it`);
    assert.match(row[4]!, /^`DOCS_[A-Z_]+=[\w-]+`/, `${row[0]}: names the switch that turns it off`);
  }
  const switches = rows.map((row) => row[4]!).join('\n');
  for (const name of SWITCHABLE_PATHS) assert.ok(switches.includes(`DOCS_PRIVATE_OFF=${name}`), `a row for ${name}`);
  assert.equal(VARIANTS.stock?.env.DOCS_PRIVATE_OFF, 'all', 'CI builds and opens the site with every switch off');
});
