import { mock, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  LOADING_DELAY_MS,
  LOADING_TEXT,
  isChunkLoadError,
  loadingState,
  trackLazyLoad,
  type LoadingProps,
} from '../../src/lib/reader/loading';

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

/** A promise settled by the test, and the states a tracked load went through. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}
const settle = () => new Promise<void>((done) => setImmediate(done));

test('a tracked lazy chunk: nothing, the spinner after the delay, then loaded', async () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  try {
    const chunk = deferred();
    const states: (LoadingProps | null)[] = [];
    let loaded = 0;
    trackLazyLoad(chunk.promise, { onState: (state) => states.push(state), onLoaded: () => (loaded += 1) });
    assert.deepEqual(states.map((state) => state && loadingState(state)), ['nothing']);
    mock.timers.tick(LOADING_DELAY_MS - 1);
    assert.equal(states.length, 1, 'no spinner before the delay');
    mock.timers.tick(1);
    assert.deepEqual(states.map((state) => state && loadingState(state)), ['nothing', 'spinner']);
    chunk.resolve();
    await settle();
    assert.deepEqual(states.at(-1), null);
    assert.equal(loaded, 1);
  } finally {
    mock.timers.reset();
  }
});

test('a tracked chunk that loads fast never shows the spinner', async () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  try {
    const chunk = deferred();
    const states: (LoadingProps | null)[] = [];
    trackLazyLoad(chunk.promise, { onState: (state) => states.push(state), onLoaded: () => undefined });
    chunk.resolve();
    await settle();
    mock.timers.tick(LOADING_DELAY_MS * 5);
    assert.deepEqual(states.map((state) => state && loadingState(state)), ['nothing', null]);
  } finally {
    mock.timers.reset();
  }
});

test('a tracked chunk that fails shows the error at once; a cancelled wait reports nothing more', async () => {
  const failing = deferred();
  const states: (LoadingProps | null)[] = [];
  trackLazyLoad(failing.promise, { onState: (state) => states.push(state), onLoaded: () => assert.fail('not loaded') });
  failing.reject(new Error('Loading chunk 12 failed.'));
  await settle();
  assert.equal(loadingState(states.at(-1)!), 'failed');

  const slow = deferred();
  const after: (LoadingProps | null)[] = [];
  const cancel = trackLazyLoad(slow.promise, { onState: (state) => after.push(state), onLoaded: () => assert.fail('cancelled') });
  cancel();
  slow.resolve();
  await settle();
  assert.equal(after.length, 1, 'only the first, invisible state');
});
