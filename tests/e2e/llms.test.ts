/**
 * Markdown for AI assistants on the built site (plugins/llms): llms.txt and its links, the full texts,
 * a Markdown twin's exact text, every twin clean; on a doc page, «Markdown» and «Скопировать как
 * Markdown» beside the edit link, the link opening the twin and the button copying it, also when it is
 * clicked before the page is interactive.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDir, hydrated, pool, siteUnderTest } from './lib';
import { SITE_URL } from '../../config/site';
import { llmsBooks } from '../../config/llms';

const site = siteUnderTest();

async function fetchText(path: string): Promise<{ status: number; type: string; text: string }> {
  const response = await fetch(site.server.url + path);
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
}

/** The site path of an absolute link on the portal. */
function sitePath(url: string): string {
  assert.ok(url.startsWith(`${SITE_URL}/`), `${url} is an absolute address on ${SITE_URL}`);
  return url.slice(SITE_URL.length);
}

const TWIN = '/docs/guide/thresholds.md';
const PAGE = '/docs/guide/thresholds/';

describe('llms.txt', () => {
  test('has the llmstxt.org shape: title, summary, sections of links for 9.0, 8.9 and the upgrade notes, then Optional', async () => {
    const { status, type, text } = await fetchText('/llms.txt');
    assert.equal(status, 200);
    assert.equal(type, 'text/plain; charset=utf-8');
    const lines = text.split('\n');
    assert.equal(lines[0], '# Monq Docs');
    assert.equal(lines[1], '');
    assert.match(lines[2] ?? '', /^> Документация Monq — .{40,}/);
    assert.equal(lines.filter((line) => line.startsWith('# ')).length, 1, 'one H1');
    const sections = lines.filter((line) => line.startsWith('## ')).map((line) => line.slice(3));
    for (const prefix of ['Monq 9.0 — ', 'Monq 8.9 — ', 'Обновления Monq']) {
      assert.ok(sections.some((section) => section.startsWith(prefix)), `a section of ${prefix}`);
    }
    assert.ok(sections.includes('Monq 9.0 — Руководство пользователя'));
    assert.equal(sections.at(-1), 'Optional');
    // Every line after the head is a heading, a list item of a link, or blank.
    const body = lines.slice(lines.indexOf(`## ${sections[0]}`));
    for (const line of body) assert.match(line, /^(## .+|- \[[^\]]+\]\(https:\/\/docs\.monq\.ru\/[^)\s]+\)(: .+)?|)$/, line);
    assert.ok(text.includes(`- [Пороги](${SITE_URL}${TWIN}): `), 'the page is listed with its twin and description');
    const optional = text.slice(text.indexOf('## Optional'));
    for (const book of llmsBooks()) assert.ok(optional.includes(`(${SITE_URL}/${book.fullFile})`), book.fullFile);
  });

  test('every link resolves: the twins as text/markdown, the full texts as plain text', async () => {
    const { text } = await fetchText('/llms.txt');
    const links = Array.from(text.matchAll(/\]\((https:[^)\s]+)\)/g), (match) => sitePath(match[1]!));
    assert.ok(links.length > 300, `${links.length} links`);
    assert.equal(new Set(links).size, links.length, 'no page is listed twice');
    const failures: string[] = [];
    await pool(links, 8, async (path) => {
      const reply = await fetchText(path);
      const expected = path.endsWith('.md') ? 'text/markdown; charset=utf-8' : 'text/plain; charset=utf-8';
      if (reply.status !== 200 || reply.type !== expected || !reply.text.startsWith('# ')) failures.push(`${path}: ${reply.status} ${reply.type}`);
    });
    assert.deepEqual(failures, []);
  });

  test('each full text holds its book, each page under its title and address', async () => {
    const sizes: string[] = [];
    for (const book of llmsBooks()) {
      const { status, text } = await fetchText(`/${book.fullFile}`);
      assert.equal(status, 200, book.fullFile);
      assert.ok(text.startsWith(`# ${book.label}: полный текст\n\n> `), book.fullFile);
      sizes.push(`${book.fullFile}: ${Math.round(Buffer.byteLength(text) / 1024)} KB`);
    }
    const latest = (await fetchText('/llms-full.txt')).text;
    const twin = readFileSync(join(buildDir, TWIN), 'utf8');
    const [title, ...rest] = twin.trimEnd().split('\n');
    assert.ok(latest.includes(`\n---\n\n${title}\n\nАдрес страницы: ${SITE_URL}${PAGE}\n${rest.join('\n')}\n`), 'the 9.0 full text has the page as its twin');
    const older = (await fetchText('/docs/8.9/llms-full.txt')).text;
    assert.ok(older.includes(`Адрес страницы: ${SITE_URL}/docs/8.9/get-started/\n`));
    assert.ok(!older.includes(`Адрес страницы: ${SITE_URL}/docs/get-started/\n`), 'the 8.9 text holds 8.9 pages only');
    console.log(`full texts: ${sizes.join(', ')}`);
  });
});

describe('Markdown twins', () => {
  test('the twin of «Пороги» is the page in clean Markdown (exact excerpt)', async () => {
    const { status, type, text } = await fetchText(TWIN);
    assert.equal(status, 200);
    assert.equal(type, 'text/markdown; charset=utf-8');
    const head = [
      '# Пороги',
      '',
      'Страница объясняет дежурным инженерам и администраторам, как читать [пороги](https://docs.monq.ru/glossary/#threshold) и что с ними делать. Слово «порог» здесь значит две вещи. Во-первых, это граница: например, загрузка процессора 90 %. Во-вторых, это запись в Monq о том, что метрика эту границу перешла, — с временем начала, уровнем и значением. Пороги создаёт не пользователь, а [правило порогов](https://docs.monq.ru/glossary/#threshold-rule): как его настроить, описано на странице [Правила порогов](https://docs.monq.ru/docs/guide/metrics-thresholds/).',
      '',
      '## Порог как объект',
      '',
    ].join('\n');
    assert.ok(text.startsWith(head), text.slice(0, 600));
    const table = [
      '## Поля порога',
      '',
      '| Параметр | Тип | По умолчанию | Описание |',
      '| --- | --- | --- | --- |',
      '| `Id` | целое число | — | Идентификатор порога |',
      '| `Name` | строка | — | Имя порога |',
      '| `Level` | строка | — | [Уровень](https://docs.monq.ru/glossary/#threshold-level): `Fatal`, `Critical`, `Major`, `Warning`, `Info` или `Ok` |',
    ].join('\n');
    assert.ok(text.includes(`\n\n${table}\n`), 'the table as a GFM table');
    assert.match(text, /\n\n> \*\*Совет\.\*\* Если в пространстве сценарий привязки и сценарий создания сигналов работают вместе, первым должен срабатывать сценарий привязки\. /);
    assert.ok(text.includes('\n1.  В типе КЕ заведите атрибут'), 'ordered list (Turndown pads the marker to 4 columns)');
    assert.ok(text.endsWith('[Функции для работы с порогами](https://docs.monq.ru/docs/automation/thresholds-functions/).\n'), text.slice(-300));
  });

  test('every twin listed is clean: one H1 first, no front matter, no HTML, no heading ids, absolute links', async () => {
    const { text } = await fetchText('/llms.txt');
    const twins = Array.from(text.matchAll(/\]\((https:[^)\s]+\.md)\)/g), (match) => sitePath(match[1]!));
    const problems: string[] = [];
    for (const path of twins) {
      const markdown = readFileSync(join(buildDir, path), 'utf8');
      const prose = markdown.replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, '').replace(/(`+)[^`\n]*?\1/g, '');
      const checks: Array<[string, boolean]> = [
        ['opens with its H1', /^# \S/.test(markdown) && !markdown.startsWith('---')],
        ['one H1', prose.split('\n').filter((line) => line.startsWith('# ')).length === 1],
        ['no HTML tag', !/(?<!\\)<\/?[a-z][a-z0-9-]*(\s[^>]*)?\/?>/i.test(prose)],
        ['no heading id', !/\{#[\w-]+\}/.test(prose)],
        ['no relative link', !/\]\((?!https?:|mailto:)/.test(prose)],
      ];
      for (const [name, ok] of checks) if (!ok) problems.push(`${path}: ${name}`);
    }
    assert.ok(twins.length > 300);
    assert.deepEqual(problems, []);
  });

  test('a section index has its twin at the section address with .md; its cards become links', async () => {
    const { status, text } = await fetchText('/docs/solutions.md');
    assert.equal(status, 200);
    assert.ok(text.startsWith('# Решения\n'));
    assert.match(text, /\n- {3}\[Привязка порогов к КЕ\]\(https:\/\/docs\.monq\.ru\/docs\/solutions\/bind-ci-thold-example\/\) — \S/);
  });
});

describe('on a doc page', () => {
  const CONTEXT = { permissions: ['clipboard-read', 'clipboard-write'] };

  test('«Markdown» and «Скопировать как Markdown» sit under the edit link; the link opens the twin, even before the page is interactive', async () => {
    const { page } = await site.open();
    await page.goto(site.server.url + PAGE);
    assert.equal(await page.getAttribute('html', 'data-hydration'), 'waiting');
    const row = page.locator('.theme-doc-footer-edit-meta-row');
    const edit = row.locator('a.theme-edit-this-page');
    const link = row.getByRole('link', { name: 'Markdown', exact: true });
    const button = row.getByRole('button', { name: 'Скопировать как Markdown' });
    for (const locator of [edit, link, button]) await locator.waitFor();
    assert.equal(await link.getAttribute('href'), TWIN);
    const [editBox, linkBox, buttonBox] = await Promise.all([edit.boundingBox(), link.boundingBox(), button.boundingBox()]);
    assert.ok(editBox && linkBox && buttonBox);
    // On the line under the edit link, in its column: «Markdown», then the button.
    assert.ok(linkBox.y >= editBox.y + editBox.height - 2 && linkBox.y < editBox.y + 3 * editBox.height, 'right under the edit link');
    assert.ok(Math.abs(linkBox.x - editBox.x) < 4, 'aligned with the edit link');
    assert.ok(buttonBox.x > linkBox.x + linkBox.width && Math.abs(buttonBox.y - linkBox.y) < linkBox.height, 'the button beside the link');

    const [response] = await Promise.all([page.waitForNavigation(), link.click()]);
    assert.equal(new URL(page.url()).pathname, TWIN);
    assert.equal(response?.headers()['content-type'], 'text/markdown; charset=utf-8');
    assert.equal(await response?.text(), readFileSync(join(buildDir, TWIN), 'utf8'));
  });

  test('after hydration the link still loads the twin itself, not a client-side route', async () => {
    const { page } = await site.open();
    await page.goto(site.server.url + PAGE);
    await hydrated(page);
    const [response] = await Promise.all([
      page.waitForNavigation(),
      page.locator('.theme-doc-footer-edit-meta-row').getByRole('link', { name: 'Markdown', exact: true }).click(),
    ]);
    assert.equal(response?.headers()['content-type'], 'text/markdown; charset=utf-8');
    assert.equal(new URL(page.url()).pathname, TWIN);
  });

  test('the copy button puts the twin on the clipboard and says so', async () => {
    const { page } = await site.open(CONTEXT);
    await page.goto(site.server.url + PAGE);
    await hydrated(page);
    const row = page.locator('.theme-doc-footer-edit-meta-row');
    const status = row.getByRole('status');
    assert.equal(await status.textContent(), '');
    await row.getByRole('button', { name: 'Скопировать как Markdown' }).click();
    await status.filter({ hasText: 'Скопировано' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, readFileSync(join(buildDir, TWIN), 'utf8'));
  });

  test('a click on the copy button before the page is interactive copies once it is', async () => {
    const { page } = await site.open(CONTEXT);
    await page.goto(site.server.url + '/docs/8.9/get-started/');
    assert.equal(await page.getAttribute('html', 'data-hydration'), 'waiting');
    await page.evaluate(() => navigator.clipboard.writeText('до нажатия'));
    await page.locator('.theme-doc-footer-edit-meta-row').getByRole('button', { name: 'Скопировать как Markdown' }).click();
    await page.locator('.theme-doc-footer-edit-meta-row [role="status"]').filter({ hasText: 'Скопировано' }).waitFor({ timeout: 20_000 });
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, readFileSync(join(buildDir, 'docs/8.9/get-started.md'), 'utf8'));
    assert.ok(copied.startsWith('# '));
  });
});
