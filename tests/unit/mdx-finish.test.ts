/**
 * plugins/perf/mdx-finish.ts: the half of the MDX pipeline after the remark plugins runs in a worker
 * thread, and every page compiles to exactly the module that Docusaurus's own processor makes of it.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import remarkFinishInWorkers, {
  LOCAL_FINISH,
  RAW_PLUGINS,
  WORKER_PLUGINS,
  currentFinishPool,
  isPlain,
  planFor,
  startFinishPool,
  stopFinishPool,
} from '../../plugins/perf/mdx-finish';
import remarkRawOnlyWhenNeeded, { RAW_HTML_STATS } from '../../plugins/perf/raw-html';
import { contentBeforeRemarkPlugins, contentRehypePlugins } from '../../config/perf';

const require = createRequire(import.meta.url);
type Processor = {
  process(input: { content: string; filePath: string; frontMatter: object; compilerName: string }): Promise<{ content: string; data: Record<string, unknown> }>;
};
const { createProcessorUncached } = require('@docusaurus/mdx-loader/lib/processor') as {
  createProcessorUncached(parameters: { options: object; format: 'md' | 'mdx' }): Promise<Processor>;
};
const preprocess = (require('@docusaurus/mdx-loader/lib/preprocessor') as { default: (input: object) => string }).default;
const { DEFAULT_MARKDOWN_CONFIG } = require('@docusaurus/core/lib/server/configValidation') as {
  DEFAULT_MARKDOWN_CONFIG: Record<string, unknown>;
};

const ROOT = process.cwd();
const markdownConfig = { ...DEFAULT_MARKDOWN_CONFIG, format: 'detect' };

/** A page through Docusaurus's processor with the site's plugins, finished in the worker or not. */
async function compile(filePath: string, text: string, finish: boolean, rehypePlugins: unknown[] = contentRehypePlugins) {
  const options = {
    admonitions: true,
    beforeDefaultRemarkPlugins: finish ? [remarkRawOnlyWhenNeeded, remarkFinishInWorkers] : [remarkRawOnlyWhenNeeded],
    remarkPlugins: [],
    rehypePlugins,
    recmaPlugins: [],
    markdownConfig,
    staticDirs: [join(ROOT, 'static')],
    siteDir: ROOT,
  };
  const format = filePath.endsWith('.mdx') ? 'mdx' : 'md';
  const processor = await createProcessorUncached({ options, format });
  const content = preprocess({ fileContent: text, filePath, markdownConfig, admonitions: true });
  const result = await processor.process({ content, filePath, frontMatter: {}, compilerName: 'client' });
  return { content: result.content, contentTitle: result.data.contentTitle };
}

const PAGES = [
  'versioned_docs/version-9.0/guide/signals.md',
  'versioned_docs/version-9.0/guide/actions.md',
  'versioned_docs/version-9.0/automation/general-functions/logic-functions.md',
  'versioned_docs/version-8.9/automation/general-functions/logic-functions.md',
  'versioned_docs/version-9.0/solutions/automation/index.mdx',
  'src/pages/glossary.mdx',
];

const WITH_HTML = ['# Пример {#example}', '', '<details>', '<summary>Запрос</summary>', '', 'Нажмите <kbd>Ctrl</kbd>.', '', '</details>', '', 'Сноска[^1].', '', '[^1]: Текст.'].join('\n');

after(async () => {
  await stopFinishPool();
});

describe('the MDX pipeline after the remark plugins, in a worker thread', () => {
  test('real pages of both versions, .md and .mdx, compile to the same modules in the worker', async () => {
    const expected = [];
    for (const page of PAGES) expected.push(await compile(join(ROOT, page), readFileSync(join(ROOT, page), 'utf8'), false));
    const pool = startFinishPool();
    const local = LOCAL_FINISH.pages;
    for (const [i, page] of PAGES.entries()) {
      const actual = await compile(join(ROOT, page), readFileSync(join(ROOT, page), 'utf8'), true);
      assert.deepEqual(actual, expected[i], page);
    }
    assert.equal(pool.stats.inWorker, PAGES.length, JSON.stringify(pool.stats));
    assert.equal(LOCAL_FINISH.pages, local);
    assert.deepEqual(pool.stats.reasons, []);
  });

  test('rehype-raw runs in the worker, and its counts reach the main thread', async () => {
    startFinishPool();
    const before = { ...RAW_HTML_STATS };
    const expected = await compile(join(ROOT, 'docs/example.md'), WITH_HTML, false);
    const actual = await compile(join(ROOT, 'docs/example.md'), WITH_HTML, true);
    assert.deepEqual(actual, expected);
    assert.match(actual.content, /"kbd"/);
    assert.equal(RAW_HTML_STATS.ran - before.ran, 2);
  });

  test('a tail with a rehype plugin the worker does not know is finished on the main thread, the same way', async () => {
    const pool = startFinishPool();
    function rehypeUnknown() {
      return (tree: { children: unknown[] }) => {
        tree.children.push({ type: 'element', tagName: 'hr', properties: {}, children: [] });
      };
    }
    const plugins = [...contentRehypePlugins, rehypeUnknown];
    const local = LOCAL_FINISH.pages;
    const expected = await compile(join(ROOT, 'docs/x.md'), '# Заголовок {#title}\n\nТекст.', false, plugins);
    const actual = await compile(join(ROOT, 'docs/x.md'), '# Заголовок {#title}\n\nТекст.', true, plugins);
    assert.deepEqual(actual, expected);
    assert.match(actual.content, /"hr"/);
    assert.ok(pool.stats.reasons.includes('the rehype plugin rehypeUnknown'), JSON.stringify(pool.stats.reasons));
    // Without a pool the processor keeps its own plugins: nothing is cut.
    await stopFinishPool();
    assert.equal(currentFinishPool(), null);
    assert.equal(LOCAL_FINISH.pages, local);
  });

  test('the site runs it in every content plugin, after rehype-raw, and the worker knows its rehype plugins', () => {
    assert.deepEqual(contentBeforeRemarkPlugins.slice(-2), [remarkRawOnlyWhenNeeded, remarkFinishInWorkers]);
    for (const plugin of contentRehypePlugins) assert.ok(WORKER_PLUGINS[plugin.name], plugin.name);
    assert.ok(RAW_PLUGINS.has('rehypeRaw') && RAW_PLUGINS.has('rehypeRawWhenNeeded'));
  });
});

describe('the plan', () => {
  const named = (name: string) => Object.defineProperty(() => undefined, 'name', { value: name }) as (...args: unknown[]) => unknown;
  const mdxTail = (settings: object) =>
    ['rehypeRecma', 'recmaDocument', 'recmaJsxRewrite', 'recmaJsx', 'recmaBuildJsxTransform', 'recmaJsx', 'recmaStringify'].map(
      (name) => [named(name), settings] as [(...args: unknown[]) => unknown, ...unknown[]],
    );

  test('the settings of the MDX compiler are picked, plain values only', () => {
    const settings = { format: 'md', providerImportSource: '@mdx-js/react', resolveMarkdownLink: () => '', siteDir: '/site' };
    const plan = planFor([[named('remarkRehype'), { allowDangerousHtml: true }], [named('rehypeCodeTokens')], ...mdxTail(settings)]);
    assert.ok(typeof plan === 'object');
    assert.deepEqual(plan.settings, { format: 'md', providerImportSource: '@mdx-js/react' });
    assert.deepEqual(plan.rehype.map((step) => step.kind), ['module']);
    assert.equal(plan.remarkRehype, '[{"allowDangerousHtml":true}]');
  });

  test('what the worker cannot rebuild exactly is named', () => {
    const tail = (rehype: Array<[(...args: unknown[]) => unknown, ...unknown[]]>, settings: object = {}) => [
      [named('remarkRehype'), {}] as [(...args: unknown[]) => unknown, ...unknown[]],
      ...rehype,
      ...mdxTail(settings),
    ];
    assert.equal(planFor(tail([[named('rehypeKatex')]])), 'the rehype plugin rehypeKatex');
    assert.equal(planFor(tail([[named('rehypeCodeTokens'), { f: () => 1 }]])), 'options of rehypeCodeTokens that are not plain values');
    assert.equal(planFor(tail([], { SourceMapGenerator: class {} })), 'settings that are not plain values');
    assert.equal(planFor([...tail([]), [named('recmaExportFilepath')]]), 'recma plugins');
    assert.equal(planFor([]), 'no remark-rehype');
  });

  test('isPlain: data a worker receives unchanged', () => {
    assert.ok(isPlain({ a: [1, 'b', true, null, { c: undefined }] }));
    assert.ok(!isPlain({ a: () => 1 }));
    assert.ok(!isPlain(new Map()));
    assert.ok(!isPlain([new (class Point {})()]));
  });
});
