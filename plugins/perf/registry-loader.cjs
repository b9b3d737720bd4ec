/**
 * Loader for `.docusaurus/registry.js`, client bundle only: the route registry and the route → chunk
 * table (`routesChunkNames.json`, read next to it), split in parts (see src/lib/routes/routeData.ts).
 *
 * - `registry.js` becomes the routes that `main.js` keeps (no prefix, or a path equal to a prefix) and
 *   one `import()` per prefix, of `registry.js?part=<n>`: the routes under that prefix.
 * - Each registry entry is only its loader. Docusaurus also lists the module path (read by the server
 *   alone, when it renders the HTML) and the module id; the client's ComponentCreator
 *   (src/lib/routes/ComponentCreator.tsx) needs neither.
 * - Route chunks lose their `webpackChunkName` and get short keys (`r0`, `r1`, …; chunk-names.cjs):
 *   without chunk names the runtime carries no name → id map, and the prefetch of a route reads its
 *   files from the loaders (src/lib/routes/routeData.ts, `chunkIdsOf`).
 *
 * Options: `prefixes` (route-path prefixes, one part each) and `routeData` (path of src/lib/routes/routeData.ts).
 */
const { readFileSync } = require('node:fs');
const { dirname, join } = require('node:path');
const { REGISTRY_ENTRY, chunkNameMap, renameRouteChunks } = require('./chunk-names.cjs');
const { partOf } = require('../../src/shared/routes/partOf.cjs');

/** Chunk name → the module request of its `import()`, as written in the registry (a JS string literal). */
function registryRequests(source) {
  const requests = new Map();
  for (const match of source.matchAll(REGISTRY_ENTRY)) requests.set(match[2], match[4]);
  if (requests.size === 0) throw new Error('perf: no entry found in the route registry; see plugins/perf/registry-loader.cjs');
  return requests;
}

/** Leaf chunk names of a route's chunks. */
function leaves(value) {
  if (typeof value === 'string') return [value];
  return Object.values(value).flatMap(leaves);
}

/** The route → chunk table (short names) split by part: index 0 is main.js, index n + 1 part n. */
function splitTable(table, prefixes) {
  const tables = Array.from({ length: prefixes.length + 1 }, () => ({}));
  for (const [key, chunks] of Object.entries(table)) {
    tables[partOf(key.slice(0, key.lastIndexOf('-')), prefixes) + 1][key] = chunks;
  }
  return tables;
}

/** `{ routes: {…}, registry: { r0: () => import("…"), … } }` for one table. */
function tableSource(routes, requests) {
  const names = [...new Set(Object.values(routes).flatMap(leaves))].sort();
  const registry = names.map((name) => `    ${JSON.stringify(name)}: () => import(${requests.get(name)}),`).join('\n');
  return `{\n  routes: ${JSON.stringify(routes)},\n  registry: {\n${registry}\n  },\n}`;
}

/**
 * The module for `registry.js` (part `null`) or for `registry.js?part=<n>`.
 * `registrySource` is Docusaurus's registry; `table` its route → chunk table.
 */
function registryModule({ registrySource, table, prefixes, part, routeData }) {
  const map = chunkNameMap(registrySource);
  const original = registryRequests(registrySource);
  const requests = new Map([...original].map(([name, request]) => [map.get(name), request]));
  const tables = splitTable(renameRouteChunks(table, map), prefixes);
  if (part !== null) return `export default ${tableSource(tables[part + 1], requests)};\n`;
  const parts = prefixes
    .map((prefix, index) => `  [${JSON.stringify(prefix)}, () => import("./registry.js?part=${index}")],`)
    .join('\n');
  return [
    `import { createRouteData } from ${JSON.stringify(routeData)};`,
    `const eager = ${tableSource(tables[0], requests)};`,
    `const parts = [\n${parts}\n];`,
    'const opened = typeof location === "undefined" ? undefined : location.pathname;',
    'export default createRouteData(eager, parts, __webpack_require__, opened);',
    '',
  ].join('\n');
}

module.exports = function registryLoader(source) {
  const { prefixes = [], routeData } = this.getOptions();
  const tablePath = join(dirname(this.resourcePath), 'routesChunkNames.json');
  this.addDependency(tablePath);
  const match = /[?&]part=(\d+)/.exec(this.resourceQuery ?? '');
  const part = match ? Number(match[1]) : null;
  if (part !== null && !(part < prefixes.length)) throw new Error(`perf: no route part ${part}`);
  const table = JSON.parse(readFileSync(tablePath, 'utf8'));
  return registryModule({ registrySource: source, table, prefixes, part, routeData });
};
module.exports.registryModule = registryModule;
