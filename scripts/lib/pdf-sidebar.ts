/**
 * The chapters of a PDF book, in sidebar order. The docs plugin writes each version's sidebars into
 * the version props of `.docusaurus/docusaurus-plugin-content-docs/<plugin>/p/*.json` during
 * `npm run build`; this module reads them and flattens the tree into numbered sections.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

/** A sidebar item as the docs plugin hands it to the theme (the fields used here). */
export type PropSidebarItem =
  | { type: 'link'; href: string; label: string; docId?: string }
  | { type: 'category'; label: string; href?: string; items: PropSidebarItem[] }
  | { type: 'html'; value: string };

/** One section of the book: a page (its path on the site) or a category without a page of its own. */
export interface PdfSection {
  /** Anchor of the section in the print document, unique in the book (`s1`, `s2`, …). */
  key: string;
  title: string;
  /** 0 for top-level sidebar items. */
  depth: number;
  /** Site path of the page, normalised by `pagePath`; null for a category without a page. */
  path: string | null;
  /** Keys of the sections nested under this one, for the outline. */
  children: string[];
}

/** `/docs/a/b/`, `/docs/a/b`, `/docs/a/b/index.html` → `/docs/a/b/`. */
export function pagePath(pathname: string): string {
  let path = pathname.replace(/index\.html$/, '');
  if (!path.endsWith('/')) path += '/';
  return path;
}

/** Flatten a sidebar into sections in reading order. Outside links and HTML items are left out. */
export function sidebarSections(items: readonly PropSidebarItem[]): PdfSection[] {
  const sections: PdfSection[] = [];
  const seen = new Set<string>();
  const walk = (list: readonly PropSidebarItem[], depth: number, parent: PdfSection | null): void => {
    for (const item of list) {
      if (item.type === 'html') continue;
      if (item.type === 'link' && (!item.href.startsWith('/') || !item.docId)) continue;
      const path = item.href?.startsWith('/') ? pagePath(item.href) : null;
      // A page listed twice (a category's own page linked again) is printed once.
      if (path && seen.has(path) && item.type === 'link') continue;
      if (path) seen.add(path);
      const section: PdfSection = { key: `s${sections.length + 1}`, title: item.label, depth, path, children: [] };
      sections.push(section);
      parent?.children.push(section.key);
      if (item.type === 'category') walk(item.items, depth + 1, section);
    }
  };
  walk(items, 0, null);
  return sections;
}

interface VersionProps {
  version?: { pluginId?: string; version?: string; docsSidebars?: Record<string, PropSidebarItem[]> };
}

/** The sidebar of one version, read from the docs plugin's output of the last build. */
export function readSidebar(docusaurusDir: string, pluginId: string, version: string, sidebarId: string): PropSidebarItem[] {
  const dir = join(docusaurusDir, 'docusaurus-plugin-content-docs', pluginId, 'p');
  if (!existsSync(dir)) {
    throw new Error(`Нет ${dir}: сначала соберите сайт командой npm run build.`);
  }
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.json')) continue;
    const props = JSON.parse(readFileSync(join(dir, name), 'utf8')) as VersionProps;
    if (props.version?.pluginId === pluginId && props.version.version === version) {
      const sidebar = props.version.docsSidebars?.[sidebarId];
      if (!sidebar) throw new Error(`В версии ${pluginId}/${version} нет боковой панели ${sidebarId}.`);
      return sidebar;
    }
  }
  throw new Error(`В ${dir} нет данных версии ${pluginId}/${version}: сначала соберите сайт командой npm run build.`);
}
