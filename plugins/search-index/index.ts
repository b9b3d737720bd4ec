/**
 * `search-index`: a postBuild plugin that reads every rendered page of the
 * build and writes the local search index next to the site:
 *
 *   search/manifest.json                    (not hashed: the client's entry point)
 *   search/<docusaurus_tag>.<hash>.json     (one per docs version, per instance, and `default`)
 *
 * The text analysis (tokens, stems, stop words) and the file format come from
 * `src/search`, shared with the browser client. See plugins/search-index/README.md.
 */
import {createHash} from 'node:crypto';
import {readFileSync} from 'node:fs';
import {mkdir, readdir, rm, stat, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {parseSynonyms} from '../../src/search/forgiving';
import {
  INDEX_FORMAT,
  type IndexFile,
  type IndexedPage,
  type IndexedRecord,
  type Manifest,
  type ManifestEntry,
} from '../../src/search/engine';
import {extractPage} from './extract';

export interface SearchIndexOptions {
  /** lvl0 for pages without breadcrumbs, by tag prefix (`docs-default`, `docs-upgrade`, `default`). */
  sectionLabels?: Record<string, string>;
  /** Route paths (with base URL) left out of the index, besides 404 and the search page. */
  excludeRoutes?: string[];
  /** The search page path (`demo-search`), left out of the index. */
  searchPagePath?: string | null;
  /** Largest content record, in characters. */
  maxContentLength?: number;
  /**
   * The synonym file writers edit (path from the site directory): one group a line, members
   * separated by `/`. Written into the manifest and expanded by the client at query time.
   */
  synonymsFile?: string;
}

export const DEFAULT_SECTION_LABELS: Record<string, string> = {
  'docs-default': 'Документация',
  'docs-upgrade': 'Обновления',
  default: 'Monq',
};

export interface BuildResult {
  manifest: Manifest;
  pages: number;
  skipped: string[];
}

function sectionLabel(tag: string, labels: Record<string, string>): string {
  const match = /^docs-(.+)-[^-]+$/.exec(tag);
  const key = match ? `docs-${match[1]}` : tag;
  return labels[key] ?? labels.default ?? '';
}

async function readRouteHtml(outDir: string, routePath: string, baseUrl: string): Promise<string | null> {
  const relative = routePath.startsWith(baseUrl) ? routePath.slice(baseUrl.length) : routePath.replace(/^\//, '');
  const candidates = relative.endsWith('.html')
    ? [relative]
    : relative === '' || relative.endsWith('/')
      ? [`${relative}index.html`]
      : [`${relative}/index.html`, `${relative}.html`];
  for (const candidate of candidates) {
    try {
      return readFileSync(path.join(outDir, candidate), 'utf8');
    } catch {
      // try the next form
    }
  }
  return null;
}

function hashOf(content: string): string {
  return createHash('sha256').update(content).digest('hex').slice(0, 10);
}

/** Build the index files for the given routes of a built site. */
export async function buildSearchIndex(params: {
  outDir: string;
  routesPaths: string[];
  baseUrl: string;
  siteTitle?: string;
  options?: SearchIndexOptions;
  /** Synonym groups for the manifest (the plugin reads them from `synonymsFile`). */
  synonyms?: string[][];
}): Promise<BuildResult> {
  const {outDir, baseUrl, options = {}} = params;
  const labels = {...DEFAULT_SECTION_LABELS, ...options.sectionLabels};
  const excluded = new Set(options.excludeRoutes ?? []);
  if (options.searchPagePath) {
    const searchRoute = `${baseUrl}${options.searchPagePath.replace(/^\/|\/$/g, '')}`;
    excluded.add(searchRoute);
    excluded.add(`${searchRoute}/`);
  }
  const routes = Array.from(new Set(params.routesPaths))
    .filter((route) => !excluded.has(route) && !/\/404(\.html)?\/?$/.test(route))
    .sort();

  interface Bucket {
    tag: string;
    language: string;
    version: string | null;
    pages: IndexedPage[];
    records: IndexedRecord[];
  }
  const buckets = new Map<string, Bucket>();
  const skipped: string[] = [];
  let pageCount = 0;

  for (const route of routes) {
    const html = await readRouteHtml(outDir, route, baseUrl);
    if (html === null || /<meta[^>]+http-equiv=["']?refresh/i.test(html.slice(0, 2000))) {
      skipped.push(route);
      continue;
    }
    const page = extractPage(html, {maxContentLength: options.maxContentLength, siteTitle: params.siteTitle});
    if (page.meta.noindex || !page.title) {
      skipped.push(route);
      continue;
    }
    const key = `${page.meta.tag}\u0000${page.meta.language}`;
    let bucket = buckets.get(key);
    if (!bucket) {
      bucket = {tag: page.meta.tag, language: page.meta.language, version: page.meta.version, pages: [], records: []};
      buckets.set(key, bucket);
    }
    const pageIndex = bucket.pages.length;
    bucket.pages.push({u: route, s: page.section ?? sectionLabel(page.meta.tag, labels), t: page.title});
    for (const record of page.records) {
      bucket.records.push({p: pageIndex, ...record});
    }
    pageCount++;
  }

  const searchDir = path.join(outDir, 'search');
  await rm(searchDir, {recursive: true, force: true});
  await mkdir(searchDir, {recursive: true});
  const manifest: Manifest = {format: INDEX_FORMAT, indexes: {}, synonyms: params.synonyms ?? []};
  const multipleLanguages = new Set(Array.from(buckets.values()).map((b) => b.language)).size > 1;

  for (const bucket of Array.from(buckets.values()).sort((a, b) => a.tag.localeCompare(b.tag))) {
    const file: IndexFile = {
      format: INDEX_FORMAT,
      tag: bucket.tag,
      language: bucket.language,
      version: bucket.version,
      pages: bucket.pages,
      records: bucket.records,
    };
    const json = JSON.stringify(file);
    const name = multipleLanguages ? `${bucket.tag}.${bucket.language}` : bucket.tag;
    const fileName = `${name.replace(/[^a-zA-Z0-9._-]/g, '_')}.${hashOf(json)}.json`;
    await writeFile(path.join(searchDir, fileName), json);
    const entry: ManifestEntry = {
      file: `search/${fileName}`,
      tag: bucket.tag,
      language: bucket.language,
      version: bucket.version,
      pages: bucket.pages.length,
      records: bucket.records.length,
      bytes: Buffer.byteLength(json),
    };
    manifest.indexes[name] = entry;
  }
  await writeFile(path.join(searchDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return {manifest, pages: pageCount, skipped};
}

/** Sizes of the files a manifest lists (used by the benchmark). */
export async function listIndexFiles(outDir: string): Promise<string[]> {
  const dir = path.join(outDir, 'search');
  const names = await readdir(dir);
  const files: string[] = [];
  for (const name of names) {
    if ((await stat(path.join(dir, name))).isFile()) {
      files.push(path.join(dir, name));
    }
  }
  return files;
}

export default function searchIndexPlugin(_context: LoadContext, rawOptions: unknown): Plugin {
  const options = (rawOptions ?? {}) as SearchIndexOptions;
  return {
    name: 'monq-search-index',
    async postBuild({outDir, routesPaths, siteConfig, siteDir}) {
      const started = Date.now();
      const synonyms = options.synonymsFile
        ? parseSynonyms(readFileSync(path.resolve(siteDir, options.synonymsFile), 'utf8'))
        : [];
      const result = await buildSearchIndex({
        synonyms,
        outDir,
        routesPaths,
        baseUrl: siteConfig.baseUrl,
        siteTitle: siteConfig.title,
        options,
      });
      const summary = Object.values(result.manifest.indexes)
        .map((entry) => `${entry.tag}: ${entry.pages} pages, ${entry.records} records, ${Math.round(entry.bytes / 1024)} KB`)
        .join('; ');
      console.log(`[search-index] ${result.pages} pages indexed in ${Date.now() - started} ms (${summary})`);
    },
  };
}
