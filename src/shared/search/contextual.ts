/**
 * The contextual filters of a search: which docs versions a query reaches from the page it is typed
 * on. One rule for the search dialog and the search page (src/search/useContextualFilters.ts, from
 * Docusaurus's hooks) and for the inline boot's search shell (src/lib/hydration/boot.ts, from the
 * page's meta tags and local storage), so that the first query before hydration finds what the
 * dialog would find.
 *
 * Each docs plugin contributes one version: the page's own, else the one the reader chose earlier
 * (remembered by the theme), else the latest. Pages outside the docs carry the `default` tag. This
 * is Docusaurus's `useDocsContextualSearchTags` rule (@docusaurus/plugin-content-docs 3.10).
 */

/** The tag of the pages that belong to no docs plugin (Docusaurus's `DEFAULT_SEARCH_TAG`). */
export const DEFAULT_SEARCH_TAG = 'default';

/** A docs plugin's versions, as one page sees them. */
export interface PluginVersions {
  pluginId: string;
  /** The version of the page being read, when it belongs to this plugin. */
  active?: string | null;
  /** The version the reader chose earlier (`docs-preferred-version-<plugin>` in the site's storage). */
  preferred?: string | null;
  latest: string;
}

/** A version's search tag, as Docusaurus writes it into every doc page (`docusaurus_tag`). */
export function versionTag(pluginId: string, version: string): string {
  return `docs-${pluginId}-${version}`;
}

/** The plugin and version of a version tag; null for `default` or any other tag. */
export function parseVersionTag(tag: string): { pluginId: string; version: string } | null {
  const match = /^docs-(.+)-([^-]+)$/.exec(tag);
  return match ? { pluginId: match[1]!, version: match[2]! } : null;
}

/** The tags a query searches from a page: `default`, then one version of each docs plugin. */
export function contextualTags(plugins: readonly PluginVersions[]): string[] {
  return [
    DEFAULT_SEARCH_TAG,
    ...plugins.map(({ pluginId, active, preferred, latest }) => versionTag(pluginId, active ?? preferred ?? latest)),
  ];
}

/** The request's `facetFilters`: the language, and any of the tags. */
export function contextualFacetFilters(language: string, tags: readonly string[]): [string, string[]] {
  return [`language:${language}`, tags.map((tag) => `docusaurus_tag:${tag}`)];
}

/**
 * The key under which the theme remembers a plugin's chosen version, with the site's storage
 * namespace appended as Docusaurus appends it (`docs-preferred-version-default-feb`).
 */
export function preferredVersionKey(pluginId: string, namespace = ''): string {
  return `docs-preferred-version-${pluginId}${namespace}`;
}
