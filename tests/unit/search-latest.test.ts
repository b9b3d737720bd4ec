import {test} from 'node:test';
import assert from 'node:assert/strict';
import {latestOnly, type AlgoliaLikeClient} from '../../src/search/clients';
import {newestOnly} from '../../src/search/newestOnly';
import {SUPERSEDED} from '../../src/search/workerProtocol';
import {createSearchStatusStore, trackSearchClient} from '../../src/search/status';
import type {SearchRequest, SearchResponse} from '../../src/search/localClient';

/**
 * The page's client of a fake worker: each search is "posted" at once; the worker side runs only the
 * newest of the searches queued together (newestOnly) and answers the others `superseded`.
 */
function fakeWorkerClient(fail = false) {
  const queries: string[] = [];
  const worker = newestOnly(
    async (requests: SearchRequest[]) => {
      const query = requests[0]?.query ?? '';
      queries.push(query);
      if (fail) throw new Error('index unavailable');
      return [{query, nbHits: query.length} as unknown as SearchResponse];
    },
    () => new Promise<void>((resolve) => setTimeout(resolve, 0)),
  );
  let nextId = 1;
  const client: AlgoliaLikeClient = {
    async search({requests}) {
      const results = await worker(nextId++, requests);
      if (results === null) {
        const error = new Error('superseded');
        error.name = SUPERSEDED;
        throw error;
      }
      return {results};
    },
  };
  return {client, queries};
}

const ask = (client: AlgoliaLikeClient, query: string) => client.search({requests: [{indexName: 'x', query}]});

test('a burst of keystrokes runs one search, and every call answers with the latest results', async () => {
  const {client, queries} = fakeWorkerClient();
  const dialog = latestOnly(client);
  const answers = await Promise.all(['м', 'ме', 'мет', 'метрики'].map((query) => ask(dialog, query)));
  assert.deepEqual(queries, ['метрики']);
  assert.deepEqual(answers.map((answer) => answer.results[0]?.query), ['метрики', 'метрики', 'метрики', 'метрики']);
});

test('searches typed one after another each run with their own query', async () => {
  const {client, queries} = fakeWorkerClient();
  const dialog = latestOnly(client);
  assert.equal((await ask(dialog, 'пороги')).results[0]?.query, 'пороги');
  assert.equal((await ask(dialog, 'сигналы')).results[0]?.query, 'сигналы');
  assert.deepEqual(queries, ['пороги', 'сигналы']);
});

test('a failure of the latest search reaches the calls it overtook', async () => {
  const {client} = fakeWorkerClient(true);
  const dialog = latestOnly(client);
  const results = await Promise.allSettled([ask(dialog, 'а'), ask(dialog, 'аг')]);
  assert.deepEqual(results.map((result) => result.status), ['rejected', 'rejected']);
  assert.match(String((results[0] as PromiseRejectedResult).reason), /index unavailable/);
});

test('the shell and the search bar do not supersede each other (string and number ids)', async () => {
  const ran: string[] = [];
  const worker = newestOnly(
    async (query: string) => {
      ran.push(query);
      return query;
    },
    () => new Promise<void>((resolve) => setTimeout(resolve, 0)),
  );
  const answers = await Promise.all([worker('shell-1', 'пороги'), worker(1, 'метрики')]);
  assert.deepEqual(answers, ['пороги', 'метрики']);
  assert.deepEqual(ran, ['пороги', 'метрики']);
});

test('a skipped search is not recorded as a failure (no error screen flashes during a burst)', async () => {
  const {client} = fakeWorkerClient();
  const store = createSearchStatusStore();
  const errors: unknown[] = [];
  store.subscribe((status) => {
    if (status.error) errors.push(status.error);
  });
  const dialog = latestOnly(trackSearchClient(client, store));
  await Promise.all(['п', 'по', 'пороги'].map((query) => ask(dialog, query)));
  assert.deepEqual(errors, []);
  assert.equal(store.get().query, 'пороги');
});
