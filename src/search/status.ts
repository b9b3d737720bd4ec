/**
 * What DocSearch does not track for us.
 *
 * - Failures: `@algolia/autocomplete-core` resets the status to `idle` right
 *   after a failed request, so DocSearch shows "no results" instead of its
 *   error screen. The wrapped client records the failure; the SearchBar draws
 *   the error screen.
 * - The real hit count of the latest query: DocSearch's own `nbHits` adds up
 *   the counts of every keystroke.
 */

import {isSuperseded, withSearch, type AlgoliaLikeClient} from './clients';

export interface SearchStatus {
  /** The query of the latest request. */
  query: string;
  /** Set when the latest request failed. */
  error: {name: string; message: string} | null;
  /** Hits of the latest successful request (first result of the batch). */
  nbHits: number | null;
  /**
   * The query whose results are shown when the local backend switched the keyboard layout
   * («пороги» for «gjhjub»), or null.
   */
  shownQuery: string | null;
  /** A query the reader asked to search exactly as typed (no layout switch), or null. */
  verbatim: string | null;
}

type Listener = (status: SearchStatus) => void;

export interface SearchStatusStore {
  get(): SearchStatus;
  set(status: SearchStatus): void;
  /** Forget the failure (the query was cleared or the modal closed). */
  reset(): void;
  /** Search this query exactly as typed from now on. */
  setVerbatim(query: string | null): void;
  subscribe(listener: Listener): () => void;
}

export function createSearchStatusStore(): SearchStatusStore {
  const initial: SearchStatus = {query: '', error: null, nbHits: null, shownQuery: null, verbatim: null};
  let status: SearchStatus = initial;
  const listeners = new Set<Listener>();
  const set = (next: SearchStatus) => {
    status = next;
    listeners.forEach((listener) => listener(status));
  };
  return {
    get: () => status,
    set,
    reset: () => set(initial),
    setVerbatim: (verbatim) => set({...status, verbatim}),
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/**
 * A client whose `search` records every answer and failure in the store; everything else of the
 * client stays reachable (clients.ts, `withSearch`). DocSearch sends `search({requests})`.
 */
export function trackSearchClient<T extends AlgoliaLikeClient>(client: T, store: SearchStatusStore): T {
  // Answers can arrive out of order (the worker loads what each query needs): an answer older than
  // the one recorded last is not recorded.
  let asked = 0;
  let recorded = 0;
  return withSearch(client, async (input) => {
    const query = input.requests[0]?.query ?? '';
    const call = ++asked;
    try {
      const response = await client.search(input);
      if (call < recorded) return response;
      recorded = call;
      const first = response.results[0];
      store.set({
        ...store.get(),
        query,
        error: null,
        nbHits: typeof first?.nbHits === 'number' ? first.nbHits : null,
        shownQuery: typeof first?.shownQuery === 'string' ? first.shownQuery : null,
      });
      return response;
    } catch (error) {
      // A search the worker skipped for a newer one (clients.ts, latestOnly) is not a failure.
      if (call < recorded || isSuperseded(error)) throw error;
      recorded = call;
      const err = error as {name?: string; message?: string};
      store.set({
        ...store.get(),
        query,
        error: {name: err?.name ?? 'Error', message: err?.message ?? String(error)},
        nbHits: null,
        shownQuery: null,
      });
      throw error;
    }
  });
}
