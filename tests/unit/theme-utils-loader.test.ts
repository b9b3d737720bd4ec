/**
 * plugins/perf/theme-utils-loader.cjs: the patched Docusaurus helpers give exactly the results of the
 * installed ones. The patched sources are written next to the project's node_modules and imported, so
 * they resolve their own imports as in the bundles.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const { PATCHES, THEME_UTILS_MODULES, patchThemeUtils } = require('../../plugins/perf/theme-utils-loader.cjs') as {
  PATCHES: { file: RegExp }[];
  THEME_UTILS_MODULES: RegExp;
  patchThemeUtils(source: string, resourcePath: string): string;
};

const EMOJI = join(dirname(require.resolve('@docusaurus/theme-common')), 'utils', 'emojiUtils.js');
const DOCS = join(dirname(require.resolve('@docusaurus/plugin-content-docs/client')), 'docsClientUtils.js');

let dir: string;
before(() => {
  mkdirSync(join(ROOT, 'node_modules', '.cache'), { recursive: true });
  dir = mkdtempSync(join(ROOT, 'node_modules', '.cache', 'monq-theme-utils-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The installed module and its patched copy, both imported as ES modules. `@docusaurus/router` is a
 * bundler alias of react-router, so both copies take `matchPath` from react-router itself.
 */
async function both<T>(path: string, name: string): Promise<[T, T]> {
  assert.ok(THEME_UTILS_MODULES.test(path), path);
  const source = readFileSync(path, 'utf8').replace(
    "import { matchPath } from '@docusaurus/router';",
    "import { createRequire } from 'node:module';\nconst { matchPath } = createRequire(import.meta.url)('react-router');",
  );
  const load = async (suffix: string, text: string) => {
    const copy = join(dir, `${name}-${suffix}.mjs`);
    writeFileSync(copy, text);
    return (await import(pathToFileURL(copy).href)) as T;
  };
  return [await load('original', source), await load('patched', patchThemeUtils(source, path))];
}

test('a doc card label keeps the same emoji and rest, with or without the shortcut', async () => {
  type Emoji = { extractLeadingEmoji(input: string): { emoji: string | null; rest: string } };
  const [original, patched] = await both<Emoji>(EMOJI, 'emojiUtils');
  const labels = [
    'Сигналы', 'Agent plugins', 'ёлка', 'Ёж', '⚠️ Внимание', '1️⃣ Первый шаг', '123 порога', '🇷🇺 Россия', 'ℹ️ Справка',
    '🧑‍💻 Разработчику', '#️⃣ Теги', '*', '', ' пробел', '«Кавычки»', 'Ωмега', '👍🏽 Готово',
  ];
  for (const label of labels) {
    assert.deepEqual(patched.extractLeadingEmoji(label), original.extractLeadingEmoji(label), label);
  }
  assert.equal(patched.extractLeadingEmoji('⚠️ Внимание').emoji, '⚠️');
});

test('the active doc context is the same object for the same data and path, and equal to the original', async () => {
  type Docs = { getActiveDocContext(data: unknown, pathname: string): unknown };
  const [original, patched] = await both<Docs>(DOCS, 'docsClientUtils');
  const doc = (id: string, path: string) => ({ id, path, sidebar: 'main' });
  const data = {
    path: '/docs',
    versions: [
      { name: '8.9', label: '8.9', isLast: false, path: '/docs/8.9', mainDocId: 'intro', docs: [doc('intro', '/docs/8.9/intro'), doc('guide/signals', '/docs/8.9/guide/signals')] },
      { name: '9.0', label: '9.0', isLast: true, path: '/docs', mainDocId: 'intro', docs: [doc('intro', '/docs/intro'), doc('guide/signals', '/docs/guide/signals'), doc('guide/new', '/docs/guide/new')] },
    ],
  };
  for (const pathname of ['/docs/guide/signals', '/docs/8.9/guide/signals', '/docs/guide/new', '/docs/8.9/missing', '/upgrade/v9']) {
    assert.deepEqual(patched.getActiveDocContext(data, pathname), original.getActiveDocContext(data, pathname), pathname);
  }
  const first = patched.getActiveDocContext(data, '/docs/guide/signals');
  assert.equal(patched.getActiveDocContext(data, '/docs/guide/signals'), first);
  assert.notEqual(patched.getActiveDocContext({ ...data }, '/docs/guide/signals'), first, 'another data object is looked up anew');
});

test('each patch applies to exactly one installed module, once', () => {
  assert.equal(PATCHES.length, 2);
  assert.equal(patchThemeUtils('export const x = 1;', '/x/other.js'), 'export const x = 1;');
  assert.throws(() => patchThemeUtils('export {}', '/n/@docusaurus/theme-common/lib/utils/emojiUtils.js'), /not found exactly once in .*emojiUtils\.js; see plugins\/perf\/theme-utils-loader\.cjs/);
});
