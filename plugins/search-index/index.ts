/**
 * `search-index`: bundles the search worker (src/search/worker.ts) before the pages are rendered, and
 * after the build reads every rendered page and writes the local search index into `search/` (the
 * files: plugins/search-index/README.md). The text analysis and the file format come from
 * `src/shared/search`, shared with the browser.
 */
import {createHash} from 'node:crypto';
import {readFileSync} from 'node:fs';
import {mkdir, rm, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {inPostBuildOrder} from '../lib/post-build-order';
import {parseSynonyms} from '../../src/shared/search/forgiving';
import {
  INDEX_FORMAT,
  encodeBits,
  holdsPrefix,
  prepareSynonyms,
  synonymTerms,
  type IndexedPage,
  type IndexedRecord,
  type Manifest,
  type ManifestEntry,
} from '../../src/shared/search/engine';
import {build} from 'esbuild';
import {STORAGE_META, TAGS_META, WORKER_META} from '../../src/shared/search/meta';
import {extractPage} from './extract';
import {glossaryAbbreviations, type GlossaryAbbreviation} from './glossary';
import {normalizeWord} from '../../src/shared/search/text';
import {splitIndex} from './split';

export interface SearchIndexOptions {
  /** Route paths (with base URL) left out of the index, besides 404 and the search page. */
  excludeRoutes?: string[];
  /** The search page path (`demo-search`), left out of the index. */
  searchPagePath?: string | null;
  /**
   * The synonym file writers edit (path from the site directory): one group a line, members
   * separated by `/`. Written into the manifest and expanded by the client at query time.
   */
  synonymsFile?: string;
  /**
   * The glossary's source (path from the site directory): the abbreviations of its terms lead to the
   * guides that explain them (plugins/search-index/glossary.ts).
   */
  glossaryFile?: string;
}

/** lvl0 of the pages without breadcrumbs, by tag prefix. */
const SECTION_LABELS: Record<string, string> = {
  'docs-default': 'Документация',
  'docs-upgrade': 'Обновления',
  default: 'Monq',
};

/** The bundled search worker: its code and its path in the build. */
type Worker = {code: string; file: string};

export interface BuildResult {
  manifest: Manifest;
  pages: number;
  skipped: string[];
}

function sectionLabel(tag: string): string {
  const match = /^docs-(.+)-[^-]+$/.exec(tag);
  return SECTION_LABELS[match ? `docs-${match[1]}` : tag] ?? SECTION_LABELS.default!;
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
  /** The bundled search worker, written next to the index. */
  worker?: Worker;
  /** Abbreviations of the glossary's terms and the guides that explain them. */
  abbreviations?: GlossaryAbbreviation[];
}): Promise<BuildResult> {
  const {outDir, baseUrl, options = {}} = params;
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
    const page = extractPage(html, {siteTitle: params.siteTitle});
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
    bucket.pages.push({u: route, s: page.section ?? sectionLabel(page.meta.tag), t: page.title});
    for (const record of page.records) {
      bucket.records.push({p: pageIndex, ...record});
    }
    pageCount++;
  }

  const searchDir = path.join(outDir, 'search');
  await rm(searchDir, {recursive: true, force: true});
  await mkdir(searchDir, {recursive: true});
  const manifest: Manifest = {format: INDEX_FORMAT, indexes: {}, synonyms: params.synonyms ?? []};
  if (params.worker) {
    await writeFile(path.join(outDir, params.worker.file), params.worker.code);
    manifest.worker = params.worker.file;
  }
  const synonymList = synonymTerms(prepareSynonyms(manifest.synonyms));
  const multipleLanguages = new Set(Array.from(buckets.values()).map((b) => b.language)).size > 1;

  for (const bucket of Array.from(buckets.values()).sort((a, b) => a.tag.localeCompare(b.tag))) {
    const key = multipleLanguages ? `${bucket.tag}.${bucket.language}` : bucket.tag;
    const name = key.replace(/[^a-zA-Z0-9._-]/g, '_');
    const split = splitIndex(bucket.pages, bucket.records);
    let bytes = 0;
    const write = async (kind: string, content: unknown): Promise<string> => {
      const json = JSON.stringify(content);
      const hash = hashOf(json);
      await writeFile(path.join(searchDir, `${name}.${kind}.${hash}.json`), json);
      bytes += Buffer.byteLength(json);
      return hash;
    };
    const termHashes = await Promise.all(split.terms.map((chunk, i) => write(`t${i}`, chunk.file)));
    const docHashes = await Promise.all(split.docs.map((chunk, i) => write(`d${i}`, chunk.file)));
    const vocabulary = await write('v', split.vocabulary);
    const entry: ManifestEntry = {
      name,
      tag: bucket.tag,
      language: bucket.language,
      version: bucket.version,
      pages: bucket.pages.length,
      records: bucket.records.length,
      terms: {first: split.terms.map((chunk) => chunk.first), hash: termHashes},
      pageStarts: bucket.records.flatMap((record, id) => (id === 0 || bucket.records[id - 1]!.p !== record.p ? [id] : [])),
      sections: encodeBits(bucket.records.length, (id) => {
        const record = bucket.records[id]!;
        const previous = bucket.records[id - 1];
        return !previous || previous.p !== record.p || previous.a !== record.a;
      }),
      docs: {first: split.docs.map((chunk) => chunk.first), hash: docHashes},
      vocabulary,
      synonymsHeld: encodeBits(synonymList.length, (i) => holdsPrefix(split.vocabulary.terms, synonymList[i]!)),
      bytes,
    };
    const explained = abbreviationPages(params.abbreviations ?? [], bucket.pages, baseUrl, bucket.version);
    if (Object.keys(explained).length > 0) entry.abbreviations = explained;
    manifest.indexes[key] = entry;
  }
  await writeFile(path.join(searchDir, 'manifest.json'), JSON.stringify(manifest));
  return {manifest, pages: pageCount, skipped};
}

/**
 * The page of an index that explains each abbreviation, by the abbreviation's index term: the glossary
 * names the latest version's page (`/docs/guide/workgroups`); an older version's index has it under its
 * version (`/docs/8.9/guide/workgroups/`).
 */
export function abbreviationPages(
  abbreviations: GlossaryAbbreviation[],
  pages: IndexedPage[],
  baseUrl: string,
  version: string | null,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const {abbreviation, path: page} of abbreviations) {
    const relative = page.replace(/^\//, '');
    const routes = [`${baseUrl}${relative}/`];
    if (version) routes.push(`${baseUrl}${relative.replace(/^docs\//, `docs/${version}/`)}/`);
    const index = pages.findIndex((candidate) => routes.includes(candidate.u.endsWith('/') ? candidate.u : `${candidate.u}/`));
    const term = normalizeWord(abbreviation);
    if (index >= 0 && term !== null) out[term] = index;
  }
  return out;
}

/** The search worker (src/search/worker.ts) bundled into one minified script. */
export async function bundleWorker(siteDir: string): Promise<Worker> {
  const result = await build({
    entryPoints: [path.join(siteDir, 'src/search/worker.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2019',
    charset: 'utf8',
    legalComments: 'none',
    write: false,
  });
  const code = result.outputFiles[0]!.text;
  return {code, file: `search/worker.${hashOf(code)}.js`};
}

/** The plugin; its postBuild runs as step `search-index` of plugins/lib/post-build-order.ts. */
export default function searchIndexPlugin(context: LoadContext, rawOptions: unknown): Plugin {
  return inPostBuildOrder('search-index', context, searchIndexSteps(context, rawOptions));
}

function searchIndexSteps(context: LoadContext, rawOptions: unknown): Plugin {
  const options = (rawOptions ?? {}) as SearchIndexOptions;
  /** The tag of each docs instance's latest version: the shell's default contextual filters. */
  let defaultTags: string[] = ['default'];
  return {
    name: 'monq-search-index',
    // The worker is bundled before the pages are rendered: they name its file (content-hashed).
    loadContent: () => bundleWorker(context.siteDir),
    allContentLoaded({allContent}) {
      const docs = (allContent['docusaurus-plugin-content-docs'] ?? {}) as Record<
        string,
        {loadedVersions?: Array<{versionName: string; isLast: boolean}>} | undefined
      >;
      defaultTags = ['default'].concat(
        Object.entries(docs).flatMap(([pluginId, content]) => {
          const latest = content?.loadedVersions?.find((version) => version.isLast) ?? content?.loadedVersions?.[0];
          return latest ? [`docs-${pluginId}-${latest.versionName}`] : [];
        }),
      );
    },
    injectHtmlTags({content}) {
      return {
        headTags: [
          {tagName: 'meta', attributes: {name: WORKER_META, content: `${context.baseUrl}${(content as Worker).file}`}},
          {tagName: 'meta', attributes: {name: TAGS_META, content: defaultTags.join(' ')}},
          {tagName: 'meta', attributes: {name: STORAGE_META, content: `${context.siteStorage.type} ${context.siteStorage.namespace}`}},
        ],
      };
    },
    async postBuild({outDir, routesPaths, siteConfig, siteDir, content}) {
      const started = Date.now();
      const synonyms = options.synonymsFile
        ? parseSynonyms(readFileSync(path.resolve(siteDir, options.synonymsFile), 'utf8'))
        : [];
      const abbreviations = options.glossaryFile
        ? glossaryAbbreviations(readFileSync(path.resolve(siteDir, options.glossaryFile), 'utf8'))
        : [];
      const result = await buildSearchIndex({
        synonyms,
        abbreviations,
        outDir,
        routesPaths,
        baseUrl: siteConfig.baseUrl,
        siteTitle: siteConfig.title,
        options,
        worker: content as Worker,
      });
      const summary = Object.values(result.manifest.indexes)
        .map((entry) => `${entry.tag}: ${entry.pages} pages, ${entry.records} records, ${Math.round(entry.bytes / 1024)} KB`)
        .join('; ');
      console.log(`[search-index] ${result.pages} pages indexed in ${Date.now() - started} ms (${summary})`);
    },
  };
}
