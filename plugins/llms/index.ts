/**
 * `llms`: Markdown for AI assistants (registered by config/llms.ts; the files: plugins/llms/README.md).
 * In postBuild it writes the Markdown twin of every doc page of both docs instances next to the page
 * (`/docs/guide/thresholds/` → `/docs/guide/thresholds.md`, src/shared/markdownTwin.ts), each book's
 * full text in sidebar order, and llms.txt (llmstxt.org) last. The docs, their titles, descriptions and
 * sidebars come from the docs plugin's loaded content (`allContentLoaded`).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { inPostBuildOrder } from '../lib/post-build-order';
import { twinPath } from '../../src/shared/markdownTwin';
import { pageToMarkdown } from './html-to-markdown';
import { llmsFullTxt, llmsTxt, siteAddress, type LlmsBook, type LlmsDoc, type LlmsSection } from './llms-txt';

export type LlmsBookOptions = {
  /** Docs plugin instance: `default` or `upgrade`. */
  pluginId: string;
  /** Version name: `9.0`, `8.9`; `current` for an unversioned instance. */
  version: string;
  label: string;
  /** Its full text, relative to the site root: `llms-full.txt`, `docs/8.9/llms-full.txt`. */
  fullFile: string;
  about: string;
};

export type LlmsPluginOptions = {
  title: string;
  summary: string;
  details: string[];
  /** The books of llms.txt, in order. */
  books: LlmsBookOptions[];
  /** Name of the llms.txt index. */
  indexFile: string;
};

/** The parts of the docs plugin's content this plugin reads. */
interface DocMeta {
  id: string;
  title: string;
  description: string;
  permalink: string;
  unlisted?: boolean;
}
type SidebarItem =
  | { type: 'doc' | 'ref'; id: string }
  | { type: 'category'; label: string; items: SidebarItem[]; link?: { type: string; id?: string } }
  | { type: 'link' | 'html' };
interface VersionContent {
  versionName: string;
  docs: DocMeta[];
  sidebars: Record<string, SidebarItem[]>;
}
type DocsContent = Record<string, { loadedVersions: VersionContent[] } | undefined>;

/** The docs of a category, depth first: its own page, then its items. */
function categoryDocs(items: readonly SidebarItem[], byId: ReadonlyMap<string, DocMeta>, into: DocMeta[]): DocMeta[] {
  for (const item of items) {
    if (item.type === 'doc' || item.type === 'ref') {
      const doc = byId.get(item.id);
      if (doc) into.push(doc);
    } else if (item.type === 'category') {
      const own = item.link?.type === 'doc' && item.link.id ? byId.get(item.link.id) : undefined;
      if (own) into.push(own);
      categoryDocs(item.items, byId, into);
    }
  }
  return into;
}

/**
 * A version's sections: one per top-level category of its sidebars, in order; top-level pages go to a
 * section named after the book; listed pages that no sidebar shows, to a last section.
 */
export function versionSections(version: VersionContent, label: string): LlmsSection[] {
  const byId = new Map(version.docs.map((doc) => [doc.id, doc]));
  const seen = new Set<string>();
  const sections: LlmsSection[] = [];
  const toDoc = ({ title, description, permalink }: DocMeta): LlmsDoc => ({ title, description, permalink });
  const add = (title: string, docs: DocMeta[]) => {
    const fresh = docs.filter((doc) => !doc.unlisted && !seen.has(doc.id));
    fresh.forEach((doc) => seen.add(doc.id));
    const existing = sections.find((section) => section.title === title);
    if (existing) existing.docs.push(...fresh.map(toDoc));
    else if (fresh.length > 0) sections.push({ title, docs: fresh.map(toDoc) });
  };
  for (const items of Object.values(version.sidebars)) {
    for (const item of items) {
      if (item.type === 'category') add(`${label} — ${item.label}`, categoryDocs([item], byId, []));
      else add(label, categoryDocs([item], byId, []));
    }
  }
  add(`${label} — страницы вне бокового меню`, version.docs);
  return sections;
}

/** The plugin; its postBuild runs as step `llms` of plugins/lib/post-build-order.ts. */
export default function llmsPlugin(context: LoadContext, rawOptions: unknown): Plugin {
  return inPostBuildOrder('llms', context, llmsSteps(context, rawOptions));
}

function llmsSteps(context: LoadContext, rawOptions: unknown): Plugin {
  const options = rawOptions as LlmsPluginOptions;
  // Permalinks carry the base URL; the files are written relative to the output directory.
  const { url: siteUrl, baseUrl } = context.siteConfig;
  const inBuild = (permalink: string) => permalink.slice(baseUrl.length - 1);
  // A doc's permalink has no closing slash; its page is served at the address with one (trailingSlash).
  const route = (permalink: string) => (context.siteConfig.trailingSlash && !permalink.endsWith('/') ? `${permalink}/` : permalink);
  let docsContent: DocsContent = {};
  return {
    name: 'monq-llms',
    allContentLoaded({ allContent }) {
      // A copy with the pages' addresses: the docs plugin's content is left as it is.
      const loaded = (allContent['docusaurus-plugin-content-docs'] ?? {}) as DocsContent;
      docsContent = Object.fromEntries(
        Object.entries(loaded).map(([id, instance]) => [
          id,
          {
            loadedVersions: (instance?.loadedVersions ?? []).map(({ versionName, docs, sidebars }) => ({
              versionName,
              sidebars,
              docs: docs.map(({ id: docId, title, description, permalink, unlisted }) => ({ id: docId, title, description, unlisted, permalink: route(permalink) })),
            })),
          },
        ]),
      );
    },
    async postBuild({ outDir }) {
      const started = Date.now();
      const twins = new Map<string, string>();
      let bytes = 0;
      // Every page of every version, listed in a book or not.
      for (const instance of Object.values(docsContent)) {
        for (const version of instance?.loadedVersions ?? []) {
          for (const doc of version.docs) {
            const page = readFileSync(join(outDir, inBuild(doc.permalink), 'index.html'), 'utf8');
            const markdown = pageToMarkdown(page, { pageUrl: siteAddress(siteUrl, doc.permalink), title: doc.title });
            if (markdown === null) throw new Error(`[llms] ${doc.permalink}: the page has no article (div.theme-doc-markdown)`);
            writeFileSync(join(outDir, inBuild(twinPath(doc.permalink))), markdown);
            twins.set(doc.permalink, markdown);
            bytes += Buffer.byteLength(markdown);
          }
        }
      }
      const books: LlmsBook[] = options.books.map((book) => {
        const version = docsContent[book.pluginId]?.loadedVersions.find((v) => v.versionName === book.version);
        if (!version) throw new Error(`[llms] no docs version ${book.pluginId}/${book.version} in this build`);
        return { label: book.label, fullFile: `${baseUrl}${book.fullFile}`, about: book.about, sections: versionSections(version, book.label) };
      });
      const sizes: string[] = [];
      for (const book of books) {
        const pages = book.sections.flatMap((section) => section.docs).map((doc) => ({ doc, markdown: twins.get(doc.permalink) ?? '' }));
        const text = llmsFullTxt(book, pages, siteUrl);
        const file = join(outDir, inBuild(book.fullFile));
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, text);
        sizes.push(`${book.fullFile} ${Math.round(Buffer.byteLength(text) / 1024)} KB`);
      }
      const index = llmsTxt({ title: options.title, summary: options.summary, details: options.details, books }, siteUrl);
      writeFileSync(join(outDir, options.indexFile), index);
      console.log(
        `[llms] ${twins.size} Markdown twins (${Math.round(bytes / 1024)} KB), ${sizes.join(', ')}, ${options.indexFile} ${Math.round(Buffer.byteLength(index) / 1024)} KB in ${Date.now() - started} ms`,
      );
    },
  };
}
