import {test} from 'node:test';
import assert from 'node:assert/strict';
import {latestOnly, type AlgoliaLikeClient} from '../../src/search/clients';
import type {SearchRequest, SearchResponse} from '../../src/search/localClient';

function fakeClient() {
  const queries: string[] = [];
  const client: AlgoliaLikeClient = {
    async search({requests}: {requests: SearchRequest[]}) {
      const query = requests[0]?.query ?? '';
      queries.push(query);
      return {results: [{query, nbHits: query.length} as unknown as SearchResponse]};
    },
  };
  return {client, queries};
}

const ask = (client: AlgoliaLikeClient, query: string) => client.search({requests: [{indexName: 'x', query}]});

test('a burst of keystrokes runs one search, and every call answers with the latest results', async () => {
  const {client, queries} = fakeClient();
  const dialog = latestOnly(client);
  const answers = await Promise.all(['м', 'ме', 'мет', 'метрики'].map((query) => ask(dialog, query)));
  assert.deepEqual(queries, ['метрики']);
  assert.deepEqual(answers.map((answer) => answer.results[0]?.query), ['метрики', 'метрики', 'метрики', 'метрики']);
});

test('searches typed one after another each run with their own query', async () => {
  const {client, queries} = fakeClient();
  const dialog = latestOnly(client);
  assert.equal((await ask(dialog, 'пороги')).results[0]?.query, 'пороги');
  assert.equal((await ask(dialog, 'сигналы')).results[0]?.query, 'сигналы');
  assert.deepEqual(queries, ['пороги', 'сигналы']);
});

test('a failure of the latest search reaches the calls it overtook', async () => {
  const failing: AlgoliaLikeClient = {
    search: () => Promise.reject(new Error('index unavailable')),
  };
  const dialog = latestOnly(failing);
  const results = await Promise.allSettled([ask(dialog, 'а'), ask(dialog, 'аг')]);
  assert.deepEqual(results.map((result) => result.status), ['rejected', 'rejected']);
});
