/**
 * Messages between the page and the search worker (worker.ts). The inline boot's search shell uses
 * string ids (`shell-1`…), the search bar numbers: each side takes only the replies to its own ids.
 */
import type {FacetFilters, SearchRequest, SearchResponse} from './localClient';

export interface WorkerRequest {
  id: string | number;
  /** A multi-query, answered with `results`. */
  requests?: SearchRequest[];
  /** Or: load the manifest ahead of the first query (answered with no results). */
  preload?: FacetFilters;
}

/**
 * A search is answered with its results, its error, or `superseded` when a newer search of the same
 * side (the shell's or the search bar's) arrived before it started: a burst of keystrokes or a paste
 * runs one search. The search bar then shows the newer one's results (clients.ts, `latestOnly`).
 */
export type WorkerReply =
  | {id: string | number; results: SearchResponse[]; error?: undefined; superseded?: undefined}
  | {id: string | number; error: {name: string; message: string}; results?: undefined; superseded?: undefined}
  | {id: string | number; superseded: true; results?: undefined; error?: undefined};

/** The name of the error a superseded search rejects with in the page (clients.ts). */
export const SUPERSEDED = 'SupersededSearch';

/* The page's meta tags (the worker's address, the latest versions, the storage): src/shared/search/meta.ts. */

/** The global under which the page keeps its one worker (the boot may have started it). */
export const WORKER_GLOBAL = 'monqSearchWorker';
