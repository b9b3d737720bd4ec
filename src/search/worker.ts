/**
 * The search worker: the local search client (localClient.ts) in a Web Worker, so that queries never
 * run on the page's main thread. Bundled by plugins/search-index into `search/worker.<hash>.js`.
 *
 * Started by the page when the reader first shows an intent to search: the inline boot for the search
 * shell (src/lib/hydration/boot.ts), or the search bar once the page is interactive (clients.ts).
 * Both talk to the same worker, each with its own message ids (see workerProtocol.ts).
 *
 * The worker finds the site from its own address: `<base>search/worker.<hash>.js`.
 */
import {createLocalSearchClient} from './localClient';
import {DEFAULT_SEARCH_OPTIONS} from '../shared/search/options';
import type {SearchRequest, SearchResponse} from './localClient';
import {newestOnly} from './newestOnly';
import type {WorkerReply, WorkerRequest} from './workerProtocol';

interface WorkerScope {
  location: {origin: string; pathname: string};
  postMessage(message: WorkerReply): void;
  addEventListener(type: 'message', listener: (event: {data: WorkerRequest}) => void): void;
}

const scope = self as unknown as WorkerScope;
const baseUrl = scope.location.pathname.replace(/search\/[^/]*$/, '');
const client = createLocalSearchClient({
  manifestUrl: `${baseUrl}search/manifest.json`,
  baseUrl,
  siteOrigin: scope.location.origin,
  defaultHitsPerPage: DEFAULT_SEARCH_OPTIONS.hitsPerPage,
});

// The manifest is the first thing every query needs: fetch it as the worker starts.
client.preload().catch(() => undefined);

/** Of the searches queued together, only the newest runs (newestOnly.ts). */
const search = newestOnly(
  (requests: SearchRequest[]) => client.search({requests}),
  () => new Promise<void>((resolve) => setTimeout(resolve, 0)),
);

async function answer(data: WorkerRequest): Promise<{results: SearchResponse[]} | null> {
  if (!data.requests) {
    await client.preload(data.preload);
    return {results: []};
  }
  return search(data.id, data.requests);
}

scope.addEventListener('message', ({data}) => {
  if (!data || data.id === undefined) return;
  answer(data).then(
    (reply) => scope.postMessage(reply ? {id: data.id, results: reply.results} : {id: data.id, superseded: true}),
    (error: unknown) => {
      const failure = error instanceof Error ? error : new Error(String(error));
      scope.postMessage({id: data.id, error: {name: failure.name, message: failure.message}});
    },
  );
});
