import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSliceQueue, type PostTask } from '../../src/lib/hydration/slices';
import rehypeHydrationSlices, { SLICE_COMPONENT, isSliced, wrapSlices } from '../../plugins/perf/rehype-hydration-slices';
import { contentRehypePlugins } from '../../config/perf';

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

const el = (tagName: string) => ({ type: 'element', tagName, children: [] });
const jsx = (name: string | null) => ({ type: 'mdxJsxFlowElement', name, attributes: [], children: [] });

test('top-level blocks that render one element become slices; other nodes stay as they are', () => {
  const tree = {
    type: 'root',
    children: [
      { type: 'mdxjsEsm' },
      el('h2'),
      { type: 'text', value: '\n' },
      el('p'),
      el('pre'),
      jsx('admonition'),
      jsx('DocCardList'),
      jsx('Tabs'),
      { type: 'mdxFlowExpression' },
      el('table'),
      el('script'),
    ],
  };
  assert.equal(wrapSlices(tree), 6);
  const names = tree.children.map((node) => ('name' in node && node.name === SLICE_COMPONENT ? `slice(${(node as { children: Array<{ tagName?: string; name?: string }> }).children[0]!.tagName ?? (node as { children: Array<{ name?: string }> }).children[0]!.name})` : node.type));
  assert.deepEqual(names, ['mdxjsEsm', 'slice(h2)', 'text', 'slice(p)', 'slice(pre)', 'slice(admonition)', 'slice(DocCardList)', 'mdxJsxFlowElement', 'mdxFlowExpression', 'slice(table)', 'element']);
  assert.equal(isSliced(el('li')), false, 'only top-level blocks are wrapped');
});

test('nested blocks are not wrapped, and every content plugin runs the slicing', () => {
  const inner = el('p');
  const tree = { type: 'root', children: [{ ...el('blockquote'), children: [inner] }] };
  rehypeHydrationSlices()(tree);
  const wrapper = tree.children[0] as unknown as { name: string; children: Array<{ children: unknown[] }> };
  assert.equal(wrapper.name, SLICE_COMPONENT);
  assert.deepEqual(wrapper.children[0]!.children, [inner]);
  assert.ok((contentRehypePlugins as unknown[]).includes(rehypeHydrationSlices));
});
