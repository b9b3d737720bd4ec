import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSliceQueue, type PostTask } from '../../src/lib/hydration/slices';

/** A task queue run by hand: `run()` runs the oldest task. */
function manualTasks(): { post: PostTask; run: () => boolean; size: () => number } {
  const tasks: Array<() => void> = [];
  return {
    post: (callback) => void tasks.push(callback),
    run: () => {
      const task = tasks.shift();
      task?.();
      return task !== undefined;
    },
    size: () => tasks.length,
  };
}

const flushMicrotasks = () => new Promise<void>((done) => setImmediate(done));

test('slices met during the first pass wait, are released in order, one task each, and the effects of the pass run after them', async () => {
  const tasks = manualTasks();
  const pending: boolean[] = [];
  const effects: string[] = [];
  const queue = createSliceQueue({ post: tasks.post, onPending: (value) => pending.push(value) });
  assert.equal(queue.enabled, false);
  assert.equal(queue.take(), null, 'no slicing before the first pass');

  queue.begin();
  assert.equal(queue.enabled, true);
  assert.equal(queue.inFirstPass, true);
  const released: number[] = [];
  const slices = [queue.take(), queue.take(), queue.take()];
  slices.forEach((slice, index) => void slice?.promise.then(() => released.push(index)));
  queue.afterSlices(() => effects.push(`effects after ${released.length} slices, pending ${queue.pending()}`));
  assert.ok(slices.every((slice) => slice && !slice.done));
  assert.equal(tasks.size(), 0, 'nothing is released during the first pass');

  queue.end();
  assert.equal(queue.inFirstPass, false);
  assert.deepEqual(pending, [true]);
  assert.equal(queue.pending(), 3);

  for (let task = 1; task <= 3; task += 1) {
    assert.ok(tasks.run());
    await flushMicrotasks();
    assert.deepEqual(released, [0, 1, 2].slice(0, task), `after task ${task}`);
    assert.ok(slices[task - 1]!.done);
    assert.equal(effects.length, 0, 'the effects wait for the last slice');
  }
  assert.deepEqual(pending, [true], 'still marked until the effects have run');
  assert.ok(tasks.run(), 'the effects get a task of their own');
  assert.deepEqual(effects, ['effects after 3 slices, pending 0']);
  assert.equal(tasks.size(), 0);
  assert.deepEqual(pending, [true, false]);
  assert.equal(queue.take(), null, 'a slice rendered later (client-side navigation) renders at once');
});

test('a first pass without slices marks nothing; its effects still get a task of their own', () => {
  const tasks = manualTasks();
  const pending: boolean[] = [];
  const effects: number[] = [];
  const queue = createSliceQueue({ post: tasks.post, onPending: (value) => pending.push(value) });
  queue.begin();
  queue.afterSlices(() => effects.push(1));
  queue.end();
  assert.equal(effects.length, 0);
  assert.ok(tasks.run());
  assert.deepEqual(effects, [1]);
  assert.equal(tasks.size(), 0);
  assert.deepEqual(pending, []);
  queue.afterSlices(() => effects.push(2));
  assert.ok(tasks.run(), 'after the first pass, a deferred callback is simply posted');
  assert.deepEqual(effects, [1, 2]);
  queue.end();
  queue.begin();
  assert.equal(queue.inFirstPass, false, 'there is one first pass per page');
});
