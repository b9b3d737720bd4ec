import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  bumpDocusaurus,
  copiedComponents,
  exitCodeOf,
  firstErrorLines,
  formatReport,
  npmConflict,
  parseUpgradeArgs,
  readPatchRun,
  readTestSummary,
  type StepResult,
} from '../../scripts/lib/upgrade-check';

test('arguments: one exact version, --keep, --help', () => {
  assert.deepEqual(parseUpgradeArgs(['4.0.0-canary-6822']), { kind: 'run', args: { version: '4.0.0-canary-6822', keep: false, also: {}, legacyPeerDeps: false } });
  assert.deepEqual(parseUpgradeArgs(['--keep', '3.10.3']), { kind: 'run', args: { version: '3.10.3', keep: true, also: {}, legacyPeerDeps: false } });
  assert.deepEqual(parseUpgradeArgs(['4.0.0-canary-6822', '--also', 'react@19.3.1', '--also', '@types/react@19.3.0']), {
    kind: 'run',
    args: { version: '4.0.0-canary-6822', keep: false, also: { react: '19.3.1', '@types/react': '19.3.0' }, legacyPeerDeps: false },
  });
  assert.equal((parseUpgradeArgs(['3.10.3', '--legacy-peer-deps']) as { args: { legacyPeerDeps: boolean } }).args.legacyPeerDeps, true);
  assert.equal(parseUpgradeArgs(['3.10.3', '--also', 'react@^19']).kind, 'error');
  assert.equal(parseUpgradeArgs(['3.10.3', '--also']).kind, 'error');
  assert.deepEqual(parseUpgradeArgs(['3.10.3', '--help']), { kind: 'help' });
  assert.equal(parseUpgradeArgs([]).kind, 'error');
  assert.equal(parseUpgradeArgs(['latest']).kind, 'error', 'a tag moves: the report must name an exact version');
  assert.equal(parseUpgradeArgs(['^3.10.2']).kind, 'error');
  assert.equal(parseUpgradeArgs(['3.10']).kind, 'error');
  assert.equal(parseUpgradeArgs(['3.10.3', '4.0.0']).kind, 'error');
  assert.equal(parseUpgradeArgs(['3.10.3', '--force']).kind, 'error');
});

test('bump: every @docusaurus/* entry of the real package.json set to the version, the rest untouched', () => {
  const source = readFileSync('package.json', 'utf8');
  const before = JSON.parse(source) as Record<string, Record<string, string>>;
  const { text, changed } = bumpDocusaurus(source, '4.0.0-canary-6822');
  const after = JSON.parse(text) as Record<string, Record<string, string>>;
  const docusaurus = (deps: Record<string, string> = {}) => Object.keys(deps).filter((name) => name.startsWith('@docusaurus/'));
  const names = [...docusaurus(before.dependencies), ...docusaurus(before.devDependencies)];
  assert.ok(names.length >= 8, 'the site uses core, faster, preset, plugins and types');
  assert.equal(changed.length, names.length);
  for (const field of ['dependencies', 'devDependencies'] as const) {
    for (const [name, version] of Object.entries(after[field]!)) {
      if (name.startsWith('@docusaurus/')) assert.equal(version, '4.0.0-canary-6822', name);
      else assert.equal(version, before[field]![name], name);
    }
  }
  assert.deepEqual(after.overrides, before.overrides);
  assert.equal(after.scripts!.postinstall, undefined, 'the check applies the patches itself');
  assert.equal(after.scripts!.build, before.scripts!.build);
  assert.ok(text.endsWith('}\n') && text.startsWith('{\n  "name"'), 'same layout as npm writes');
});

test('bump: overrides and a version already at the target', () => {
  const source = JSON.stringify({ dependencies: { '@docusaurus/core': '3.10.2', react: '19.2.0' }, overrides: { '@docusaurus/utils': '3.10.2' } }, null, 2);
  const { text, changed } = bumpDocusaurus(source, '3.10.2');
  assert.deepEqual(changed, []);
  const bumped = bumpDocusaurus(text, '3.10.3');
  assert.deepEqual(bumped.changed, ['@docusaurus/core: 3.10.2 -> 3.10.3', '@docusaurus/utils: 3.10.2 -> 3.10.3']);
  assert.deepEqual(JSON.parse(bumped.text), { dependencies: { '@docusaurus/core': '3.10.3', react: '19.2.0' }, overrides: { '@docusaurus/utils': '3.10.3' } });
});

test('bump: --also sets the named packages, and only where the site already has them', () => {
  const source = JSON.stringify({ dependencies: { '@docusaurus/core': '3.10.2', react: '19.2.0', 'react-dom': '19.2.0' } }, null, 2);
  const { text, changed } = bumpDocusaurus(source, '4.0.0-canary-6822', { react: '19.3.1', 'react-dom': '19.3.1', vue: '3.0.0' });
  assert.deepEqual(JSON.parse(text).dependencies, { '@docusaurus/core': '4.0.0-canary-6822', react: '19.3.1', 'react-dom': '19.3.1' });
  assert.deepEqual(changed, ['@docusaurus/core: 3.10.2 -> 4.0.0-canary-6822', 'react: 19.2.0 -> 19.3.1', 'react-dom: 19.2.0 -> 19.3.1']);
});

test('the packages the registry must have at the target', () => {
  const source = JSON.stringify({
    dependencies: { '@docusaurus/core': '3.10.2', '@docusaurus/faster': '3.10.2', react: '19.2.0', clsx: '2.1.1' },
    devDependencies: { '@docusaurus/types': '3.10.2' },
  });
  assert.deepEqual(bumpDocusaurus(source, '4.0.0-canary-6822', { react: '19.3.1', vue: '3.0.0' }).targets, {
    '@docusaurus/core': '4.0.0-canary-6822',
    '@docusaurus/faster': '4.0.0-canary-6822',
    react: '19.3.1',
    '@docusaurus/types': '4.0.0-canary-6822',
  });
});

test('what npm could not resolve (ERESOLVE)', () => {
  const output = [
    'npm error code ERESOLVE',
    'npm error Found: react@19.2.0',
    'npm error',
    'npm error Could not resolve dependency:',
    'npm error peer react@"^19.3.0" from @docusaurus/core@4.0.0-canary-6822',
    'npm error node_modules/@docusaurus/core',
    'npm error   @docusaurus/core@"4.0.0-canary-6822" from the root project',
    'npm error',
  ].join('\n');
  assert.deepEqual(npmConflict(output), ['peer react@"^19.3.0" from @docusaurus/core@4.0.0-canary-6822', 'node_modules/@docusaurus/core']);
  assert.deepEqual(npmConflict('npm error code E404'), []);
});

test('the first lines of an error, colours stripped', () => {
  const output = [
    '[INFO] Creating an optimized production build...',
    '\x1b[31m[ERROR]\x1b[39m Client bundle compiled with errors therefore further build is impossible.',
    "Module not found: Can't resolve '@docusaurus/theme-search-algolia/client'",
    '',
    'at line 1',
    ...Array.from({ length: 20 }, (_, i) => `  more ${i}`),
  ].join('\n');
  const lines = firstErrorLines(output, 4);
  assert.deepEqual(lines, [
    '[ERROR] Client bundle compiled with errors therefore further build is impossible.',
    "Module not found: Can't resolve '@docusaurus/theme-search-algolia/client'",
    'at line 1',
    '  more 0',
  ]);
  assert.deepEqual(firstErrorLines('one\ntwo\nthree', 2), ['two', 'three'], 'no error line: the end of the output');
  const crash = [
    '/tmp/x/node_modules/@docusaurus/utils/lib/markdownUtils.js:27',
    'TypeError: RegExp.escape is not a function',
    '    at /tmp/x/node_modules/@docusaurus/utils/lib/markdownUtils.js:27:54',
    '    at Object.<anonymous> (/tmp/x/markdownUtils.js:36:3)',
    '    at Module._compile (node:internal/modules/cjs/loader:1521:14)',
    '    at Module.load (node:internal/modules/cjs/loader:1266:32)',
    'Node.js v20.20.2',
  ].join('\n');
  assert.deepEqual(firstErrorLines(crash), [
    'TypeError: RegExp.escape is not a function',
    '    at /tmp/x/node_modules/@docusaurus/utils/lib/markdownUtils.js:27:54',
    '    at Object.<anonymous> (/tmp/x/markdownUtils.js:36:3)',
    'Node.js v20.20.2',
  ], 'two frames of a stack trace, then what follows it');
});

test('one patch-package run per patch: applied, applied with a version warning, failed', () => {
  const ok = readPatchRun('@docusaurus+utils+3.10.2.patch', 0, 'patch-package 8.0.1\nApplying patches...\n@docusaurus/utils@3.10.2 ✔\n');
  assert.deepEqual(ok, { file: '@docusaurus+utils+3.10.2.patch', ok: true, warnings: [], error: [] });
  const mismatch = readPatchRun(
    '@docusaurus+core+3.10.2.patch',
    0,
    'Applying patches...\n@docusaurus/core@4.0.0-canary-6822 ✔\n\nWarning: patch-package detected a patch file version mismatch\n',
  );
  assert.equal(mismatch.ok, true);
  assert.deepEqual(mismatch.warnings, ['Warning: patch-package detected a patch file version mismatch']);
  const failed = readPatchRun(
    '@docusaurus+core+3.10.2.patch',
    1,
    '**ERROR** Failed to apply patch for package @docusaurus/core at path\n  node_modules/@docusaurus/core\n',
  );
  assert.equal(failed.ok, false);
  assert.match(failed.error[0]!, /Failed to apply patch/);
});

test('test counts and the names of failing tests from the spec reporter', () => {
  const output = [
    '✔ good one (1.1ms)',
    '✖ bad one (0.9ms)',
    'ℹ tests 8',
    'ℹ suites 0',
    'ℹ pass 2',
    'ℹ fail 6',
    '',
    '✖ failing tests:',
    '',
    'test at tests/unit/a.test.ts:3:1',
    '✖ bad one (0.97582ms)',
    '  AssertionError [ERR_ASSERTION]: 1 == 2',
    '',
    'test at file:///tmp/x/tests/unit/b.test.ts:4:36',
    '✖ inner bad (0.33ms)',
    '  Error: x',
    '',
    'test at tests/unit/c.test.ts:1:1',
    '✖ /tmp/x/tests/unit/c.test.ts (2226.3ms)',
    "  'test failed'",
  ].join('\n');
  assert.deepEqual(readTestSummary(output), {
    tests: 8,
    pass: 2,
    fail: 6,
    failures: ['a.test.ts: bad one', 'b.test.ts: inner bad', 'c.test.ts: the file failed to run'],
  });
  assert.deepEqual(readTestSummary('ℹ tests 3\nℹ pass 3\nℹ fail 0\n'), { tests: 3, pass: 3, fail: 0, failures: [] });
});

test('report: one block per step, the verdict, and the exit code', () => {
  const steps: StepResult[] = [
    { name: 'install', status: 'ok', seconds: 125.4, notes: ['@docusaurus/core 4.0.0-canary-6822 installed'], error: [] },
    { name: 'build', status: 'failed', seconds: 41.25, notes: [], error: ['[ERROR] Client bundle compiled with errors'] },
    { name: 'unit tests', status: 'skipped', seconds: 0, notes: [], error: [] },
  ];
  assert.equal(
    formatReport('@docusaurus/* 4.0.0-canary-6822', steps, ['Logs: /tmp/x']),
    [
      'Docusaurus upgrade check: @docusaurus/* 4.0.0-canary-6822',
      '',
      'install     OK       2 min 5 s',
      '    @docusaurus/core 4.0.0-canary-6822 installed',
      'build       FAILED   41.3 s',
      '    | [ERROR] Client bundle compiled with errors',
      'unit tests  SKIPPED',
      '',
      'Failed: build.',
      'Logs: /tmp/x',
      '',
    ].join('\n'),
  );
  assert.equal(exitCodeOf(steps), 1);
  assert.equal(exitCodeOf(steps.filter((step) => step.status !== 'failed')), 0);
  assert.match(formatReport('x', [steps[0]!]), /All steps passed\.\n$/);
});

test('the ejected and replaced components listed in src/theme/README.md', () => {
  const files = copiedComponents(readFileSync('src/theme/README.md', 'utf8'));
  assert.ok(files.includes('src/theme/SearchBar/'), 'the ejected search bar');
  assert.ok(files.includes('src/theme/DocItem/Content/'));
  assert.ok(files.includes('src/theme/prism-include-languages.ts'));
  assert.ok(!files.includes('src/theme/Footer/'), 'wrappers import the original: nothing to compare');
});
