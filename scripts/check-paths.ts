/**
 * Stale file references: `npm run check:paths`. Fails on a file path named in a design note (`*.md` of
 * the root, plugins/, src/, deploy/, scripts/, tests/) or in a code comment (src/, plugins/, scripts/,
 * config/, tests/, docusaurus.config.ts) that does not exist in the tree. The rules of what counts as a
 * reference are in scripts/lib/stale-paths.ts; fix the reference, not the check.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { staleReferences, type StaleReference } from './lib/stale-paths';

const { values } = parseArgs({ options: { help: { type: 'boolean' } } });
if (values.help) {
  console.log('Usage: npm run check:paths');
  process.exit(0);
}

/** Folders that are not the repository's own files: dependencies, build output, caches. */
const SKIP = new Set(['node_modules', '.git', 'build', '.docusaurus', 'build-variants', 'bench-results', 'dist', 'test-results', '.cache-loader']);

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const path = dir === '.' ? name : join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const tree = walk('.');
const names = new Set(tree.map((path) => basename(path)));
const NOTE_ROOTS = ['plugins', 'src', 'deploy', 'scripts', 'tests'];
const CODE_ROOTS = ['src', 'plugins', 'scripts', 'config', 'tests'];
const notes = tree.filter((path) => path.endsWith('.md') && (!path.includes('/') || NOTE_ROOTS.some((root) => path.startsWith(`${root}/`))));
const code = tree.filter(
  (path) => /\.(?:ts|tsx|cjs|mjs|css)$/.test(path) && (path === 'docusaurus.config.ts' || CODE_ROOTS.some((root) => path.startsWith(`${root}/`))),
);

const stale: StaleReference[] = [];
for (const file of [...notes, ...code]) stale.push(...staleReferences(file, readFileSync(file, 'utf8'), (path) => existsSync(path), names));

if (stale.length > 0) {
  console.error(`Stale file references: ${stale.length} in ${notes.length} notes and ${code.length} code files`);
  for (const { file, line, path, kind } of stale) {
    console.error(`  ${file}:${line}: ${path} ${kind === 'path' ? 'does not exist' : 'is no file of this repository'}`);
  }
  process.exit(1);
}
console.log(`File references: ${notes.length} notes and ${code.length} code files, every named file exists`);
