/**
 * Loader for Docusaurus's prefetching of linked pages (client production bundle only).
 *
 * Every internal link that scrolls into view asks `window.docusaurus.prefetch` for the chunks of its
 * page. Stock Docusaurus answers all of them at once, in the task that delivers the intersection
 * callbacks: for each link it matches the path against all 383 routes, filters every entry of the
 * route → chunk table with a regular expression, and appends a `<link rel="prefetch">` per chunk, even
 * for a chunk already requested for another link. On a doc page that is some 50 links and a few hundred
 * `<link>` elements: 60–80 ms of main thread on the 2-core machine, a quarter of a second with
 * Lighthouse's CPU slowdown, right after hydration.
 *
 * Patched here, with the same rules (no prefetch on 2G or with data saver, each page once):
 *   - prefetch requests wait in a queue and are served one page per task;
 *   - a page's files come from the route data of its part (route-data.ts): the route → chunk table and
 *     the runtime's chunk-name map are no longer in `main.js`; for a page whose part is not loaded
 *     yet, the part's own file is prefetched;
 *   - a chunk file is requested once per page load, counting the page's own route chunks, which the
 *     hydration boot prefetched already.
 * A snippet that is not found stops the build: after a Docusaurus upgrade, check the two modules again.
 */
const { editingLoader } = require('./source-edits.cjs');

const QUEUE = `
// monq: prefetch requests wait in a queue and are served one page per task
const monqPrefetchQueue = [];
let monqPrefetchPort = null;
const monqPrefetchNext = () => {
  const next = monqPrefetchQueue.shift();
  if (next !== undefined) monqPrefetchNow(next);
  if (monqPrefetchQueue.length > 0) monqPrefetchPort.postMessage(null);
};
const prefetch = (routePath) => {
  if (!canPrefetch(routePath) || monqPrefetchQueue.includes(routePath)) {
    return false;
  }
  monqPrefetchQueue.push(routePath);
  if (monqPrefetchPort === null) {
    const channel = new MessageChannel();
    channel.port1.onmessage = monqPrefetchNext;
    monqPrefetchPort = channel.port2;
  }
  if (monqPrefetchQueue.length === 1) monqPrefetchPort.postMessage(null);
  return true;
};
// monq: the files of a page come from its route data (plugins/perf/route-data.ts)
const monqPrefetchNow = (routePath) => {
    if (!canPrefetch(routePath)) {
        return false;
    }
    fetched.add(routePath);
    const matches = matchRoutes(routes, routePath);
    return Promise.all(matches.map((match) => monqRouteData.chunkFiles(match.route.path)))
        .then((lists) => Promise.all(lists.flat().map((file) => prefetchHelper(file))));
};
`;

const PATCHES = [
  {
    file: /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]docusaurus\.js$/,
    edits: [
      { from: "import routesChunkNames from '@generated/routesChunkNames';", to: "import monqRouteData from '@generated/registry';" },
      // the stock table scan and prefetch, from the first line of one to the line after the other
      {
        from: 'const getChunkNamesToLoad = (path) =>',
        until: 'const preload = (routePath) => {',
        expect: ['getChunkNamesToLoad(match.route.path)', '__webpack_require__.gca(chunkName)', 'fetched.add(routePath);'],
        to: `${QUEUE}const preload = (routePath) => {`,
      },
    ],
  },
  {
    file: /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]prefetch\.js$/,
    edits: [
      {
        from: 'export default function prefetch(url) {',
        // The page's own route chunks are already prefetched by the hydration boot (hydration-boot.cjs).
        to:
          '// monq: a chunk file is requested once per page load, the boot\'s prefetches included\n' +
          'const monqRequested = new Set(typeof document === "undefined" ? [] : Array.from(document.querySelectorAll(\'link[rel="prefetch"]\'), (link) => link.getAttribute("href")));\n' +
          'export default function prefetch(url) {\n    if (monqRequested.has(url)) {\n        return Promise.resolve();\n    }\n    monqRequested.add(url);',
      },
    ],
  },
];

const { loader, patch, modules } = editingLoader(PATCHES, 'prefetch-loader.cjs');

module.exports = loader;
module.exports.PATCHES = PATCHES;
/** The modules the loader applies to. */
module.exports.PREFETCH_MODULES = modules;
module.exports.patchPrefetch = patch;
