/**
 * The two backends behind one Algolia-shaped `search({requests})`: the local
 * index and, for the search page and the AI screen in hosted mode, a minimal
 * client of the hosted service.
 *
 * The local engine (MiniSearch, the stemmer, about 10 KB gzip) is loaded on
 * the first search, not with every page.
 */
import {RetryError} from './errors';
import type {FacetFilters, LocalSearchClient, SearchRequest, SearchResponse} from './localClient';

export interface AlgoliaLikeClient {
  search(input: {requests: SearchRequest[]}): Promise<{results: SearchResponse[]}>;
}

/** What DocSearch needs from a client besides `search`. */
export interface DocSearchClientShape extends AlgoliaLikeClient {
  addAlgoliaAgent(segment: string, version?: string): void;
  transporter: {algoliaAgent: {value: string; add(options: {segment: string; version?: string}): unknown}};
}

/** The local client also loads its indexes ahead of the first query. */
export interface LocalDocSearchClient extends DocSearchClientShape {
  /** Load the engine and the index files the filters select; failures are left to the next search. */
  preload(facetFilters: unknown): void;
}

let shared: {key: string; client: LocalDocSearchClient} | null = null;

/** The page's local client: one per page load, index files are fetched once. */
export function getLocalSearchClient(manifestUrl: string, baseUrl: string, hitsPerPage: number): LocalDocSearchClient {
  const key = `${manifestUrl}|${baseUrl}|${hitsPerPage}`;
  if (shared && shared.key === key) {
    return shared.client;
  }
  let loading: Promise<LocalSearchClient> | null = null;
  const load = () => {
    loading ??= import('./localClient').then(({createLocalSearchClient}) =>
      createLocalSearchClient({
        manifestUrl,
        baseUrl,
        siteOrigin: window.location.origin,
        defaultHitsPerPage: hitsPerPage,
      }),
    );
    // A failed chunk load is retried by the next search.
    loading.catch(() => {
      loading = null;
    });
    return loading;
  };
  const algoliaAgent = {
    value: 'Monq local search',
    add() {
      return algoliaAgent;
    },
  };
  const client: LocalDocSearchClient = {
    async search(input) {
      const local = await load();
      return local.search(input);
    },
    preload(facetFilters) {
      load()
        .then((local) => local.preload(facetFilters as FacetFilters))
        .catch(() => {
          // The next search reports the failure (error screen) and tries again.
        });
    },
    addAlgoliaAgent() {},
    transporter: {algoliaAgent},
  };
  shared = {key, client};
  return client;
}

/**
 * The local client with the reader's «search exactly what I typed» choice: requests whose query is
 * `verbatim()` carry the local `monqVerbatim` parameter (no keyboard layout switch).
 */
export function withVerbatim<T extends AlgoliaLikeClient>(client: T, verbatim: () => string | null): T {
  const wrapped = Object.create(client) as T;
  (wrapped as AlgoliaLikeClient).search = (input) => {
    const exact = verbatim();
    if (exact === null) {
      return client.search(input);
    }
    return client.search({
      requests: input.requests.map((request) => (request.query?.trim() === exact ? {...request, monqVerbatim: true} : request)),
    });
  };
  return wrapped;
}

/** Let the input events already queued (a burst of keystrokes, a paste) reach the page first. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The dialog's searches, latest first: a search that a newer one overtook while it waited for its
 * turn is not run; it answers with the newer one's results. The dialog shows only the latest query's
 * results anyway (autocomplete drops older answers), so a burst of keystrokes costs one search, not
 * one per letter, and no screen of stale results flashes between them. The local client runs on the
 * main thread: each search it skips is time the reader's typing gets back.
 */
export function latestOnly<T extends AlgoliaLikeClient>(client: T): T {
  let calls = 0;
  let newest: Promise<{results: SearchResponse[]}> | null = null;
  const run = async (call: number, input: {requests: SearchRequest[]}): Promise<{results: SearchResponse[]}> => {
    await nextTask();
    if (call !== calls && newest !== null) {
      return newest;
    }
    return client.search(input);
  };
  const wrapped = Object.create(client) as T;
  (wrapped as AlgoliaLikeClient).search = (input) => {
    calls += 1;
    const promise = run(calls, input);
    newest = promise;
    return promise;
  };
  return wrapped;
}

/** A few lines of the hosted service's multi-query API (`POST /1/indexes/*` + `/queries`). */
export function createHostedSearchClient(appId: string, apiKey: string): AlgoliaLikeClient {
  return {
    async search({requests}) {
      const url =
        `https://${appId}-dsn.algolia.net/1/indexes/*/queries` +
        `?x-algolia-api-key=${encodeURIComponent(apiKey)}&x-algolia-application-id=${encodeURIComponent(appId)}`;
      const body = JSON.stringify({
        requests: requests.map(({indexName, ...params}) => ({
          indexName,
          params: new URLSearchParams(
            Object.entries(params).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]),
          ).toString(),
        })),
      });
      let response: Response;
      try {
        response = await fetch(url, {method: 'POST', headers: {'content-type': 'text/plain'}, body});
      } catch (error) {
        throw new RetryError(`Search service unreachable (${String(error)})`, url, 0);
      }
      if (!response.ok) {
        throw new RetryError(`Search service answered HTTP ${response.status}`, url, response.status);
      }
      return (await response.json()) as {results: SearchResponse[]};
    },
  };
}
