/**
 * The project's own block inside `themeConfig.algolia` (`algolia.monq`), written
 * by `config/search.ts` and read by the SearchBar and the search page. The
 * theme's schema lets unknown keys through.
 */
export interface MonqSearchOptions {
  /** `local`: the index built by plugins/search-index; `hosted`: the DocSearch service. */
  mode: 'local' | 'hosted';
  /** Base of the "report missing results" link; `?title=` is added from the query. */
  missingResultsUrl: string;
  /** `hosted`: DocSearch's own Ask AI; `offline`: the project's screen (no assistant connected). */
  assistant: 'hosted' | 'offline';
  /** Hits per page (modal and search page). */
  hitsPerPage: number;
}

export const DEFAULT_SEARCH_OPTIONS: MonqSearchOptions = {
  mode: 'local',
  missingResultsUrl: 'https://github.com/monq/docs/issues/new',
  assistant: 'offline',
  hitsPerPage: 30,
};

/**
 * Local mode: how long after the page's script starts (the reader's first input) the index is loaded
 * in the background, in idle time. Pointing at the search button loads it at once.
 */
export const SEARCH_PRELOAD_DELAY_MS = 3000;

/** The "report missing results" link for a query. */
export function missingResultsUrl(base: string, query: string): string {
  const title = `Поиск: нет результатов по запросу «${query.trim()}»`;
  const separator = base.includes('?') ? '&' : '?';
  return `${base}${separator}title=${encodeURIComponent(title)}`;
}
