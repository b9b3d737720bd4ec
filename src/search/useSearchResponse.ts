/** The answer to one search request (the search page, the modal's AI sources), asked again when the request changes. */
import {useEffect, useState} from 'react';
import type {AlgoliaLikeClient} from './clients';
import type {SearchRequest, SearchResponse} from './localClient';

export type SearchState =
  | {status: 'idle'}
  | {status: 'loading'}
  | {status: 'error'}
  | {status: 'done'; response: SearchResponse};

/** `request` null: nothing to search (idle). The request is compared by value, not by identity. */
export function useSearchResponse(client: AlgoliaLikeClient, request: SearchRequest | null): SearchState {
  const key = request === null ? null : JSON.stringify(request);
  const [state, setState] = useState<SearchState>(() => ({status: key === null ? 'idle' : 'loading'}));
  useEffect(() => {
    if (key === null) {
      setState({status: 'idle'});
      return undefined;
    }
    let cancelled = false;
    setState({status: 'loading'});
    client.search({requests: [JSON.parse(key) as SearchRequest]}).then(
      ({results}) => !cancelled && setState({status: 'done', response: results[0]!}),
      () => !cancelled && setState({status: 'error'}),
    );
    return () => {
      cancelled = true;
    };
  }, [client, key]);
  return state;
}
