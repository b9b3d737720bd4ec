import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import {
  changelogPage,
  docsLink,
  insertTableRow,
  nextPosition,
  pagesFor,
  parseVersion,
  releasePage,
  tableRow,
} from '../../scripts/lib/release';
import { checkDocPage } from '../../scripts/lib/content-rules';

test('versions and where their pages go', () => {
  assert.deepEqual(parseVersion('9.0.7'), { major: 9, minor: 0, patch: 7 });
  assert.throws(() => parseVersion('9.1'), /X\.Y\.Z/);
  assert.deepEqual(pagesFor(parseVersion('9.1.0')), { release: 'v9/v9-1-0.md', changelog: 'v9/changelog/v9-1-0.md' });
  assert.deepEqual(pagesFor(parseVersion('9.0.7')), { release: null, changelog: 'v9/changelog/v9-0-7.md' });
  assert.equal(pagesFor(parseVersion('6.13.0')).release, 'v6-5/v6-13-0.md');
});

test('a new release goes first in its line (newest first)', () => {
  assert.equal(nextPosition([100, 97, 94]), 93);
  assert.equal(nextPosition([]), 100);
});

test('the release table gets its row under the header', () => {
  const index = '## Релизы линии {#releases}\n\n| Версия | Дата | Главное |\n|---|---|---|\n| [9.0.6](./changelog/v9-0-6.md) | — | x |\n';
  const updated = insertTableRow(index, tableRow(parseVersion('9.0.7'), '01.12.2025'));
  assert.match(updated, /\|---\|---\|---\|\n\| \[9\.0\.7\]\(\.\/changelog\/v9-0-7\.md\) \| 01\.12\.2025 \|/);
  assert.throws(() => insertTableRow('# no table', 'row'), /releases/);
});

test('generated pages pass the content bar as sparse pages', () => {
  const input = { version: parseVersion('9.1.0'), position: 93, date: null, previous: parseVersion('9.0.0') };
  assert.deepEqual(checkDocPage('v9/v9-1-0.md', releasePage(input)), []);
  assert.deepEqual(checkDocPage('v9/changelog/v9-1-0.md', changelogPage(input)), []);
  assert.match(releasePage(input), /facts_status: sparse/);
  assert.match(changelogPage(input), /sources:\n {2}- https:\/\/docs\.monq\.ru\/upgrade\/v9\/changelog\/v9-1-0\n/);
});

test('generated pages link the version\'s documentation and do not send the reader to support', () => {
  const v8 = { version: parseVersion('8.10.0'), position: 90, date: null, previous: parseVersion('8.9.0') };
  assert.match(releasePage(v8), /\(https:\/\/v8\.docs\.monq\.ru\/docs\/8\.10\/\)/);
  assert.match(changelogPage(v8), /\(https:\/\/v8\.docs\.monq\.ru\/docs\/8\.10\/\)/);
  const v9 = { version: parseVersion('9.0.7'), position: 93, date: '01.12.2025', previous: parseVersion('9.0.6') };
  assert.match(changelogPage(v9), /Релиз вышел 01\.12\.2025\. Порядок перехода/);
  assert.match(changelogPage(v9), /\[Документация\]\(\/docs\/get-started\)/);
  assert.equal(docsLink(parseVersion('6.12.0')), null);
  for (const page of [releasePage(v8), changelogPage(v8), releasePage(v9), changelogPage(v9)]) {
    assert.doesNotMatch(page, /поддержке|поддержку|не опубликован|будет указана/);
  }
  for (const input of [v8, v9]) {
    assert.deepEqual(checkDocPage('v/changelog/x.md', changelogPage(input)), []);
  }
});

test('one command adds the release pages and the table row', () => {
  const dir = mkdtempSync(join(tmpdir(), 'monq-release-'));
  cpSync('upgrade/v9', join(dir, 'v9'), { recursive: true });
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/new-release.ts', '9.0.7', '--root', dir], {
    stdio: 'pipe',
  });
  const page = readFileSync(join(dir, 'v9/changelog/v9-0-7.md'), 'utf8');
  assert.match(page, /title: "Изменения в 9\.0\.7"/);
  assert.match(page, /Предыдущий релиз: \[9\.0\.6\]\(\.\/v9-0-6\.md\)/);
  assert.match(page, /sidebar_position: 93/);
  assert.equal(existsSync(join(dir, 'v9/v9-0-7.md')), false);
  assert.match(readFileSync(join(dir, 'v9/index.mdx'), 'utf8'), /\[9\.0\.7\]\(\.\/changelog\/v9-0-7\.md\)/);
});
