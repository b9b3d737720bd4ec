/**
 * Every address of the last published sitemap must still answer in the new build: a moved or
 * renamed page needs a redirect in config/redirects.ts.
 *
 *   npm run check:sitemap                      check build/ against deploy/sitemap/published-sitemap.xml
 *   npm run check:sitemap -- --dir other/build
 *   npm run check:sitemap -- --update          on release: the new build's sitemap becomes the snapshot
 *
 * Paths resolve with the rules of the static servers (scripts/lib/static-routing.ts, the same as
 * deploy/nginx): a page answers, or a chain of at most five redirects ends on a page.
 */
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { directoryLookup, resolvePath, type Lookup, type RedirectRule } from './lib/static-routing';
import { REDIRECTS } from '../config/redirects';
import { SITE_URL } from '../config/site';

export const SNAPSHOT_PATH = 'deploy/sitemap/published-sitemap.xml';
const MAX_REDIRECTS = 5;

/** `<loc>` values of a sitemap, entities decoded. */
export function sitemapLocations(xml: string): string[] {
  return Array.from(xml.matchAll(/<loc>\s*([^<]+?)\s*<\/loc>/g), (match) =>
    (match[1] ?? '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&'),
  );
}

export type UrlCheck =
  | { url: string; ok: true; file: string; via: string[] }
  | { url: string; ok: false; reason: string; via: string[] };

/** Resolve one published address in a build. */
export function checkUrl(url: string, lookup: Lookup, redirects: readonly RedirectRule[], siteUrl = SITE_URL): UrlCheck {
  const origin = new URL(siteUrl).origin;
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return { url, ok: false, reason: 'не адрес', via: [] };
  }
  if (parsed.origin !== origin) return { url, ok: false, reason: `чужой сайт (${parsed.origin})`, via: [] };
  const via: string[] = [];
  let path = parsed.pathname + parsed.search;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const result = resolvePath(path, lookup, redirects);
    if (result.kind === 'file') {
      return result.status === 200
        ? { url, ok: true, file: result.file, via }
        : { url, ok: false, reason: via.length ? `перенаправление ведёт на несуществующую страницу ${path}` : 'страница не найдена (404)', via };
    }
    via.push(result.location);
    path = new URL(result.location, origin).pathname;
  }
  return { url, ok: false, reason: `больше ${MAX_REDIRECTS} перенаправлений подряд`, via };
}

/** Check a snapshot against a build; returns the failures (empty when every address answers). */
export function checkSitemap(snapshotXml: string, buildDir: string, redirects: readonly RedirectRule[] = REDIRECTS): {
  total: number;
  failures: UrlCheck[];
} {
  const lookup = directoryLookup(buildDir);
  const urls = sitemapLocations(snapshotXml);
  const failures = urls.map((url) => checkUrl(url, lookup, redirects)).filter((result) => !result.ok);
  return { total: urls.length, failures };
}

function main(): void {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string', default: 'build' },
      snapshot: { type: 'string', default: SNAPSHOT_PATH },
      update: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(
      [
        'Использование: npm run check:sitemap -- [--dir build] [--snapshot deploy/sitemap/published-sitemap.xml] [--update]',
        'Проверяет, что каждый адрес опубликованной карты сайта отвечает в новой сборке (страница или перенаправление).',
        '--update  после выпуска: записать sitemap.xml сборки как опубликованную карту сайта.',
      ].join('\n'),
    );
    return;
  }
  const built = join(values.dir, 'sitemap.xml');
  if (!existsSync(built)) {
    console.error(`В ${values.dir} нет sitemap.xml: сначала соберите сайт командой npm run build.`);
    process.exit(1);
  }
  if (values.update) {
    copyFileSync(built, values.snapshot);
    console.log(`Опубликованная карта сайта обновлена: ${values.snapshot} (адресов: ${sitemapLocations(readFileSync(built, 'utf8')).length}).`);
    return;
  }
  const { total, failures } = checkSitemap(readFileSync(values.snapshot, 'utf8'), values.dir);
  if (failures.length === 0) {
    console.log(`Опубликованная карта сайта (адресов: ${total}): все адреса отвечают в сборке ${values.dir}.`);
    return;
  }
  console.error(`Не отвечают опубликованные адреса (${failures.length} из ${total}); нужно перенаправление в config/redirects.ts:`);
  for (const failure of failures) {
    if (!failure.ok) console.error(`  ${failure.url}: ${failure.reason}${failure.via.length ? ` (через ${failure.via.join(' → ')})` : ''}`);
  }
  process.exit(1);
}

if (require.main === module) main();
