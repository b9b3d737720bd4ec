/**
 * The one direction of imports (eslint.config.mjs, «layers»): ESLint's own API on snippets placed at
 * paths of each layer. A forbidden import fails with the rule's message; an allowed one passes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root, overrideConfigFile: 'eslint.config.mjs' });

/** Messages of `no-restricted-imports` / `no-restricted-globals` for `code` placed at `file`. */
async function layerMessages(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  assert.ok(result, file);
  return result.messages
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-globals')
    .map((m) => m.message);
}

const CLIENT = /src\/ \(outside src\/shared\/\) does not import plugins\/ or config\//;
const BUILD = /plugins\/ and config\/ import from src\/ only src\/shared\//;
const SHARED = /src\/shared\/ imports only src\/shared\//;
const PLATFORM = /src\/shared\/ is plain TypeScript/;

test('src/ may not import config/ (relative or by the alias), nor plugins/', async () => {
  const snippet = "import { MOVED } from '../../config/redirects';\nexport const rules = MOVED;\n";
  const messages = await layerMessages(snippet, 'src/theme/x.tsx');
  assert.equal(messages.length, 1, messages.join('\n'));
  assert.match(messages[0]!, CLIENT);
  for (const spec of ['@site/config/site', '@site/plugins/perf/code-tokens', '../plugins/changes/compare']) {
    assert.match((await layerMessages(`import { x } from '${spec}';\nexport const y = x;\n`, 'src/lib/x.ts'))[0] ?? '', CLIENT, spec);
  }
});

test('src/ takes what it shares with the build from src/shared/', async () => {
  assert.deepEqual(await layerMessages("import { MOVED } from '@site/src/shared/moved';\nexport const rules = MOVED;\n", 'src/theme/x.tsx'), []);
  assert.deepEqual(await layerMessages("import { MOVED } from '../shared/moved';\nexport const rules = MOVED;\n", 'src/theme/x.tsx'), []);
});

test('plugins/ and config/ import from src/ only src/shared/ (type-only imports included)', async () => {
  const value = "import { createLocalSearchClient } from '../../src/search/localClient';\nexport const c = createLocalSearchClient;\n";
  assert.match((await layerMessages(value, 'plugins/search-index/x.ts'))[0] ?? '', BUILD);
  const typeOnly = "import type { Fetcher } from '@site/src/search/localClient';\nexport type F = Fetcher;\n";
  assert.match((await layerMessages(typeOnly, 'config/x.ts'))[0] ?? '', BUILD);
  assert.match((await layerMessages("import X from '@site/src/components/PageFeedback';\nexport default X;\n", 'plugins/analytics/x.tsx'))[0] ?? '', BUILD);
  assert.deepEqual(await layerMessages("import { tokenize } from '../../src/shared/search/text';\nexport const t = tokenize;\n", 'plugins/search-index/x.ts'), []);
  assert.deepEqual(await layerMessages("import { ISSUES_URL } from '../src/shared/site';\nexport const u = ISSUES_URL;\n", 'config/x.ts'), []);
});

test('src/components/VersionChanges reads the what-changed words and data from src/shared/changes, not from plugins/changes', async () => {
  const shared = "import { TEXT, type OverviewData } from '@site/src/shared/changes';\nexport const t: [typeof TEXT, OverviewData?] = [TEXT];\n";
  assert.deepEqual(await layerMessages(shared, 'src/components/VersionChanges/Overview.tsx'), []);
  const build = "import { TEXT } from '@site/plugins/changes/words';\nexport const t = TEXT;\n";
  assert.match((await layerMessages(build, 'src/components/VersionChanges/Overview.tsx'))[0] ?? '', CLIENT);
});

test('src/shared/ imports nothing of src/ outside it, nor the build, nor DOM or Node', async () => {
  assert.match((await layerMessages("import { x } from '../search/localClient';\nexport const y = x;\n", 'src/shared/x.ts'))[0] ?? '', SHARED);
  assert.match((await layerMessages("import { x } from '../../lib/dates';\nexport const y = x;\n", 'src/shared/search/x.ts'))[0] ?? '', SHARED);
  assert.match((await layerMessages("import { x } from '@site/config/site';\nexport const y = x;\n", 'src/shared/x.ts'))[0] ?? '', SHARED);
  assert.match((await layerMessages("import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n", 'src/shared/x.ts'))[0] ?? '', PLATFORM);
  assert.match((await layerMessages("import Link from '@docusaurus/Link';\nexport const L = Link;\n", 'src/shared/x.ts'))[0] ?? '', PLATFORM);
  assert.match((await layerMessages('export const w = window.innerWidth;\n', 'src/shared/x.ts'))[0] ?? '', PLATFORM);
  assert.deepEqual(await layerMessages("import { cleanText } from './text';\nimport { codeKey } from '../code/tokens';\nexport const y = [cleanText, codeKey];\n", 'src/shared/search/x.ts'), []);
});

test('scripts and tests may import anything', async () => {
  const snippet = "import { MOVED } from '../config/redirects';\nimport { createLocalSearchClient } from '../src/search/localClient';\nexport const y = [MOVED, createLocalSearchClient];\n";
  assert.deepEqual(await layerMessages(snippet, 'scripts/x.ts'), []);
});
