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
  linkNext,
  nextPosition,
  passportTable,
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

test('a release page carries its passport and its links, not the steps common to the line', () => {
  const bare = { version: parseVersion('9.1.0'), position: 93, date: null, previous: parseVersion('9.0.0') };
  const page = releasePage(bare);
  // The common steps live once, on the line's index; the page links there and repeats none of them.
  assert.match(page, /\[Общая процедура обновления\]\(\.\/index\.mdx#procedure\)/);
  assert.doesNotMatch(page, /^\d+\. /m, 'no numbered steps');
  assert.doesNotMatch(page, /monqctl config|резервные копии|миграцию|откат|#rollback|#backup|#migrations/i);
  assert.match(page, /- Предыдущий релиз линии: \[9\.0\.0\]\(\.\/v9-0-0\.md\)\./);
  assert.match(page, /- Запись журнала изменений: \[Изменения в 9\.1\.0\]\(\.\/changelog\/v9-1-0\.md\)\./);
  // No passport facts: no passport section; a generated page is a sparse one until its facts are written in.
  assert.doesNotMatch(page, /\{#passport\}/);
  assert.match(page, /facts_status: sparse/);
  assert.deepEqual(checkDocPage('v9/v9-1-0.md', page), []);

  const full = releasePage({
    ...bare,
    passport: { previousVersion: '9.0.6', downtime: 'полная остановка', databases: 'db_a, db_b', monqctl: '1.18.0' },
    sources: ['https://docs.monq.ru/upgrade/v9/changelog/v9-1-0', 'https://docs.monq.ru/upgrade/v9/changelog/v9-1-0'],
  });
  assert.match(full, /## Паспорт релиза \{#passport\}/);
  assert.match(full, /\| Предыдущая версия \| 9\.0\.6 \|\n\| Уровень простоя \| полная остановка \|\n\| Базы для резервного копирования \| db_a, db_b \|\n\| Рекомендуемая версия monqctl \| 1\.18\.0 \|/);
  assert.doesNotMatch(full, /Модули и их версии/, 'only the items the source gives');
  assert.equal(full.match(/docs\.monq\.ru\/upgrade\/v9\/changelog\/v9-1-0/g)?.length, 1, 'each source once');
  assert.deepEqual(checkDocPage('v9/v9-1-0.md', full), []);
  assert.equal(passportTable(parseVersion('9.1.0'), { modules: 'pl | 9.1.0' }), '| Пункт | Значение для 9.1.0 |\n|---|---|\n| Модули и их версии | pl \\| 9.1.0 |');
  assert.equal(passportTable(parseVersion('9.1.0'), { modules: '  ' }), '');
});

test('the previous page gets a link to the new release, once', () => {
  const previous = '## Соседние страницы {#links}\n\n- Предыдущий релиз линии: [8.8.0](./v8-8-0.md).\n- Запись журнала изменений: [x](./changelog/v8-9-0.md).\n';
  const linked = linkNext(previous, parseVersion('8.10.0'), 'release');
  assert.match(linked, /- Предыдущий релиз линии: \[8\.8\.0\]\(\.\/v8-8-0\.md\)\.\n- Следующий релиз линии: \[8\.10\.0\]\(\.\/v8-10-0\.md\)\.\n- Запись/);
  assert.equal(linkNext(linked, parseVersion('8.11.0'), 'release'), linked, 'a next release already named');
  // A release page that names only the next patch release still gets the next minor release.
  const v900 = '- Предыдущий релиз: [8.9.0](../v8/v8-9-0.md).\n- Следующий выпуск: [9.0.1](./changelog/v9-0-1.md).\n';
  assert.match(linkNext(v900, parseVersion('9.1.0'), 'release'), /8-9-0\.md\)\.\n- Следующий релиз линии: \[9\.1\.0\]/);
  const changelog = '- Предыдущий выпуск: [9.0.5](./v9-0-5.md).\n';
  assert.match(linkNext(changelog, parseVersion('9.0.7'), 'changelog'), /\n- Следующий релиз: \[9\.0\.7\]\(\.\/v9-0-7\.md\)\./);
  assert.equal(linkNext('no list here', parseVersion('9.0.7'), 'changelog'), 'no list here');
});

test('generated pages link the version\'s documentation and do not send the reader to support', () => {
  const v8 = { version: parseVersion('8.10.0'), position: 90, date: null, previous: parseVersion('8.9.0') };
  assert.match(releasePage(v8), /\(https:\/\/v8\.docs\.monq\.ru\/docs\/8\.10\/\)/);
  assert.match(changelogPage(v8), /\(https:\/\/v8\.docs\.monq\.ru\/docs\/8\.10\/\)/);
  const v9 = { version: parseVersion('9.0.7'), position: 93, date: '01.12.2025', previous: parseVersion('9.0.6') };
  assert.match(changelogPage(v9), /Релиз вышел 01\.12\.2025\. Выпуски линии ставят по порядку номеров/);
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
  assert.match(readFileSync(join(dir, 'v9/changelog/v9-0-6.md'), 'utf8'), /- Следующий релиз: \[9\.0\.7\]\(\.\/v9-0-7\.md\)\./);
});

test('one command adds a minor release with its passport and links the previous release page', () => {
  const dir = mkdtempSync(join(tmpdir(), 'monq-release-'));
  cpSync('upgrade/v9', join(dir, 'v9'), { recursive: true });
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/new-release.ts', '9.1.0', '--root', dir, '--previous-version', '9.0.6', '--downtime', 'полная остановка'],
    { stdio: 'pipe' },
  );
  const page = readFileSync(join(dir, 'v9/v9-1-0.md'), 'utf8');
  assert.match(page, /\| Предыдущая версия \| 9\.0\.6 \|\n\| Уровень простоя \| полная остановка \|/);
  assert.doesNotMatch(page, /#rollback|#migrations|#backup/);
  assert.deepEqual(checkDocPage('v9/v9-1-0.md', page), []);
  assert.match(readFileSync(join(dir, 'v9/v9-0-0.md'), 'utf8'), /- Следующий релиз линии: \[9\.1\.0\]\(\.\/v9-1-0\.md\)\./);
  assert.match(readFileSync(join(dir, 'v9/changelog/v9-1-0.md'), 'utf8'), /Паспорт релиза и соседние релизы — на странице \[Релиз 9\.1\.0\]\(\.\.\/v9-1-0\.md\)/);
});
