/** src/lib/routes/routeData.ts: the browser's route data, in parts loaded on demand. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  chunkIdsOf,
  createRouteData,
  type ChunkRuntime,
  type RoutePart,
  type RouteTable,
} from '../../src/lib/routes/routeData';

/** A bundler runtime: `e` loads chunks (counted), `u` names their files; chunk 9 belongs to the entry. */
function fakeRuntime(): ChunkRuntime & { fetched: string[] } {
  const fetched: string[] = [];
  return {
    fetched,
    e: (id) => (fetched.push(String(id)), Promise.resolve()),
    p: '/',
    u: (id) => `assets/js/${id}.${id === '9' ? undefined : 'abcd1234'}.js`,
  };
}

/** A compiled `import()`: loads its chunks through the runtime, then gives the module. */
const compiled = (runtime: ChunkRuntime, chunks: string[], module: unknown) => () =>
  Promise.all(chunks.map((id) => runtime.e(id))).then(() => module);

function site(runtime: ChunkRuntime, failFirst = false, openedPath?: string) {
  const eager: RouteTable = {
    routes: { '/docs/-862': { __comp: 'r0' }, '/glossary/-ec4': { __comp: 'r1', content: 'r2' } },
    registry: {
      r0: compiled(runtime, ['10'], { default: 'DocsRoot' }),
      r1: compiled(runtime, ['9', '11'], { default: 'Page' }),
      r2: compiled(runtime, ['12'], { default: 'glossary' }),
    },
  };
  const nine: RouteTable = {
    routes: {
      '/docs/guide/-a00': { __comp: 'r3', content: 'r4' },
      '/docs/guide/-a01': { __comp: 'r3', __props: { sidebar: ['r5'] } },
    },
    registry: {
      r3: compiled(runtime, ['9', '13'], { default: 'DocItem' }),
      r4: compiled(runtime, ['14'], { default: 'guide' }),
      r5: compiled(runtime, ['15'], { default: 'sidebar' }),
    },
  };
  let loads = 0;
  const parts: RoutePart[] = [
    [
      '/docs/',
      () => {
        loads += 1;
        if (failFirst && loads === 1) return Promise.reject(new Error('ChunkLoadError'));
        return compiled(runtime, ['20'], { default: nine })() as Promise<{ default: RouteTable }>;
      },
    ],
  ];
  return { data: createRouteData(eager, parts, runtime, openedPath), loads: () => loads };
}

test('a route of main.js is answered without loading a part; a route of a part loads it once', async () => {
  const runtime = fakeRuntime();
  const { data, loads } = site(runtime);
  assert.deepEqual((await data.route('/glossary/', 'ec4')).chunks, { __comp: 'r1', content: 'r2' });
  assert.deepEqual((await data.route('/docs/', '862')).chunks, { __comp: 'r0' }, 'a path equal to a prefix stays in main.js');
  assert.equal(loads(), 0);
  const [first, second] = await Promise.all([data.route('/docs/guide/', 'a00'), data.route('/docs/guide/', 'a01')]);
  assert.equal(loads(), 1, 'two routes of the same part, one load');
  assert.deepEqual(first.chunks, { __comp: 'r3', content: 'r4' });
  assert.deepEqual(await second.registry.r5!(), { default: 'sidebar' }, "the part's loaders come with it");
  await data.route('/docs/guide/', 'a00');
  assert.equal(loads(), 1);
  await assert.rejects(data.route('/docs/guide/', 'fff'), /No route data for \/docs\/guide\/ \(fff\)/);
});

test('a part that failed to load is requested again by the next route', async () => {
  const { data, loads } = site(fakeRuntime(), true);
  await assert.rejects(data.route('/docs/guide/', 'a00'), /ChunkLoadError/);
  assert.deepEqual((await data.route('/docs/guide/', 'a00')).chunks, { __comp: 'r3', content: 'r4' });
  assert.equal(loads(), 2);
});

test("the opened page's part starts loading with the route data; a failure there is retried by the route", async () => {
  const opened = site(fakeRuntime(), false, '/docs/guide/');
  assert.equal(opened.loads(), 1, 'requested before any route asks');
  await opened.data.route('/docs/guide/', 'a00');
  assert.equal(opened.loads(), 1, 'the route uses that request');
  assert.equal(site(fakeRuntime(), false, '/glossary/').loads(), 0, 'a page of main.js loads no part');
  const failing = site(fakeRuntime(), true, '/docs/guide/');
  await new Promise((done) => setTimeout(done, 0));
  assert.deepEqual((await failing.data.route('/docs/guide/', 'a00')).chunks, { __comp: 'r3', content: 'r4' });
  assert.equal(failing.loads(), 2);
});

test('prefetch: the part file while the part is not loaded, then the files of all routes with the path', async () => {
  const runtime = fakeRuntime();
  const { data, loads } = site(runtime);
  assert.deepEqual(await data.chunkFiles('/docs/guide/'), ['/assets/js/20.abcd1234.js']);
  assert.equal(loads(), 1, 'the import is called once, to read its chunk');
  assert.deepEqual(runtime.fetched, [], 'nothing is fetched or run for a prefetch');
  await data.route('/docs/guide/', 'a00');
  runtime.fetched.length = 0;
  assert.deepEqual(await data.chunkFiles('/docs/guide/'), [
    '/assets/js/13.abcd1234.js',
    '/assets/js/14.abcd1234.js',
    '/assets/js/13.abcd1234.js',
    '/assets/js/15.abcd1234.js',
  ]);
  // chunk 9 comes with the entry point: no file of its own to prefetch
  assert.deepEqual(await data.chunkFiles('/glossary/'), ['/assets/js/11.abcd1234.js', '/assets/js/12.abcd1234.js']);
  assert.deepEqual(await data.chunkFiles('/nowhere/'), []);
  assert.deepEqual(runtime.fetched, []);
});

test('chunkIdsOf records the chunks an import asks for and puts the runtime back, even when the loader throws', () => {
  const runtime = fakeRuntime();
  const ensure = runtime.e;
  assert.deepEqual(chunkIdsOf(compiled(runtime, ['1', '2'], {}), runtime), ['1', '2']);
  assert.equal(runtime.e, ensure);
  assert.throws(() =>
    chunkIdsOf(() => {
      throw new Error('boom');
    }, runtime),
  );
  assert.equal(runtime.e, ensure);
  assert.deepEqual(runtime.fetched, []);
});
