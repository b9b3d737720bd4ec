/**
 * What the comparison pages and the overview receive (JSON modules made by index.ts): the words are
 * written here, at build time, so the components only lay them out.
 */
import { INTRO_ANCHOR, type ComparisonData, type OverviewData, type OverviewGroup } from '../../src/shared/changes';
import type { PageResult, SiteChanges } from './pages';

export { INTRO_ANCHOR };
export type { ComparisonData, ComparisonSection, OverviewData, OverviewEntry, OverviewGroup } from '../../src/shared/changes';
import { overviewLead, sectionNote, sectionTitle } from './words';

export function comparisonData(result: PageResult, versions: { newer: string; older: string }, overviewPath: string): ComparisonData {
  if (!result.change || !result.older || result.summary === undefined) throw new Error(`changes: ${result.page.file} has no comparison`);
  return {
    title: result.page.title,
    summary: result.summary,
    ...(result.note ? { note: result.note } : {}),
    newer: { version: versions.newer, permalink: result.page.permalink },
    older: { version: versions.older, permalink: result.older.permalink },
    overviewPath,
    sections: result.change.sections.map((section) => ({
      anchor: section.id === '' ? INTRO_ANCHOR : section.id,
      title: sectionTitle(section),
      status: section.status,
      note: sectionNote(section),
      blocks: section.blocks,
    })),
  };
}

/** The overview: every changed, new and removed page, grouped by the top-level section of the sidebar. */
export function overviewData(site: SiteChanges, topLabel: string): OverviewData {
  const groups = new Map<string, OverviewGroup>();
  const groupOf = (section: string): OverviewGroup => {
    let group = groups.get(section);
    if (!group) {
      group = { id: section || 'docs', label: site.sections.get(section)?.label ?? topLabel, changed: [], added: [], removed: [] };
      groups.set(section, group);
    }
    return group;
  };
  const order = (section: string) => site.sections.get(section)?.position ?? 0;
  for (const result of site.pages) {
    if (result.status === 'changed') {
      groupOf(result.page.section).changed.push({
        title: result.page.title,
        permalink: result.page.permalink,
        summary: result.summary,
        comparePath: result.comparePath,
      });
    }
    if (result.status === 'new') groupOf(result.page.section).added.push({ title: result.page.title, permalink: result.page.permalink });
  }
  for (const page of site.removed) groupOf(page.section).removed.push({ title: page.title, permalink: page.permalink });
  const count = (status: string) => site.pages.filter((result) => result.status === status).length;
  const counts = { changed: count('changed'), added: count('new'), removed: site.removed.length, same: count('same') };
  return {
    counts,
    lead: overviewLead(counts),
    groups: [...groups.entries()].sort(([a], [b]) => order(a) - order(b)).map(([, group]) => group),
  };
}

/** Comparison pages share data modules: one a few pages, so the site gains a handful of chunks, not one a page. */
export const BUNDLE_BYTES = 150_000;

/**
 * Group the comparisons into data modules of at most `maxBytes` of JSON each (a larger one stands
 * alone), in order: each module maps the comparison pages' addresses to their data.
 */
export function bundleComparisons(entries: readonly { path: string; data: ComparisonData }[], maxBytes = BUNDLE_BYTES): Record<string, ComparisonData>[] {
  const bundles: Record<string, ComparisonData>[] = [];
  let current: Record<string, ComparisonData> = {};
  let size = 0;
  for (const { path, data } of entries) {
    const bytes = Buffer.byteLength(JSON.stringify(data));
    if (size > 0 && size + bytes > maxBytes) {
      bundles.push(current);
      current = {};
      size = 0;
    }
    current[path] = data;
    size += bytes;
  }
  if (size > 0) bundles.push(current);
  return bundles;
}
