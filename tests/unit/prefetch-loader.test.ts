import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

const require = createRequire(import.meta.url);
const { PATCHES, PREFETCH_MODULES, patchPrefetch } = require('../../plugins/perf/prefetch-loader.cjs') as {
  PATCHES: Array<{ file: RegExp }>;
  PREFETCH_MODULES: RegExp;
  patchPrefetch: (source: string, path: string) => string;
};

const DOCUSAURUS = require.resolve('@docusaurus/core/lib/client/docusaurus.js');
const PREFETCH = require.resolve('@docusaurus/core/lib/client/prefetch.js');

test('the installed Docusaurus modules take the patches: queued prefetch, files from the route data, one request per file', () => {
  assert.ok(PREFETCH_MODULES.test(DOCUSAURUS) && PREFETCH_MODULES.test(PREFETCH));
  assert.equal(PATCHES.length, 2);
  const docusaurus = patchPrefetch(readFileSync(DOCUSAURUS, 'utf8'), DOCUSAURUS);
  assert.match(docusaurus, /const monqPrefetchNow = \(routePath\) => \{/);
  assert.match(docusaurus, /const prefetch = \(routePath\) => \{\n {2}if \(!canPrefetch\(routePath\)/, 'the 2G / data-saver rule still applies');
  // `prefetch` is defined before the frozen object that exposes it
  assert.ok(docusaurus.indexOf('const prefetch = ') < docusaurus.indexOf('const docusaurus = {'));
  // the route → chunk table and the runtime's chunk-name map are no longer read
  assert.doesNotMatch(docusaurus, /routesChunkNames|getChunkNamesToLoad|__webpack_require__\.gca/);
  assert.match(docusaurus, /^import monqRouteData from '@generated\/registry';$/m);
  const prefetch = patchPrefetch(readFileSync(PREFETCH, 'utf8'), PREFETCH);
  assert.match(prefetch, /if \(monqRequested\.has\(url\)\) \{\n\s+return Promise\.resolve\(\);/);
});

test('other modules pass through, and a snippet that is gone stops the build', () => {
  assert.equal(patchPrefetch('export default 1;', '/x/src/other.js'), 'export default 1;');
  assert.throws(() => patchPrefetch('export default 1;', DOCUSAURUS), /not found exactly once/);
  // the replaced stretch must still be the stock scan and prefetch
  const installed = readFileSync(DOCUSAURUS, 'utf8');
  assert.throws(() => patchPrefetch(installed.replace('__webpack_require__.gca(chunkName)', 'other(chunkName)'), DOCUSAURUS), /not found in the code replaced/);
});

test('the patched module serves one page per task, in order, each page once', async () => {
  // Run the patched prefetch/queue code with stand-ins for its imports.
  const source = patchPrefetch(readFileSync(DOCUSAURUS, 'utf8'), DOCUSAURUS)
    .replace(/^import .*$/gm, '')
    .replace('export default Object.freeze(docusaurus);', 'return docusaurus;');
  // A MessageChannel that does not keep this process alive.
  class UnrefChannel {
    readonly port2: MessagePort;
    readonly port1: { onmessage: ((event: unknown) => void) | null };
    constructor() {
      const { port1, port2 } = new MessageChannel();
      this.port2 = port2;
      this.port1 = {
        set onmessage(handler: ((event: unknown) => void) | null) {
          port1.onmessage = handler;
          (port1 as unknown as { unref(): void }).unref();
        },
        get onmessage() {
          return null;
        },
      };
    }
  }
  const served: string[] = [];
  const routes = [{ path: '/a/' }, { path: '/b/' }];
  const build = new Function(
    'matchRoutes', 'monqRouteData', 'routes', 'prefetchHelper', 'preloadHelper', 'flat', 'navigator', '__webpack_require__', 'MessageChannel',
    source,
  ) as (...args: unknown[]) => { prefetch: (path: string) => boolean };
  const docusaurus = build(
    (_routes: unknown, path: string) => routes.filter((route) => route.path === path).map((route) => ({ route })),
    { chunkFiles: (path: string) => Promise.resolve({ '/a/': ['/assets/js/1.js', '/assets/js/3.js'], '/b/': ['/assets/js/2.js'] }[path]) },
    routes,
    (url: string) => (served.push(url), Promise.resolve()),
    () => Promise.resolve(),
    (chunks: Record<string, string>) => chunks,
    { connection: { effectiveType: '4g', saveData: false } },
    {},
    UnrefChannel,
  );
  assert.equal(docusaurus.prefetch('/a/'), true);
  assert.equal(docusaurus.prefetch('/b/'), true);
  assert.equal(docusaurus.prefetch('/a/'), false, 'a page already waiting is not queued twice');
  assert.deepEqual(served, [], 'nothing is requested in the task that asked');
  await new Promise((done) => setTimeout(done, 50));
  assert.deepEqual(served, ['/assets/js/1.js', '/assets/js/3.js', '/assets/js/2.js']);
  assert.equal(docusaurus.prefetch('/a/'), false, 'a page is prefetched once');
});
