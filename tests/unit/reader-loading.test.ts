import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadingState } from '../../src/lib/reader/loading';

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
