/** Pure helpers of scripts/new-release.ts: where a new release goes and what its pages say. */

export interface ReleaseVersion {
  major: number;
  minor: number;
  patch: number;
}

export function parseVersion(text: string): ReleaseVersion {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(text.trim());
  if (!match) throw new Error(`Версия должна иметь вид X.Y.Z, получено «${text}»`);
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) };
}

export const versionText = (v: ReleaseVersion) => `${v.major}.${v.minor}.${v.patch}`;
export const versionSlug = (v: ReleaseVersion) => `v${v.major}-${v.minor}-${v.patch}`;

/** Folder of the release line under upgrade/. */
export function lineDir(v: ReleaseVersion): string {
  return v.major === 6 ? 'v6-5' : `v${v.major}`;
}

export function lineLabel(v: ReleaseVersion): string {
  return v.major === 6 ? 'Monq 6.5' : `Monq ${v.major}`;
}

/** A minor release gets a release page and a changelog page; a patch release only a changelog page. */
export function pagesFor(v: ReleaseVersion): { release: string | null; changelog: string } {
  const dir = lineDir(v);
  return {
    release: v.patch === 0 ? `${dir}/${versionSlug(v)}.md` : null,
    changelog: `${dir}/changelog/${versionSlug(v)}.md`,
  };
}

/** Newest first: the new page takes a position just above the smallest position among its siblings. */
export function nextPosition(siblingPositions: readonly number[]): number {
  return siblingPositions.length === 0 ? 100 : Math.min(...siblingPositions) - 1;
}

export function compareVersions(a: ReleaseVersion, b: ReleaseVersion): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch;
}

/** Row of the line index's release table. */
export function tableRow(v: ReleaseVersion, date: string | null): string {
  const target = v.patch === 0 ? `./${versionSlug(v)}.md` : `./changelog/${versionSlug(v)}.md`;
  return `| [${versionText(v)}](${target}) | ${date ?? '—'} | Выпуск линии ${lineLabel(v)} |`;
}

/** Insert the row right under the header of the table in the `{#releases}` section. */
export function insertTableRow(index: string, row: string): string {
  const lines = index.split('\n');
  const heading = lines.findIndex((line) => /\{#releases\}\s*$/.test(line));
  if (heading === -1) throw new Error('В индексе линии нет раздела {#releases}');
  const separator = lines.findIndex((line, i) => i > heading && /^\|\s*-{3,}/.test(line));
  if (separator === -1) throw new Error('В разделе {#releases} нет таблицы релизов');
  lines.splice(separator + 1, 0, row);
  return lines.join('\n');
}

/**
 * What the vendor's instruction says about a release, in the shape of the published 6.0.0 guide: the
 * version it is installed over, the modules with their new versions, the downtime level, the databases
 * to back up and the recommended monqctl version. Only the items a source gives are filled in.
 */
export interface ReleasePassport {
  previousVersion?: string;
  modules?: string;
  downtime?: string;
  databases?: string;
  monqctl?: string;
}

export const PASSPORT_LABELS: Record<keyof ReleasePassport, string> = {
  previousVersion: 'Предыдущая версия',
  modules: 'Модули и их версии',
  downtime: 'Уровень простоя',
  databases: 'Базы для резервного копирования',
  monqctl: 'Рекомендуемая версия monqctl',
};

interface PageInput {
  version: ReleaseVersion;
  position: number;
  date: string | null;
  previous: ReleaseVersion | null;
  passport?: ReleasePassport;
  sources?: readonly string[];
}

function dateSentence(date: string | null): string {
  return date ? `Релиз вышел ${date}. ` : '';
}

/**
 * Where the documentation of the release's version lives: the archives keep 7.x and 8.x
 * (`https://v8.docs.monq.ru/docs/8.4/`), the site's main docs describe line 9; line 6.5 has no archive.
 */
export function docsLink(v: ReleaseVersion): string | null {
  if (v.major === 7 || v.major === 8) {
    const url = `https://v${v.major}.docs.monq.ru/docs/${v.major}.${v.minor}/`;
    return `[${url.replace('https://', '')}](${url})`;
  }
  return v.major >= 9 ? '[Документация](/docs/get-started)' : null;
}

/**
 * The vendor's public changelog of the release on docs.monq.ru (the address pattern of the 7.x, 8.x and
 * 9.x changelogs there); the generated pages list it in `sources:` unless other sources are given.
 */
export function publicChangelogUrl(v: ReleaseVersion): string {
  return `https://docs.monq.ru/upgrade/${lineDir(v)}/changelog/${versionSlug(v)}`;
}

function docsSentence(v: ReleaseVersion): string {
  const link = docsLink(v);
  return link ? `\n\nДокументация версии ${v.major}.${v.minor}: ${link}.` : '';
}

function docsItem(v: ReleaseVersion): string {
  const link = docsLink(v);
  if (!link) return '';
  const where = v.major >= 9 ? 'на этом сайте' : 'в архиве старого портала';
  return `\n- Документация версии ${v.major}.${v.minor} ${where}: ${link}.`;
}

function sourcesBlock(version: ReleaseVersion, sources?: readonly string[]): string {
  const list = sources && sources.length > 0 ? Array.from(new Set(sources)) : [publicChangelogUrl(version)];
  return list.map((url) => `  - ${url}`).join('\n');
}

/** The passport table: one row per item the source gives; empty when it gives none. */
export function passportTable(version: ReleaseVersion, passport: ReleasePassport = {}): string {
  const rows = (Object.keys(PASSPORT_LABELS) as (keyof ReleasePassport)[])
    .filter((key) => passport[key]?.trim())
    .map((key) => `| ${PASSPORT_LABELS[key]} | ${passport[key]!.trim().replace(/\|/g, '\\|')} |`);
  if (rows.length === 0) return '';
  return `| Пункт | Значение для ${versionText(version)} |\n|---|---|\n${rows.join('\n')}`;
}

/**
 * The release page: what the release is, its passport where facts are given, and links to the previous
 * release, the changelog entry and the version's documentation. The steps common to every release live
 * once, on the line's index (`#procedure`); the page does not repeat them. A generated page is short by
 * design, so it is marked `facts_status: sparse` (60 words instead of 300) until its facts are written in.
 */
export function releasePage({ version, position, date, previous, passport, sources }: PageInput): string {
  const text = versionText(version);
  const table = passportTable(version, passport);
  const passportSection = table
    ? `\n## Паспорт релиза {#passport}\n\nЧто инструкция к релизу говорит о переходе на него:\n\n${table}\n`
    : '';
  const previousItem = previous
    ? `- Предыдущий релиз линии: [${versionText(previous)}](./${versionSlug(previous)}.md).`
    : '- Более ранних релизов линии в этом разделе нет.';
  return `---
title: "Релиз ${text}"
description: "Релиз Monq ${text} в линии ${lineLabel(version)}: ${table ? 'паспорт релиза, ' : ''}соседние релизы и журнал изменений."
sidebar_position: ${position}
facts_status: sparse
sources:
${sourcesBlock(version, sources)}
---

Релиз ${text} входит в линию [${lineLabel(version)}](./index.mdx). ${dateSentence(date)}Страница нужна администратору, который поднимает инсталляцию до этого релиза: здесь собрано то, чем переход на него отличается от других, и ссылки на соседние страницы. Работы, общие для всех релизов линии, описаны один раз — в разделе [Общая процедура обновления](./index.mdx#procedure).
${passportSection}
## Соседние страницы {#links}

${previousItem}
- Запись журнала изменений: [Изменения в ${text}](./changelog/${versionSlug(version)}.md).${docsItem(version)}
`;
}

export function changelogPage({ version, position, date, previous, sources }: PageInput): string {
  const text = versionText(version);
  const upgradeLink =
    version.patch === 0
      ? `Паспорт релиза и соседние релизы — на странице [Релиз ${text}](../${versionSlug(version)}.md).`
      : `Выпуски линии ставят по порядку номеров; общий порядок работ описан в разделе [Общая процедура обновления](../index.mdx#procedure).`;
  return `---
title: "Изменения в ${text}"
description: "Журнал изменений Monq ${text} (линия ${lineLabel(version)})."
sidebar_position: ${position}
facts_status: sparse
sources:
${sourcesBlock(version, sources)}
---

Эта запись журнала изменений относится к выпуску ${text} линии [${lineLabel(version)}](../index.mdx). ${dateSentence(date)}${upgradeLink}${docsSentence(version)}

## Соседние релизы {#neighbours}

${previous ? `- Предыдущий релиз: [${versionText(previous)}](./${versionSlug(previous)}.md).` : '- Более ранних выпусков линии в этом разделе нет.'}
- Все релизы линии с датами выхода перечислены в [индексе линии](../index.mdx#releases).
`;
}

/**
 * Link the previous page to the new one: right under its «- Предыдущ…» item, unless the page already
 * names a next release of the same kind («- Следующий релиз…» on release pages, «- Следующ…» on changelog
 * pages). Returns the page unchanged when it has no list item for the previous release.
 */
export function linkNext(page: string, next: ReleaseVersion, kind: 'release' | 'changelog'): string {
  const already = kind === 'release' ? /^- Следующий релиз/m : /^- Следующ/m;
  if (already.test(page)) return page;
  const lines = page.split('\n');
  const at = lines.findIndex((line) => /^- Предыдущ/.test(line));
  if (at === -1) return page;
  const item =
    kind === 'release'
      ? `- Следующий релиз линии: [${versionText(next)}](./${versionSlug(next)}.md).`
      : `- Следующий релиз: [${versionText(next)}](./${versionSlug(next)}.md).`;
  lines.splice(at + 1, 0, item);
  return lines.join('\n');
}
