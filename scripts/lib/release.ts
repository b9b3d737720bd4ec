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

interface PageInput {
  version: ReleaseVersion;
  position: number;
  date: string | null;
  previous: ReleaseVersion | null;
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
 * The vendor's public changelog of the release on docs.monq.ru, where every existing upgrade page finds its
 * facts; the generated pages list it in `sources:`, as check:content requires.
 */
export function publicChangelogUrl(v: ReleaseVersion): string {
  return `https://docs.monq.ru/upgrade/${lineDir(v)}/changelog/${versionSlug(v)}`;
}

function docsSentence(v: ReleaseVersion): string {
  const link = docsLink(v);
  return link ? `\n\nДокументация версии ${v.major}.${v.minor}: ${link}.` : '';
}

export function releasePage({ version, position, date, previous }: PageInput): string {
  const text = versionText(version);
  return `---
title: "Релиз ${text}"
description: "Переход на Monq ${text} (линия ${lineLabel(version)}): порядок работ, проверки и откат."
sidebar_position: ${position}
facts_status: sparse
sources:
  - ${publicChangelogUrl(version)}
---

Эта страница нужна администратору, который обновляет инсталляцию до релиза ${text} линии [${lineLabel(version)}](./index.mdx). ${dateSentence(date)}Что изменилось в релизе, описано в [журнале изменений ${text}](./changelog/${versionSlug(version)}.md).

## Перед обновлением {#before}

Переходите на ${text} с предыдущего релиза линии${previous ? ` — [${versionText(previous)}](./${versionSlug(previous)}.md)` : ''}. Убедитесь, что у вас есть действующий токен ReleaseHub, свежие резервные копии баз данных и окно обслуживания, согласованное с пользователями.

## Порядок перехода {#upgrade}

Выполните [общую процедуру линии](./index.mdx#procedure): резервное копирование, обновление с помощью \`monqctl\`, миграции, проверки после обновления. Если что-то пошло не так, верните инсталляцию из резервной копии по той же процедуре.${docsSentence(version)}
`;
}

export function changelogPage({ version, position, date, previous }: PageInput): string {
  const text = versionText(version);
  const upgradeLink =
    version.patch === 0 ? `[Релиз ${text}](../${versionSlug(version)}.md)` : `[общей процедуре линии](../index.mdx#procedure)`;
  return `---
title: "Изменения в ${text}"
description: "Журнал изменений Monq ${text} (линия ${lineLabel(version)})."
sidebar_position: ${position}
facts_status: sparse
sources:
  - ${publicChangelogUrl(version)}
---

Эта запись журнала изменений относится к выпуску ${text} линии [${lineLabel(version)}](../index.mdx). ${dateSentence(date)}Порядок перехода описан на странице ${upgradeLink}.${docsSentence(version)}

## Соседние релизы {#neighbours}

${previous ? `- Предыдущий релиз: [${versionText(previous)}](./${versionSlug(previous)}.md).` : '- Это первый релиз линии.'}
- Все релизы линии с датами выхода перечислены в [индексе линии](../index.mdx#releases).
`;
}
