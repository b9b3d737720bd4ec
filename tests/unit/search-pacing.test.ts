/**
 * The pacing of the engine's build in the browser (src/search/pacing.ts): short background slices
 * while the reader reads, long ones as soon as a search waits.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {BACKGROUND_SLICE_MS, URGENT_SLICE_MS, buildPacing, type PacingHost} from '../../src/search/pacing';

function host(kind: 'scheduler' | 'idle' | 'none') {
  const calls: string[] = [];
  const pending: Array<() => void> = [];
  const fake: PacingHost = {
    setTimeout: (callback) => {
      calls.push('timeout');
      pending.push(callback);
    },
  };
  if (kind === 'scheduler') {
    fake.scheduler = {
      postTask: (callback, options) => {
        calls.push(`postTask ${options.priority}`);
        pending.push(callback);
        return Promise.resolve();
      },
    };
  }
  if (kind !== 'none') {
    fake.requestIdleCallback = (callback) => {
      calls.push('idle');
      pending.push(callback);
    };
  }
  return {fake, calls, run: () => pending.splice(0).forEach((callback) => callback())};
}

test('in the background: short slices, each after a background-priority task where the browser has one', async () => {
  const {fake, calls, run} = host('scheduler');
  const pacing = buildPacing(() => false, fake);
  assert.equal(pacing.sliceMs(), BACKGROUND_SLICE_MS);
  const paused = pacing.pause();
  run();
  await paused;
  assert.deepEqual(calls, ['postTask background']);
});

test('without the task scheduler an idle callback, and without that a timeout', async () => {
  for (const [kind, expected] of [
    ['idle', 'idle'],
    ['none', 'timeout'],
  ] as const) {
    const {fake, calls, run} = host(kind);
    const paused = buildPacing(() => false, fake).pause();
    run();
    await paused;
    assert.deepEqual(calls, [expected], kind);
  }
});

test('while a search waits for the engine: long slices, resumed at once', async () => {
  let waiting = false;
  const {fake, calls, run} = host('scheduler');
  const pacing = buildPacing(() => waiting, fake);
  waiting = true;
  assert.equal(pacing.sliceMs(), URGENT_SLICE_MS);
  const paused = pacing.pause();
  run();
  await paused;
  assert.deepEqual(calls, ['timeout'], 'no background wait while the reader waits');
});
