/**
 * Add a release to the upgrade notes from one command:
 *   npm run new-release -- 9.0.7 [--date 01.12.2025]
 * Creates the release page (for X.Y.0) and the changelog page with `facts_status: sparse`, places them
 * first in the line's sidebar (newest first; the sidebar is generated from the folders) and adds a row to
 * the release table of the line's index. Then write the facts in and remove `facts_status: sparse`.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { load } from 'js-yaml';
import {
  changelogPage,
  compareVersions,
  insertTableRow,
  lineDir,
  nextPosition,
  pagesFor,
  parseVersion,
  releasePage,
  tableRow,
  type ReleaseVersion,
} from './lib/release';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { date: { type: 'string' }, root: { type: 'string', default: 'upgrade' }, help: { type: 'boolean' } },
});
if (values.help || positionals.length !== 1) {
  console.log('Использование: npm run new-release -- X.Y.Z [--date ДД.ММ.ГГГГ]');
  process.exit(values.help ? 0 : 1);
}

const version = parseVersion(positionals[0] ?? '');
const root = values.root ?? 'upgrade';
const lineRoot = join(root, lineDir(version));
if (!existsSync(join(lineRoot, 'index.mdx'))) {
  console.error(`Линии ${lineDir(version)} ещё нет: создайте ${lineRoot}/index.mdx и _category_.json по образцу соседних линий.`);
  process.exit(1);
}

function siblings(dir: string): { version: ReleaseVersion; position: number }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => /^v\d+-\d+-\d+\.md$/.test(name))
    .map((name) => {
      const source = readFileSync(join(dir, name), 'utf8');
      const front = /^---\n([\s\S]*?)\n---/.exec(source)?.[1] ?? '';
      const data = (load(front) ?? {}) as { sidebar_position?: number };
      return {
        version: parseVersion(name.slice(1, -3).replace(/-/g, '.')),
        position: data.sidebar_position ?? 100,
      };
    });
}

const pages = pagesFor(version);
const date = values.date ?? null;
for (const [kind, relPath] of [['release', pages.release], ['changelog', pages.changelog]] as const) {
  if (!relPath) continue;
  const file = join(root, relPath);
  if (existsSync(file)) {
    console.error(`Страница уже есть: ${file}`);
    process.exit(1);
  }
  const dir = kind === 'release' ? lineRoot : join(lineRoot, 'changelog');
  const known = siblings(dir);
  const older = known.map((s) => s.version).filter((v) => compareVersions(v, version) < 0);
  const previous = older.sort(compareVersions).at(-1) ?? null;
  const input = { version, position: nextPosition(known.map((s) => s.position)), date, previous };
  writeFileSync(file, kind === 'release' ? releasePage(input) : changelogPage(input));
  console.log(`Создана страница ${file}`);
}

const indexFile = join(lineRoot, 'index.mdx');
writeFileSync(indexFile, insertTableRow(readFileSync(indexFile, 'utf8'), tableRow(version, date)));
console.log(`Строка релиза добавлена в ${indexFile}`);
console.log('Дальше: впишите факты релиза, уберите facts_status: sparse и запустите npm run check:content.');
