/**
 * Add a release to the upgrade notes from one command:
 *   npm run new-release -- 9.1.0 [--date 01.12.2025] [--previous-version 9.0.6] [--modules "pl 9.1.0, cl 2.0.0"]
 *     [--downtime "полная остановка"] [--databases "db_a, db_b"] [--monqctl 1.18.0] [--source URL ...]
 * Creates the release page (for X.Y.0) and the changelog page, places them first in the line's sidebar
 * (newest first; the sidebar is generated from the folders), links the previous pages to them and adds a
 * row to the release table of the line's index. The release page carries the release's passport (the
 * items given as options, in the shape of the vendor's published instructions) and no generic steps: those
 * live once, in the `#procedure` section of the line's index. Without passport items the release page is
 * marked `facts_status: sparse`; the changelog page always is, until its changes are written in.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parsePage } from './lib/content-rules';
import {
  changelogPage,
  compareVersions,
  insertTableRow,
  lineDir,
  linkNext,
  nextPosition,
  pagesFor,
  parseVersion,
  releasePage,
  tableRow,
  versionSlug,
  type ReleasePassport,
  type ReleaseVersion,
} from './lib/release';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    date: { type: 'string' },
    'previous-version': { type: 'string' },
    modules: { type: 'string' },
    downtime: { type: 'string' },
    databases: { type: 'string' },
    monqctl: { type: 'string' },
    source: { type: 'string', multiple: true },
    root: { type: 'string', default: 'upgrade' },
    help: { type: 'boolean' },
  },
});
if (values.help || positionals.length !== 1) {
  console.log(
    'Использование: npm run new-release -- X.Y.Z [--date ДД.ММ.ГГГГ] [--previous-version X.Y.Z] [--modules …] [--downtime …] [--databases …] [--monqctl X.Y.Z] [--source URL …]',
  );
  process.exit(values.help ? 0 : 1);
}

const version = parseVersion(positionals[0] ?? '');
const root = values.root;
const lineRoot = join(root, lineDir(version));
if (!existsSync(join(lineRoot, 'index.mdx'))) {
  console.error(`Линии ${lineDir(version)} ещё нет: создайте ${lineRoot}/index.mdx и _category_.json по образцу соседних линий.`);
  process.exit(1);
}

function siblings(dir: string): { version: ReleaseVersion; position: number }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => /^v\d+-\d+-\d+\.md$/.test(name))
    .map((name) => ({
      version: parseVersion(name.slice(1, -3).replace(/-/g, '.')),
      position: Number(parsePage(readFileSync(join(dir, name), 'utf8')).frontMatter.sidebar_position ?? 100),
    }));
}

const pages = pagesFor(version);
const date = values.date ?? null;
const passport: ReleasePassport = {
  previousVersion: values['previous-version'],
  modules: values.modules,
  downtime: values.downtime,
  databases: values.databases,
  monqctl: values.monqctl,
};
const sources = values.source ?? [];
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
  const input = { version, position: nextPosition(known.map((s) => s.position)), date, previous, passport, sources };
  writeFileSync(file, kind === 'release' ? releasePage(input) : changelogPage(input));
  console.log(`Создана страница ${file}`);
  if (previous) {
    const previousFile = join(dir, `${versionSlug(previous)}.md`);
    const before = readFileSync(previousFile, 'utf8');
    const after = linkNext(before, version, kind);
    if (after !== before) {
      writeFileSync(previousFile, after);
      console.log(`Ссылка на ${positionals[0]} добавлена в ${previousFile}`);
    }
  }
}

const indexFile = join(lineRoot, 'index.mdx');
writeFileSync(indexFile, insertTableRow(readFileSync(indexFile, 'utf8'), tableRow(version, date)));
console.log(`Строка релиза добавлена в ${indexFile}`);
console.log('Дальше: впишите факты релиза из открытых источников, уберите facts_status: sparse там, где они есть, и запустите npm run check:content.');
