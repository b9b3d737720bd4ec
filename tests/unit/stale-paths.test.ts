/** scripts/lib/stale-paths.ts: a note or a code comment that names a file which is not in the tree fails check:paths. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { commentsOf, findReferences, staleReferences } from '../../scripts/lib/stale-paths';

const NAMES = new Set(['worker.ts', 'clients.ts', 'boot.ts']);

function stale(file: string, text: string): string[] {
  return staleReferences(file, text, (path) => existsSync(path), NAMES).map(({ path, line }) => `${line}:${path}`);
}

test('a comment naming a missing file fails; one naming an existing file passes', () => {
  const source = [
    '/**',
    ' * Started by the search bar (src/search/workerClient.ts), or by the boot (src/lib/hydration/boot.ts).',
    ' */',
    'export const worker = 1; // the search bar: workerClient.ts; the page: clients.ts',
  ].join('\n');
  assert.deepEqual(stale('src/search/fixture.ts', source), ['2:src/search/workerClient.ts', '4:workerClient.ts']);
  assert.deepEqual(stale('src/search/fixture.ts', '// src/search/worker.ts and tests/unit/stale-paths.test.ts exist'), []);
});

test('strings, template literals and regular expressions are code, not comments', () => {
  const source = [
    "const a = 'src/missing/a.ts';",
    'const b = `plugins/missing/${name}.ts // not a comment`;',
    'const c = /src\\/missing\\/[a-z]+\\.ts/; // config/missing.ts',
    'const d = x / 2; /* scripts/missing.ts */',
  ].join('\n');
  assert.deepEqual(stale('scripts/fixture.ts', source), ['3:config/missing.ts', '4:scripts/missing.ts']);
  assert.equal(commentsOf(source, 'scripts/fixture.ts').split('\n').length, 4, 'lines stay where they are');
});

test('CSS comments are read; a Markdown note is read whole', () => {
  assert.deepEqual(stale('src/css/fixture.css', '/* src/css/gone.css */\na { content: "src/css/also-gone.css"; }'), ['1:src/css/gone.css']);
  assert.deepEqual(stale('plugins/x/README.md', 'See `plugins/perf/hydration-boot.ts` and `src/lib/hydration/boot.ts`.'), [
    '1:plugins/perf/hydration-boot.ts',
  ]);
});

test('addresses, URLs, dependency paths, globs and placeholders are not file references', () => {
  const text = [
    'https://github.com/facebook/docusaurus/blob/main/src/theme/Gone.tsx',
    'node_modules/@docusaurus/theme-classic/src/theme/Gone/index.tsx, @docusaurus/core/src/gone.ts',
    '/docs/guide/thresholds/ and /upgrade/v9/, docs/8.9/llms-full.txt, upgrade/llms-full.txt',
    'tests/unit/*.test.ts, versioned_docs/version-9.0/<раздел>/<имя>.md, build-variants/${name}',
    'main.js, ComponentCreator.js, docusaurus.config.mjs (generated), index.d.ts',
  ].join('\n');
  assert.deepEqual(findReferences(text).filter(({ kind }) => kind === 'path'), []);
  assert.deepEqual(stale('tests/fixture.md', text), []);
});

test('a sentence ends after the path; a folder counts as a path', () => {
  assert.deepEqual(
    findReferences('Read src/theme/README.md. The folder plugins/perf/ and (tests/e2e).').map(({ path }) => path),
    ['src/theme/README.md', 'plugins/perf/', 'tests/e2e'],
  );
  assert.deepEqual(stale('README.md', 'Read src/theme/README.md. The folder plugins/gone/.'), ['1:plugins/gone/']);
});
