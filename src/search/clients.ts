/**
 * The two backends behind one Algolia-shaped `search({requests})`: the local index, searched in the
 * search worker (src/search/worker.ts), and, for the search page and the AI screen in hosted mode, a
 * minimal client of the hosted service.
 *
 * The page starts the worker when the reader first shows an intent to search; the inline boot may
 * have started it already for the search shell (src/lib/hydration/boot.ts): then it is reused.
 */
import {RetryError} from './errors';
import type {SearchRequest, SearchResponse} from './localClient';
import {SUPERSEDED, WORKER_GLOBAL, type WorkerReply, type WorkerRequest} from './workerProtocol';
import {WORKER_META} from '../shared/search/meta';

export interface AlgoliaLikeClient {
  search(input: {requests: SearchRequest[]}): Promise<{results: SearchResponse[]}>;
}

/** The highlight tags and ellipsis of our own requests (DocSearch's; the hosted service's default is `<em>`). */
export const MARKS = {snippetEllipsisText: '…', highlightPreTag: '<mark>', highlightPostTag: '</mark>'} as const;

/** The local client also starts its worker ahead of the first query. */
export interface LocalDocSearchClient extends AlgoliaLikeClient {
  /** Start the worker and load the manifest; failures are left to the next search. */
  preload(facetFilters: unknown): void;
}

type WorkerHost = Record<string, Worker | undefined>;

/** The page's search worker: the one the boot started, or a new one. Null without a worker address. */
function pageWorker(): Worker | null {
  const host = window as unknown as WorkerHost;
  const known = host[WORKER_GLOBAL];
  if (known) return known;
  const url = document.querySelector(`meta[name="${WORKER_META}"]`)?.getAttribute('content');
  if (!url) return null;
  const worker = new Worker(url);
  host[WORKER_GLOBAL] = worker;
  return worker;
}

let shared: LocalDocSearchClient | null = null;

/** The page's local client: one worker per page load, each index file fetched once. */
export function getLocalSearchClient(): LocalDocSearchClient {
  if (shared) {
    return shared;
  }
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, {resolve(results: SearchResponse[]): void; reject(error: Error): void}>();
  const onMessage = (event: MessageEvent<WorkerReply>) => {
    const {id} = event.data ?? {};
    const waiting = typeof id === 'number' ? pending.get(id) : undefined;
    if (!waiting || typeof id !== 'number') return;
    pending.delete(id);
    if (event.data.superseded) {
      const error = new Error('A newer search replaced this one');
      error.name = SUPERSEDED;
      waiting.reject(error);
    } else if (event.data.error) {
      const error = new Error(event.data.error.message);
      error.name = event.data.error.name;
      waiting.reject(error);
    } else {
      waiting.resolve(event.data.results ?? []);
    }
  };
  // A worker whose script cannot load fails every waiting search; the next search starts a new one.
  const onError = () => {
    const failed = worker;
    worker = null;
    if (failed) {
      failed.removeEventListener('message', onMessage);
      const host = window as unknown as WorkerHost;
      if (host[WORKER_GLOBAL] === failed) host[WORKER_GLOBAL] = undefined;
    }
    pending.forEach(({reject}) => reject(new RetryError('The search worker could not start', WORKER_META, 0)));
    pending.clear();
  };
  const send = (message: Omit<WorkerRequest, 'id'>): Promise<SearchResponse[]> =>
    new Promise((resolve, reject) => {
      if (!worker) {
        worker = pageWorker();
        if (!worker) {
          reject(new RetryError('No search worker on this page', WORKER_META, 0));
          return;
        }
        worker.addEventListener('message', onMessage);
        worker.addEventListener('error', onError);
      }
      const id = nextId++;
      pending.set(id, {resolve, reject});
      worker.postMessage({...message, id} satisfies WorkerRequest);
    });
  shared = {
    async search(input) {
      return {results: await send({requests: input.requests})};
    },
    preload(facetFilters) {
      send({preload: facetFilters as WorkerRequest['preload']}).catch(() => {
        // The next search reports the failure (error screen) and tries again.
      });
    },
  };
  return shared;
}

/**
 * The client with another `search`: the original is the prototype of the returned object, so that
 * everything else (the hosted client's agents and transporter, the local client's preload) stays.
 */
export function withSearch<T extends {search: unknown}>(client: T, search: AlgoliaLikeClient['search']): T {
  return Object.assign(Object.create(client) as T, {search});
}

/** Was the search skipped for a newer one (worker.ts, newestOnly)? */
export const isSuperseded = (error: unknown) => (error as {name?: unknown} | null)?.name === SUPERSEDED;

/**
 * The local client with the reader's «search exactly what I typed» choice: requests whose query is
 * `verbatim()` carry the local `monqVerbatim` parameter (no keyboard layout switch).
 */
export function withVerbatim<T extends AlgoliaLikeClient>(client: T, verbatim: () => string | null): T {
  return withSearch(client, ({requests}) => {
    const exact = verbatim();
    return client.search({requests: requests.map((request) => (exact !== null && request.query?.trim() === exact ? {...request, monqVerbatim: true} : request))});
  });
}

/**
 * The dialog's searches, latest first: each is posted at once, and the worker runs only the newest of
 * the searches queued together (a burst of keystrokes, a paste): the others are answered `superseded`
 * (worker.ts) and resolve with the newer one's results. The dialog shows only the latest query's
 * results anyway (autocomplete drops older answers), so a burst costs one search, and no screen of
 * stale results flashes between them. The waiting is done in the worker: on the page a timer would
 * wait behind the frame that draws the typed letter (about 100 ms on a slow phone).
 */
export function latestOnly<T extends AlgoliaLikeClient>(client: T): T {
  let newest: Promise<{results: SearchResponse[]}> | null = null;
  return withSearch(client, (input) => {
    const promise: Promise<{results: SearchResponse[]}> = client.search(input).catch((error: unknown) => {
      if (isSuperseded(error) && newest !== null && newest !== promise) {
        return newest;
      }
      throw error;
    });
    newest = promise;
    return promise;
  });
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
