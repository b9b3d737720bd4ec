/**
 * Rule 2 of src/theme/README.md: every file the swizzle table marks «ejected» opens with a comment
 * naming its original source and the Docusaurus version it was copied from, and marks each change to
 * the copied code `// CUSTOM CODE` … `// CUSTOM CODE END` (in JSX `{/* CUSTOM CODE *\/}`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Files of the swizzle table whose kind says «ejected» (a folder means its index.tsx). */
function ejectedFiles(themeReadme: string): string[] {
  const files: string[] = [];
  for (const line of themeReadme.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const name = /^`([^`]+)`$/.exec(cells[1] ?? '')?.[1];
    if (!name || !/\bejected\b/.test(cells[2] ?? '')) continue;
    const path = join('src/theme', name);
    files.push(existsSync(path) && statSync(path).isDirectory() ? join(path, 'index.tsx') : path);
  }
  return files;
}

/** The CUSTOM CODE markers of a source, in order: a marker opens a comment line of its own. */
function markers(source: string): ('open' | 'end')[] {
  return Array.from(source.matchAll(/^\s*(?:\/\/|\{?\/\*)\s*CUSTOM CODE( END)?\b/gm), (match) => (match[1] ? 'end' : 'open'));
}

/** Problems of one ejected file: no origin comment, no marker pair, or markers that do not pair up. */
function ejectedFileProblems(source: string): string[] {
  const problems: string[] = [];
  const header = /^\/\*\*[\s\S]*?\*\//.exec(source)?.[0] ?? '';
  if (!/\b(?:ejected|copied)\b/i.test(header) || !/@docusaurus\/[\w-]+\/\S+/.test(header) || !/\b3\.\d+\.\d+\b/.test(header)) {
    problems.push('does not open with a comment naming the original source, the Docusaurus version and why');
  }
  const found = markers(source);
  if (found.length === 0) problems.push('has no CUSTOM CODE … CUSTOM CODE END pair');
  found.forEach((kind, index) => {
    if (kind !== (index % 2 === 0 ? 'open' : 'end')) problems.push(`marker ${index + 1} is a CUSTOM CODE${kind === 'end' ? ' END' : ''} out of turn`);
  });
  if (found.length % 2 === 1) problems.push('the last CUSTOM CODE has no CUSTOM CODE END');
  return problems;
}

test('the swizzle table names the ejected files', () => {
  const files = ejectedFiles(readFileSync('src/theme/README.md', 'utf8'));
  for (const file of ['src/theme/SearchBar/index.tsx', 'src/theme/DocItem/Content/index.tsx', 'src/theme/Error/index.tsx']) {
    assert.ok(files.includes(file), file);
  }
  assert.ok(!files.includes('src/theme/Footer/index.tsx'), 'a wrapper is not ejected');
});

test('every ejected file opens with its origin and marks its changes', () => {
  for (const file of ejectedFiles(readFileSync('src/theme/README.md', 'utf8'))) {
    assert.ok(existsSync(file), `${file} is in the swizzle table`);
    assert.deepEqual(ejectedFileProblems(readFileSync(file, 'utf8')), [], file);
  }
});

test('a copy without markers, or with a marker left open, fails', () => {
  const header = '/**\n * Ejected from @docusaurus/theme-classic/src/theme/X/index.tsx (3.10.2): why.\n */\n';
  assert.deepEqual(ejectedFileProblems(`${header}export default 1;\n`), ['has no CUSTOM CODE … CUSTOM CODE END pair']);
  assert.deepEqual(ejectedFileProblems(`${header}// CUSTOM CODE: ours\nconst a = 1;\n`), ['the last CUSTOM CODE has no CUSTOM CODE END']);
  assert.deepEqual(ejectedFileProblems(`${header}{/* CUSTOM CODE */}\n{/* CUSTOM CODE END */}\n`), []);
  assert.deepEqual(ejectedFileProblems('// CUSTOM CODE\n// CUSTOM CODE END\n'), [
    'does not open with a comment naming the original source, the Docusaurus version and why',
  ]);
});
