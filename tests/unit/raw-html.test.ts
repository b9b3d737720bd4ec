/**
 * plugins/perf/raw-html.ts: rehype-raw runs only on `.md` pages with embedded HTML, and every page
 * compiles to exactly the module Docusaurus's own processor makes of it.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import remarkRawOnlyWhenNeeded, { RAW_HTML_STATS, htmlPropertyFinder, joinAdjacentText, keepsValue, rawWhenNeeded, rebuildKeeps } from '../../plugins/perf/raw-html';
import { contentBeforeRemarkPlugins } from '../../config/perf';

const require = createRequire(import.meta.url);
type Processor = { process(input: { content: string; filePath: string; frontMatter: object; compilerName: string }): Promise<{ content: string }> };
const { createProcessorUncached } = require('@docusaurus/mdx-loader/lib/processor') as {
  createProcessorUncached(parameters: { options: object; format: 'md' | 'mdx' }): Promise<Processor>;
};
const preprocess = (require('@docusaurus/mdx-loader/lib/preprocessor') as { default: (input: object) => string }).default;
const { DEFAULT_MARKDOWN_CONFIG } = require('@docusaurus/core/lib/server/configValidation') as {
  DEFAULT_MARKDOWN_CONFIG: Record<string, unknown>;
};

const ROOT = process.cwd();
const markdownConfig = { ...DEFAULT_MARKDOWN_CONFIG, format: 'detect' };

async function compile(filePath: string, text: string, skipRaw: boolean): Promise<string> {
  const options = {
    admonitions: true,
    beforeDefaultRemarkPlugins: skipRaw ? [remarkRawOnlyWhenNeeded] : [],
    remarkPlugins: [],
    rehypePlugins: [],
    recmaPlugins: [],
    markdownConfig,
    staticDirs: [join(ROOT, 'static')],
    siteDir: ROOT,
  };
  const processor = await createProcessorUncached({ options, format: 'md' });
  const content = preprocess({ fileContent: text, filePath, markdownConfig, admonitions: true });
  return (await processor.process({ content, filePath, frontMatter: {}, compilerName: 'client' })).content;
}

const WITHOUT_HTML = [
  '# Функции логики {#logic}',
  '',
  '| Пин | Тип |',
  '| --- | --- |',
  '| `Struct` | Wildcard:Struct |',
  '| `Query` | String |',
  '',
  ':::note Перед началом',
  '',
  'Откройте **Настройки → Настройка CMDB**. Ссылка: https://example.org/monq.',
  '',
  ':::',
  '',
  '```yaml title="task.yml"',
  'jobs:',
  '  - name: collect',
  '```',
  '',
  '- [x] сделано',
  '- [ ] не сделано',
  '- пункт с ~~зачёркнутым~~ текстом и [ссылкой](https://example.org/a "Заголовок")',
  '',
  '3. третий',
  '4. четвёртый',
].join('\n');

/** Footnotes carry `data-footnote-ref: true`, which an HTML attribute turns into "": rebuilt. */
const WITH_FOOTNOTE = 'Текст со сноской[^1].\n\n[^1]: Сноска.\n';

const WITH_HTML = [
  '# Пример {#example}',
  '',
  '<details>',
  '<summary>Пример запроса</summary>',
  '',
  'Нажмите <kbd>Ctrl</kbd>+<kbd>C</kbd>.<br/>Затем Wildcard:Struct.',
  '',
  '</details>',
].join('\n');

describe('rehype-raw only where a page has embedded HTML', () => {
  test('a page without embedded HTML skips rehype-raw and compiles to the same module', async () => {
    const before = { ...RAW_HTML_STATS };
    const expected = await compile('/site/docs/logic.md', WITHOUT_HTML, false);
    const actual = await compile('/site/docs/logic.md', WITHOUT_HTML, true);
    assert.equal(actual, expected);
    assert.deepEqual(RAW_HTML_STATS, { ran: before.ran, skipped: before.skipped + 1 });
    // The directive that Docusaurus turns back into text leaves one text node, not two.
    assert.match(actual, /Wildcard:Struct/);
  });

  test('a page with embedded HTML, footnotes or a link in a link still goes through rehype-raw', async () => {
    const pages = [WITH_HTML, WITH_FOOTNOTE, '[Ссылка со сноской[^1]](https://example.org/)\n\n[^1]: Сноска.\n'];
    for (const [i, page] of pages.entries()) {
      const before = { ...RAW_HTML_STATS };
      const expected = await compile(`/site/docs/p${i}.md`, page, false);
      const actual = await compile(`/site/docs/p${i}.md`, page, true);
      assert.equal(actual, expected, page);
      assert.deepEqual(RAW_HTML_STATS, { ran: before.ran + 1, skipped: before.skipped }, page);
    }
    const html = await compile('/site/docs/example.md', WITH_HTML, true);
    assert.match(html, /"kbd"/);
    assert.match(html, /"summary"/);
  });

  test('real pages of both versions compile to the same modules', async () => {
    const pages = [
      'versioned_docs/version-9.0/automation/general-functions/logic-functions.md',
      'versioned_docs/version-8.9/automation/general-functions/logic-functions.md',
      'versioned_docs/version-9.0/guide/signals.md',
      'upgrade/upgrade-policies.md',
    ];
    for (const page of pages) {
      const path = join(ROOT, page);
      const text = readFileSync(path, 'utf8');
      assert.equal(await compile(path, text, true), await compile(path, text, false), page);
    }
  });

  test('the site runs it in every content plugin', () => {
    assert.ok(contentBeforeRemarkPlugins.includes(remarkRawOnlyWhenNeeded));
  });
});

describe('the helpers', () => {
  test('rebuildKeeps: a raw node at any depth, a link in a link, a property an attribute would change', async () => {
    const find = await htmlPropertyFinder();
    const el = (tagName: string, properties: Record<string, unknown>, children: unknown[] = []) => ({ type: 'element', tagName, properties, children });
    const root = (...children: unknown[]) => ({ type: 'root', children });
    assert.equal(rebuildKeeps(root(el('p', {}, [{ type: 'text', value: 'a' }])), find), true);
    assert.equal(rebuildKeeps(root(el('p', {}, [{ type: 'raw', value: '<b>' }])), find), false);
    assert.equal(rebuildKeeps(root(el('a', { href: '/a' }, [el('sup', {}, [el('a', { href: '#fn' })])])), find), false);
    assert.equal(rebuildKeeps(root(el('a', { href: '/a' }), el('a', { href: '/b' })), find), true);
    assert.equal(rebuildKeeps(root(el('sup', {}, [el('a', { dataFootnoteRef: true })])), find), false);
  });

  test('keepsValue follows the attribute round trip', async () => {
    const find = await htmlPropertyFinder();
    const keeps: Array<[string, unknown]> = [
      ['id', 'signals'],
      ['href', '/docs/'],
      ['className', ['language-yaml', 'code']],
      ['ariaDescribedBy', ['footnote-label']],
      ['checked', true],
      ['checked', false],
      ['disabled', true],
      ['start', 3],
      ['metastring', undefined],
      ['live', false],
      // A falsy boolean attribute is left out by both the attribute and the JSX compiler.
      ['disabled', ''],
      ['metastring', 'title="task.yml"'],
    ];
    for (const [key, value] of keeps) assert.equal(keepsValue(key, value, find), true, `${key}: ${String(value)}`);
    const changes: Array<[string, unknown]> = [
      ['dataFootnoteRef', true],
      ['start', '3'],
      ['className', ['a b']],
      ['className', 'language-yaml'],
      ['style', { color: 'red' }],
      ['ariaHidden', 'true'],
      ['xLinkHref', '#a'],
    ];
    for (const [key, value] of changes) assert.equal(keepsValue(key, value, find), false, `${key}: ${String(value)}`);
  });

  test('joinAdjacentText joins runs of text nodes at every level and keeps the rest', () => {
    const tree = {
      type: 'root',
      children: [
        { type: 'text', value: 'a', position: { start: 1, end: 2 } },
        { type: 'text', value: 'b', position: { start: 2, end: 3 } },
        { type: 'element', children: [{ type: 'text', value: 'c' }, { type: 'text', value: 'd' }, { type: 'text', value: 'e' }] },
        { type: 'text', value: 'f' },
      ],
    };
    joinAdjacentText(tree);
    assert.deepEqual(tree, {
      type: 'root',
      children: [
        { type: 'text', value: 'ab', position: { start: 1, end: 3 } },
        { type: 'element', children: [{ type: 'text', value: 'cde' }] },
        { type: 'text', value: 'f' },
      ],
    });
  });

  test('the wrapped attacher keeps its options and its name', async () => {
    const seen: unknown[] = [];
    function rehypeRaw(options: unknown) {
      seen.push(options);
      return () => ({ type: 'root', children: [] });
    }
    const wrapped = rawWhenNeeded(rehypeRaw as never);
    assert.equal(wrapped.name, 'rehypeRawWhenNeeded');
    const transform = wrapped.call(null, { passThrough: ['mdxjsEsm'] }) as (tree: unknown) => Promise<unknown>;
    assert.deepEqual(seen, [{ passThrough: ['mdxjsEsm'] }]);
    assert.equal(await transform({ type: 'root', children: [] }), undefined);
    assert.deepEqual(await transform({ type: 'root', children: [{ type: 'raw', value: '<b>' }] }), { type: 'root', children: [] });
  });
});
