/**
 * plugins/perf/mdx-parse.ts: pages parsed in worker threads compile to exactly what Docusaurus's own
 * MDX processor makes of them, and a tree is used only for the same text and the same syntax.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadContext } from '@docusaurus/types';
import {
  contentFiles,
  currentParsePool,
  parseWorkers,
  poolKey,
  startParsePool,
  stopParsePool,
  workerOrders,
  type ParseFormat,
  type ParsePool,
} from '../../plugins/perf/mdx-parse';
import { startContentParsing } from '../../plugins/perf/index';
import { contentBeforeRemarkPlugins, parseDirs, startParsingEarly } from '../../config/perf';
import { docsOptions, upgradeDocsOptions } from '../../config/docs';
import { readEnv } from '../../config/env';

const require = createRequire(import.meta.url);
type Processor = { process(input: { content: string; filePath: string; frontMatter: object; compilerName: string }): Promise<{ content: string }> };
const { createProcessorUncached } = require('@docusaurus/mdx-loader/lib/processor') as {
  createProcessorUncached(parameters: { options: object; format: ParseFormat }): Promise<Processor>;
};
const preprocess = (require('@docusaurus/mdx-loader/lib/preprocessor') as { default: (input: object) => string }).default;
const { DEFAULT_MARKDOWN_CONFIG } = require('@docusaurus/core/lib/server/configValidation') as {
  DEFAULT_MARKDOWN_CONFIG: { mdx1Compat: { comments: boolean; admonitions: boolean; headingIds: boolean } } & Record<string, unknown>;
};

const PAGES: Record<string, string> = {
  'guide/signals.md': [
    '---',
    'title: Сигналы',
    'description: Как работать с сигналами.',
    '---',
    '',
    '# Сигналы {#signals}',
    '',
    'Откройте **Сигналы → Настройки**. Ссылка: https://example.org/monq и <https://example.org/x>.',
    '',
    ':::note Перед началом',
    '',
    'Нужна роль администратора.',
    '',
    ':::',
    '',
    '| Поле | Значение |',
    '| --- | --- |',
    '| `severity` | `critical` |',
    '',
    '<!-- комментарий автора -->',
    '',
    '<details><summary>Пример</summary>',
    '',
    '```bash',
    'curl -s https://monq.example/api/public/sm/v2/signals',
    '```',
    '',
    '</details>',
  ].join('\n'),
  'guide/api.mdx': [
    '---',
    'title: API',
    '---',
    '',
    "import Tabs from '@theme/Tabs';",
    '',
    'export const limit = 25;',
    '',
    '## Запрос {#request}',
    '',
    'Не больше {limit} записей за запрос.',
    '',
    '<Tabs groupId="lang">',
    '',
    '- [x] проверено',
    '',
    '</Tabs>',
    '',
    ':::tip',
    '',
    'Текст ~~старый~~ новый.',
    '',
    ':::',
  ].join('\n'),
  'upgrade/v9.md': '# Обновление до 9.0\n\n1. Остановите службы.\n2. Обновите пакеты.\n\nСноска[^1].\n\n[^1]: Примечание.\n',
};

let site: string;
const markdownConfig = { ...DEFAULT_MARKDOWN_CONFIG, format: 'detect' };

function mdxOptions(withWorkers: boolean): object {
  return {
    admonitions: true,
    beforeDefaultRemarkPlugins: withWorkers ? contentBeforeRemarkPlugins : [],
    remarkPlugins: [],
    rehypePlugins: [],
    recmaPlugins: [],
    markdownConfig,
    staticDirs: [],
    siteDir: site,
  };
}

async function compile(path: string, format: ParseFormat, withWorkers: boolean, text?: string): Promise<string> {
  const processor = await createProcessorUncached({ options: mdxOptions(withWorkers), format });
  const content = preprocess({ fileContent: text ?? readFileSync(path, 'utf8'), filePath: path, markdownConfig, admonitions: true });
  return (await processor.process({ content, filePath: path, frontMatter: {}, compilerName: 'server' })).content;
}

/** Until the workers have parsed every file (polling keeps the event loop alive; 60 s at most). */
async function settled(pool: ParsePool): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (pool.pending() > 0) {
    if (Date.now() > deadline) throw new Error(`workers still busy: ${pool.pending()} files`);
    await new Promise((done) => setTimeout(done, 20));
  }
}

function startPool(workers = 1) {
  return startParsePool({
    files: contentFiles([join(site, 'docs'), join(site, 'upgrade')]),
    markdown: { mdx1Compat: { ...DEFAULT_MARKDOWN_CONFIG.mdx1Compat } },
    admonitions: true,
    workers,
  });
}

before(() => {
  site = mkdtempSync(join(tmpdir(), 'monq-mdx-parse-'));
  for (const [rel, text] of Object.entries(PAGES)) {
    const dir = rel.startsWith('upgrade/') ? 'upgrade' : 'docs';
    const path = join(site, dir, rel.replace(/^upgrade\//, ''));
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, text);
  }
});
after(async () => {
  await stopParsePool();
  rmSync(site, { recursive: true, force: true });
});

describe('pages parsed in worker threads', () => {
  test('compile to the same module as the loader parsing them itself, every tree from a worker', async () => {
    const files = contentFiles([join(site, 'docs'), join(site, 'upgrade'), join(site, 'missing')]);
    assert.deepEqual(
      files.map((file) => [file.path.slice(site.length + 1), file.format]),
      [
        ['docs/guide/api.mdx', 'mdx'],
        ['docs/guide/signals.md', 'md'],
        ['upgrade/v9.md', 'md'],
      ],
    );
    const expected = await Promise.all(files.map((file) => compile(file.path, file.format, false)));
    const pool = startPool(2);
    assert.equal(currentParsePool(), pool);
    // Let the workers finish, so that every tree comes from them.
    await settled(pool);
    for (const [i, file] of files.entries()) {
      assert.equal(await compile(file.path, file.format, true), expected[i], file.path);
    }
    const stats = await stopParsePool();
    assert.deepEqual(stats, { files: 3, fromWorkers: 3, waited: 0, onMain: 0, discarded: 0 });
    assert.equal(currentParsePool(), null);
    assert.match(expected[1]!, /theme-admonition|admonition/i);
  });

  test('another text or another syntax: the worker tree is dropped and the loader parses the page', async () => {
    const [api, signals, upgrade] = contentFiles([join(site, 'docs'), join(site, 'upgrade')]);
    const changed = `${readFileSync(upgrade!.path, 'utf8')}\nНовый абзац.\n`;
    const expectedChanged = await compile(upgrade!.path, 'md', false, changed);
    const expectedAsMdx = await compile(signals!.path, 'mdx', false).catch((error: Error) => error.message);
    await settled(startPool());
    // The file changed after the worker read it.
    assert.equal(await compile(upgrade!.path, 'md', true, changed), expectedChanged);
    // The worker parsed `.md` as Markdown; a processor for MDX has other syntax.
    assert.equal(await compile(signals!.path, 'mdx', true).catch((error: Error) => error.message), expectedAsMdx);
    // The worker's tree for a file the loader has not asked for is still there, and used.
    assert.equal(await compile(api!.path, 'mdx', true), await compile(api!.path, 'mdx', false));
    const stats = await stopParsePool();
    assert.deepEqual(stats, { files: 3, fromWorkers: 1, waited: 0, onMain: 0, discarded: 2 });
  });

  test('a page the loader reaches before any worker is parsed on the main thread, and only there', async () => {
    const files = contentFiles([join(site, 'docs'), join(site, 'upgrade')]);
    const pool = startPool();
    // Straight away: the worker is still loading its modules.
    const output = await compile(files[2]!.path, 'md', true);
    assert.equal(output, await compile(files[2]!.path, 'md', false));
    const stats = await stopParsePool();
    assert.equal(stats?.onMain, 1);
    assert.equal(pool.stats.fromWorkers + pool.stats.onMain, 1);
  });
});

describe('which pages, in which order', () => {
  test('each worker goes round the whole list from its own starting point', () => {
    assert.deepEqual(workerOrders(5, 1), [[0, 1, 2, 3, 4]]);
    assert.deepEqual(workerOrders(5, 2), [
      [0, 1, 2, 3, 4],
      [4, 3, 2, 1, 0],
    ]);
    const three = workerOrders(6, 3);
    assert.deepEqual(three[2], [3, 4, 5, 0, 1, 2]);
    for (const order of three) assert.deepEqual([...order].sort(), [0, 1, 2, 3, 4, 5]);
  });

  test('the docs instances, their versions and the pages', () => {
    const env = readEnv({});
    assert.deepEqual(parseDirs([docsOptions(env), upgradeDocsOptions()]), ['docs', 'versioned_docs', 'upgrade', 'upgrade_versioned_docs', 'src/pages']);
  });

  test('only a production build starts the workers, and not with a Markdown preprocessor', async () => {
    const context = (preprocessor?: unknown) =>
      ({ siteDir: site, siteConfig: { markdown: { ...DEFAULT_MARKDOWN_CONFIG, preprocessor } } }) as unknown as LoadContext;
    const mode = process.env.NODE_ENV;
    try {
      process.env.NODE_ENV = 'development';
      assert.equal(startContentParsing(context(), ['docs']), null);
      process.env.NODE_ENV = 'production';
      assert.equal(startContentParsing(context(() => ''), ['docs']), null);
      assert.equal(startContentParsing(context(), []), null);
      const pool = startContentParsing(context(), ['docs', 'upgrade']);
      assert.equal(pool?.stats.files, 3);
      // Asked again for the same pages and syntax (the plugin after the config): the same pool.
      assert.equal(startContentParsing(context(), ['docs', 'upgrade']), pool);
      // Other pages or another syntax: a new pool replaces it.
      const other = startContentParsing(context(), ['docs']);
      assert.notEqual(other, pool);
      assert.equal(other?.stats.files, 2);
      assert.equal(currentParsePool(), other);
      const noComments = { ...DEFAULT_MARKDOWN_CONFIG, mdx1Compat: { ...DEFAULT_MARKDOWN_CONFIG.mdx1Compat, comments: false } };
      const third = startContentParsing({ siteDir: site, siteConfig: { markdown: noComments } }, ['docs']);
      assert.notEqual(third, other);
    } finally {
      process.env.NODE_ENV = mode;
    }
    await stopParsePool();
  });
});

describe('the pool starts with the site config', () => {
  test('in a production build the config starts the pool for the content directories, unless DOCS_MDX_WORKERS=false', async () => {
    const mode = process.env.NODE_ENV;
    const instances = [docsOptions(readEnv({})), upgradeDocsOptions()];
    try {
      await stopParsePool();
      process.env.NODE_ENV = 'production';
      startParsingEarly(readEnv({ DOCS_MDX_WORKERS: 'false' }), instances, DEFAULT_MARKDOWN_CONFIG);
      assert.equal(currentParsePool(), null);
      process.env.NODE_ENV = 'development';
      startParsingEarly(readEnv({}), instances, DEFAULT_MARKDOWN_CONFIG);
      assert.equal(currentParsePool(), null);
      process.env.NODE_ENV = 'production';
      startParsingEarly(readEnv({}), instances, DEFAULT_MARKDOWN_CONFIG);
      const pool = currentParsePool();
      // This repository's own pages: every .md/.mdx file the two docs instances and src/pages hold.
      const expected = contentFiles(parseDirs(instances).map((dir) => join(process.cwd(), dir))).length;
      assert.ok(expected > 300, `${expected} pages`);
      assert.equal(pool?.stats.files, expected);
    } finally {
      process.env.NODE_ENV = mode;
      await stopParsePool();
    }
  });
});

const early = require('../../plugins/perf/mdx-parse-early.cjs') as {
  SITE: { dirs: string[]; mdx1Compat: Record<string, boolean> };
  EARLY: symbol;
  startEarly(argv: string[], env: Record<string, string | undefined>, siteDir: string): boolean;
  adoptEarly(key: string): unknown;
  earlyOptions(siteDir: string): Parameters<typeof poolKey>[0];
};

describe('the pool started by the build command\'s preload', () => {
  test('its directories and syntax are the ones the site config asks for', async () => {
    const env = readEnv({});
    assert.deepEqual(early.SITE.dirs, parseDirs([docsOptions(env), upgradeDocsOptions()]));
    const { default: config } = await import('../../docusaurus.config');
    assert.deepEqual(early.SITE.mdx1Compat, config.markdown.mdx1Compat);
    // The key the perf plugin computes for this repository is the preload's.
    const files = contentFiles(parseDirs([docsOptions(env), upgradeDocsOptions()]).map((dir) => join(process.cwd(), dir)));
    const fromConfig = poolKey({ files, markdown: { mdx1Compat: { comments: true, admonitions: true, headingIds: true } }, admonitions: true, workers: parseWorkers() });
    assert.equal(poolKey(early.earlyOptions(process.cwd())), fromConfig);
  });

  test('it starts only in the main thread of `docusaurus build`, with the workers on', () => {
    assert.equal(early.startEarly(['node', 'docusaurus', 'start'], {}, site), false);
    assert.equal(early.startEarly(['node', 'docusaurus', 'build'], { DOCS_MDX_WORKERS: 'false' }, site), false);
    assert.equal((globalThis as Record<symbol, unknown>)[early.EARLY] ?? null, null);
  });

  test('a pool with the same key adopts its workers; another key stops them', async () => {
    await stopParsePool();
    assert.equal(early.startEarly(['node', 'docusaurus', 'build'], {}, site), true);
    const options = { ...early.earlyOptions(site) };
    const files = contentFiles([join(site, 'docs'), join(site, 'upgrade')]);
    assert.deepEqual(options.files, files);
    const earlyWorkers = ((globalThis as Record<symbol, unknown>)[early.EARLY] as { workers: unknown[] }).workers;
    const adopt = early.adoptEarly;
    const handedOver: unknown[] = [];
    early.adoptEarly = (key: string) => {
      const parts = adopt(key);
      handedOver.push(parts);
      return parts;
    };
    let pool: ParsePool;
    try {
      pool = startParsePool({ files, markdown: { mdx1Compat: { ...DEFAULT_MARKDOWN_CONFIG.mdx1Compat } }, admonitions: true, workers: parseWorkers() });
    } finally {
      early.adoptEarly = adopt;
    }
    // Handed over once: the pool runs on the preload's workers.
    assert.equal(handedOver.length, 1);
    assert.equal((handedOver[0] as { workers: unknown[] } | null)?.workers, earlyWorkers);
    assert.equal((globalThis as Record<symbol, unknown>)[early.EARLY], null);
    await settled(pool);
    for (const file of files) assert.equal(await compile(file.path, file.format, true), await compile(file.path, file.format, false), file.path);
    const stats = await stopParsePool();
    assert.equal(stats?.fromWorkers, files.length);

    assert.equal(early.startEarly(['node', 'docusaurus', 'build'], {}, site), true);
    assert.equal(early.adoptEarly('another key'), null);
    assert.equal((globalThis as Record<symbol, unknown>)[early.EARLY], null);
  });

  test('the build command preloads it first', () => {
    const scripts = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts;
    assert.match(scripts.build ?? '', /^node [^]*?--require \.\/plugins\/perf\/mdx-parse-early\.cjs --require/);
  });
});
