/**
 * Search: one DocSearch modal, two backends, chosen at build time (see src/search/README.md).
 *
 * - Local mode (default, every test runs in it): `plugins/search-index` writes the index next to
 *   the site after the build; the search worker (`src/search/worker.ts`) searches it, from
 *   `search/manifest.json` next to its own script. Nothing leaves the host.
 * - Hosted mode, when `DOCSEARCH_APP_ID` and `DOCSEARCH_API_KEY` are set (config/env.ts): the
 *   DocSearch service, index `DOCSEARCH_INDEX_NAME`, Ask AI with `DOCSEARCH_ASSISTANT_ID`.
 *
 * `themeConfig.algolia` is present in both modes (inert credentials in local mode): it keeps
 * `@docusaurus/theme-search-algolia` in play with the search page route, the OpenSearch
 * description, the `theme.SearchModal.*` translations and contextual search.
 */
import type { PluginConfig } from '@docusaurus/types';
import searchIndexPlugin, { type SearchIndexOptions } from '../plugins/search-index/index';
import type { MonqSearchOptions } from '../src/shared/search/options';
import type { SiteEnv } from './env';
import { ISSUES_URL, SEARCH_HITS_PER_PAGE } from './site';
import { CHANGES_BASE } from './changes';
import { GLOSSARY_FILE } from '../plugins/content/glossary';

/** Route of the full results page: `/demo-search/?q=...`. */
export const SEARCH_PAGE_PATH = 'demo-search';
/** Synonyms, jargon and English terms of the local search, edited by writers (see CONTRIBUTING.md). */
export const SEARCH_SYNONYMS_FILE = 'config/search-synonyms.txt';
/** The glossary's source (the one the glossary cards read): its abbreviations lead search to the guides. */
export const SEARCH_GLOSSARY_FILE = GLOSSARY_FILE;

/** Inert values of the theme's required fields in local mode (never sent anywhere). */
const LOCAL_APP_ID = 'LOCAL';
const LOCAL_API_KEY = 'local-index';
const DEFAULT_INDEX_NAME = 'monq';

export function searchOptions(env: SiteEnv): MonqSearchOptions {
  const hosted = env.docsearch;
  return {
    mode: hosted ? 'hosted' : 'local',
    missingResultsUrl: ISSUES_URL,
    assistant: hosted?.assistantId ? 'hosted' : 'offline',
    hitsPerPage: SEARCH_HITS_PER_PAGE,
  };
}

/** The `algolia` theme config block. */
export function searchThemeConfig(env: SiteEnv) {
  const hosted = env.docsearch;
  return {
    appId: hosted?.appId ?? LOCAL_APP_ID,
    apiKey: hosted?.apiKey ?? LOCAL_API_KEY,
    indexName: hosted?.indexName ?? DEFAULT_INDEX_NAME,
    contextualSearch: true,
    searchPagePath: SEARCH_PAGE_PATH,
    insights: false,
    searchParameters: { hitsPerPage: SEARCH_HITS_PER_PAGE },
    ...(hosted?.assistantId ? { askAi: { assistantId: hosted.assistantId } } : {}),
    /** The project's own settings (read by src/theme/SearchBar and src/theme/SearchPage). */
    monq: searchOptions(env),
  };
}

/** Build-time plugins of the search: the local indexer (local mode only). */
export function searchPlugins(env: SiteEnv): PluginConfig[] {
  if (env.docsearch) {
    return [];
  }
  const options = {
    searchPagePath: SEARCH_PAGE_PATH,
    // The overview of what changed in 9.0 lists every page title: it would take a top slot for most
    // short queries, and the comparison pages it links are noindex already.
    excludeRoutes: [CHANGES_BASE],
    synonymsFile: SEARCH_SYNONYMS_FILE,
    glossaryFile: SEARCH_GLOSSARY_FILE,
  } satisfies SearchIndexOptions;
  return [[searchIndexPlugin, options]];
}
