import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LOADING_TEXT, isChunkLoadError, loadingState } from '../../src/lib/reader/loading';

test('a failed chunk shows the error, whatever the delay', () => {
  assert.equal(loadingState({ error: new Error('ChunkLoadError'), pastDelay: false }), 'failed');
  assert.equal(loadingState({ error: new Error('x'), pastDelay: true }), 'failed');
});

test('a loading chunk shows the spinner only after the delay', () => {
  assert.equal(loadingState({ pastDelay: false }), 'nothing');
  assert.equal(loadingState({}), 'nothing');
  assert.equal(loadingState({ error: null, pastDelay: true }), 'spinner');
  assert.equal(loadingState({ timedOut: true }), 'spinner');
});

test('bundler chunk failures are recognised, other errors are not', () => {
  const chunk = Object.assign(new Error('Loading chunk 7182 failed.\n(error: http://x/assets/js/a.js)'), {
    name: 'ChunkLoadError',
  });
  assert.equal(isChunkLoadError(chunk), true);
  assert.equal(isChunkLoadError({ code: 'CSS_CHUNK_LOAD_FAILED', message: 'Loading CSS chunk 12 failed.' }), true);
  assert.equal(isChunkLoadError(new Error('Loading chunk 12 failed.\n(timeout: x)')), true);
  assert.equal(isChunkLoadError(new Error('Unable to fetch results')), false);
  assert.equal(isChunkLoadError(new TypeError('x is undefined')), false);
  assert.equal(isChunkLoadError('ChunkLoadError'), false);
  assert.equal(isChunkLoadError(null), false);
});

test('the failure texts are Russian and the button says «Повторить»', () => {
  assert.equal(LOADING_TEXT.retry, 'Повторить');
  for (const text of Object.values(LOADING_TEXT)) assert.match(text, /^[А-ЯЁа-яё …\-.,]+$/);
});
