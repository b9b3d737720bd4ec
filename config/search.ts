import type { PluginConfig } from '@docusaurus/types';
import type { SiteEnv } from './env';
import { SEARCH_HITS_PER_PAGE } from './site';

/**
 * The `algolia` theme config. It is present in both modes: in local mode with inert credentials,
 * so that the DocSearch modal, `/demo-search` and contextual search stay in play.
 */
export function searchThemeConfig(env: SiteEnv) {
  const hosted = env.docsearch;
  return {
    appId: hosted?.appId ?? 'LOCAL',
    apiKey: hosted?.apiKey ?? 'local-index',
    indexName: hosted?.indexName ?? 'monq',
    contextualSearch: true,
    searchPagePath: 'demo-search',
    insights: false,
    searchParameters: { hitsPerPage: SEARCH_HITS_PER_PAGE },
  };
}

/** Build-time plugins of the search (the local indexer). */
export function searchPlugins(_env: SiteEnv): PluginConfig[] {
  return [];
}
