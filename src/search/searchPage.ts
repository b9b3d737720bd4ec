/** Pure helpers of the /demo-search page (unit-tested). */
import type {FacetFilters} from './localClient';

/**
 * The contextual filters with the docs version of one plugin replaced:
 * `docusaurus_tag:docs-<pluginId>-<version>`. Other tags (pages, other
 * instances) and the language filter stay as they are.
 */
export function withVersion(filters: FacetFilters, pluginId: string, version: string | null): FacetFilters {
  if (version === null || typeof filters === 'string') {
    return filters;
  }
  const prefix = `docusaurus_tag:docs-${pluginId}-`;
  let replaced = false;
  const out = filters.map((entry) => {
    if (typeof entry === 'string') {
      return entry;
    }
    const tags = entry.filter((tag) => !tag.startsWith(prefix));
    if (tags.length !== entry.length || entry.some((tag) => tag.startsWith('docusaurus_tag:'))) {
      replaced = true;
      return tags.concat(`${prefix}${version}`);
    }
    return entry;
  });
  return replaced ? out : out.concat([[`${prefix}${version}`]]);
}

/** Zero-based page numbers to show around the current one. */
export function pageWindow(current: number, total: number, size = 9): number[] {
  const half = Math.floor(size / 2);
  const start = Math.max(0, Math.min(current - half, total - size));
  const end = Math.min(total, start + size);
  return Array.from({length: end - start}, (_, i) => start + i);
}
