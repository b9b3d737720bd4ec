/** plugins/content/rehype-table-regions.ts: every Markdown table becomes a focusable, labelled scroll region. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FALLBACK_LABEL, TABLE_SCROLL_CLASS, wrapTables } from '../../plugins/content/rehype-table-regions';
import { rehypePlugins } from '../../config/content';
import { readEnv } from '../../config/env';
import rehypeTableRegions from '../../plugins/content/rehype-table-regions';

type Node = { type: string; tagName?: string; value?: string; name?: string; properties?: Record<string, unknown>; children?: Node[] };

const text = (value: string): Node => ({ type: 'text', value });
const el = (tagName: string, children: Node[] = [], properties: Record<string, unknown> = {}): Node => ({ type: 'element', tagName, properties, children });
const table = (...headers: string[]): Node =>
  el('table', [el('thead', [el('tr', headers.map((h) => el('th', [text(h)])))]), el('tbody', [el('tr', headers.map(() => el('td', [text('x')])))])]);

test('a top-level table becomes one region element around it: focusable, labelled by its heading', () => {
  const original = table('Параметр', 'Описание');
  const tree: Node = { type: 'root', children: [el('h2', [text('Параметры '), el('code', [text('agent')])]), text('\n'), original] };
  assert.deepEqual(wrapTables(tree), ['Таблица: Параметры agent']);
  const wrapper = tree.children![2]!;
  assert.deepEqual(wrapper, {
    type: 'element',
    tagName: 'div',
    properties: { className: [TABLE_SCROLL_CLASS], role: 'region', tabIndex: 0, ariaLabel: 'Таблица: Параметры agent' },
    children: [original],
  });
});

test('tables inside admonitions, lists and components are wrapped too; each label is unique on the page', () => {
  const tree: Node = {
    type: 'root',
    children: [
      table('Поле', 'Тип'),
      el('h3', [text('Ответ')]),
      { type: 'mdxJsxFlowElement', name: 'admonition', children: [table('A')] },
      el('ul', [el('li', [table('B')])]),
      el('table', [el('caption', [text('Коды ошибок')]), el('tr', [el('td', [text('1')])])]),
      el('h2', []),
    ],
  };
  assert.deepEqual(wrapTables(tree), ['Таблица: Поле, Тип', 'Таблица: Ответ', 'Таблица 2: Ответ', 'Таблица: Коды ошибок']);
});

test('a table with nothing to name it by gets the general label; long names are cut at a word', () => {
  const bare = { type: 'root', children: [el('table', [el('tr', [el('td', [text('1')])])])] };
  assert.deepEqual(wrapTables(bare), [FALLBACK_LABEL]);
  const long = { type: 'root', children: [el('h2', [text('Очень длинный заголовок раздела '.repeat(5))]), table('A')] };
  const [label] = wrapTables(long);
  assert.ok(label!.length <= 80 && label!.endsWith('…') && !label!.includes('  '), label);
});

test('running the plugin twice does not wrap a table twice', () => {
  const tree: Node = { type: 'root', children: [table('A')] };
  wrapTables(tree);
  wrapTables(tree);
  assert.equal(tree.children![0]!.tagName, 'div');
  assert.equal(tree.children![0]!.children![0]!.tagName, 'table');
});

test('every content plugin runs it', () => {
  assert.ok((rehypePlugins(readEnv({})) as unknown[]).includes(rehypeTableRegions));
});
