/**
 * The configurations of the Markdown lint and the Russian spell check do what the gates rely on:
 * a misspelt Russian word in prose is caught, the same word in a code block or inline code is not,
 * product terms of project-words.txt pass, and markdownlint still catches a real rule violation.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const root = resolve('.');
const bin = (name: string): string => join(root, 'node_modules', '.bin', name);

function fixture(name: string, text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'monq-lint-'));
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

test('cspell: a typo in Russian prose is reported, code and product terms are not', () => {
  const file = fixture(
    'page.md',
    [
      '---',
      'title: Проверка',
      '---',
      '',
      'Агент отправляет мертики в Monq через раннер и вебхук.',
      '',
      'Команда `мертики --help` и блок ниже не проверяются.',
      '',
      '```bash',
      'echo "мертики сигналлы"',
      '```',
      '',
    ].join('\n'),
  );
  const run = spawnSync(
    bin('cspell'),
    ['--no-progress', '--no-summary', '--config', join(root, 'cspell.json'), '--root', dirname(file), file],
    { encoding: 'utf8' },
  );
  const unknown = Array.from(run.stdout.matchAll(/Unknown word \((.+?)\)/g), (match) => match[1]);
  assert.deepEqual(unknown, ['мертики'], run.stdout + run.stderr);
  assert.notEqual(run.status, 0);
});

test('project-words.txt is sorted, one term a line, without duplicates', () => {
  const words = readFileSync(join(root, 'project-words.txt'), 'utf8').split('\n').filter(Boolean);
  assert.ok(words.length > 10);
  const lower = words.map((word) => word.toLowerCase());
  assert.equal(new Set(lower).size, lower.length, 'no duplicates');
  assert.ok(words.every((word) => /^[\p{L}\d.-]+$/u.test(word)), 'one word a line');
});

test('markdownlint: the project config still reports a broken rule (two blank lines)', () => {
  const file = fixture('page.md', '# Заголовок\n\nТекст.\n\n\nЕщё текст.\n');
  const run = spawnSync(bin('markdownlint-cli2'), ['--no-globs', '--config', join(root, '.markdownlint-cli2.jsonc'), file], {
    encoding: 'utf8',
    cwd: dirname(file),
  });
  assert.match(run.stdout + run.stderr, /MD012/);
  assert.notEqual(run.status, 0);
});

test('markdownlint: the house style passes (long lines, DocCardList, numbered steps after a code block)', () => {
  const long = 'Очень длинная строка абзаца. '.repeat(20).trim();
  const file = fixture(
    'page.mdx',
    `---\ntitle: Раздел\n---\n\n${long}\n\n1. Шаг.\n\n\`\`\`bash\nls\n\`\`\`\n\n2. Шаг.\n\n<DocCardList />\n`,
  );
  const run = spawnSync(bin('markdownlint-cli2'), ['--no-globs', '--config', join(root, '.markdownlint-cli2.jsonc'), file], {
    encoding: 'utf8',
    cwd: dirname(file),
  });
  assert.equal(run.status, 0, run.stdout + run.stderr);
});
