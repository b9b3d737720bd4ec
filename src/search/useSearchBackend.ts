/**
 * The one place where the search UI chooses its backend: the local index (default) or the hosted
 * DocSearch service, from `themeConfig.algolia` and its `monq` block. Used by the SearchBar (the
 * modal's AI sources, the index preload, the modal's own client in local mode) and by the search page.
 */
import {useMemo} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {createHostedSearchClient, getLocalSearchClient, type AlgoliaLikeClient, type LocalDocSearchClient} from './clients';
import {DEFAULT_SEARCH_OPTIONS, type MonqSearchOptions} from '../shared/search/options';

export interface SearchBackend {
  options: MonqSearchOptions;
  /** The client of the active backend (Algolia-shaped `search({requests})`). */
  client: AlgoliaLikeClient;
  /** The page's local client in local mode, null in hosted mode. */
  local: LocalDocSearchClient | null;
}

interface AlgoliaConfig {
  appId: string;
  apiKey: string;
  monq?: Partial<MonqSearchOptions>;
}

/** `config` overrides the theme config (the SearchBar's props may). */
export function useSearchBackend(config?: Partial<AlgoliaConfig>): SearchBackend {
  const {siteConfig} = useDocusaurusContext();
  const theme = siteConfig.themeConfig.algolia as AlgoliaConfig;
  const appId = config?.appId ?? theme.appId;
  const apiKey = config?.apiKey ?? theme.apiKey;
  const monq = config?.monq ?? theme.monq;
  const options = useMemo<MonqSearchOptions>(() => ({...DEFAULT_SEARCH_OPTIONS, ...(monq ?? {})}), [monq]);
  const {mode} = options;
  return useMemo(() => {
    const local = mode === 'local' ? getLocalSearchClient() : null;
    return {options, local, client: local ?? createHostedSearchClient(appId, apiKey)};
  }, [options, mode, appId, apiKey]);
}
