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
 *   - the route → chunk table is indexed once, by path;
 *   - a chunk file is requested once per page load.
 * A snippet that is not found stops the build: after a Docusaurus upgrade, check the two modules again.
 */
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
// monq: the route → chunk table indexed by route path, once
let monqChunksByPath = null;
const getChunkNamesToLoad = (path) => {
  if (monqChunksByPath === null) {
    monqChunksByPath = new Map();
    for (const [routeNameWithHash, routeChunks] of Object.entries(routesChunkNames)) {
      const routePath = routeNameWithHash.replace(/-[^-]+$/, '');
      const list = monqChunksByPath.get(routePath) ?? [];
      list.push(routeChunks);
      monqChunksByPath.set(routePath, list);
    }
  }
  return (monqChunksByPath.get(path) ?? []).flatMap((routeChunks) => Object.values(flat(routeChunks)));
};
`;

const PATCHES = [
  {
    file: /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]docusaurus\.js$/,
    edits: [
      // the stock table scan stays, unused, under another name
      { from: 'const getChunkNamesToLoad = (path) =>', to: 'const monqGetChunkNamesToLoadByScan = (path) =>' },
      { from: 'const prefetch = (routePath) => {', to: 'const monqPrefetchNow = (routePath) => {' },
      { from: 'const preload = (routePath) => {', to: `${QUEUE}const preload = (routePath) => {` },
    ],
  },
  {
    file: /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]prefetch\.js$/,
    edits: [
      {
        from: 'export default function prefetch(url) {',
        to: '// monq: a chunk file is requested once per page load\nconst monqRequested = new Set();\nexport default function prefetch(url) {\n    if (monqRequested.has(url)) {\n        return Promise.resolve();\n    }\n    monqRequested.add(url);',
      },
    ],
  },
];

/** The modules the loader applies to. */
const PREFETCH_MODULES = new RegExp(PATCHES.map((patch) => patch.file.source).join('|'));

function patchPrefetch(source, resourcePath) {
  const patch = PATCHES.find((candidate) => candidate.file.test(resourcePath));
  if (!patch) return source;
  let result = source;
  for (const { from, to } of patch.edits) {
    if (result.split(from).length !== 2) {
      throw new Error(`perf: "${from}" not found exactly once in ${resourcePath}; see plugins/perf/prefetch-loader.cjs`);
    }
    result = result.replace(from, () => to);
  }
  return result;
}

module.exports = function prefetchLoader(source) {
  return patchPrefetch(source, this.resourcePath);
};
module.exports.PATCHES = PATCHES;
module.exports.PREFETCH_MODULES = PREFETCH_MODULES;
module.exports.patchPrefetch = patchPrefetch;
