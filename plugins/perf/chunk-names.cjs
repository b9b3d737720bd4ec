/**
 * Short route-chunk names for the client bundle.
 *
 * Docusaurus names each route chunk after an 8-digit hex hash of its module path ("00706df2"). The
 * names are random, so gzip cannot shrink them, and the browser gets each one twice: as a key of the
 * route registry and in the route → chunk table (`routesChunkNames.json`). The client's copies
 * (registry-loader.cjs) rename them `r0`, `r1`, … in the order of the sorted registry keys. The server
 * bundle keeps the original names (nothing it renders shows them).
 */
const REGISTRY_ENTRY = /^(\s*)"([^"]+)": \[\(\) => import\(\/\* webpackChunkName: "([^"]+)" \*\/ ("(?:[^"\\]|\\.)*")\)/gm;

/** Original chunk name → short name, from the registry source. */
function chunkNameMap(registrySource) {
  const names = new Set();
  for (const match of registrySource.matchAll(REGISTRY_ENTRY)) {
    if (match[2] !== match[3]) {
      throw new Error(`perf: registry key "${match[2]}" differs from its chunk name "${match[3]}"`);
    }
    names.add(match[2]);
  }
  const sorted = [...names].sort();
  return new Map(sorted.map((name, index) => [name, `r${index.toString(36)}`]));
}

/**
 * The route → chunk table (`{ "<route>-<hash>": { "__comp": "<chunk>", "content": "<chunk>", … } }`)
 * with every chunk name replaced. A leaf the registry does not know stops the build: the table's shape
 * changed in a Docusaurus upgrade and this file must follow.
 */
function renameRouteChunks(table, map) {
  const walk = (value, where) => {
    if (typeof value === 'string') {
      const short = map.get(value);
      if (short === undefined) throw new Error(`perf: chunk "${value}" of ${where} is not in the registry`);
      return short;
    }
    if (Array.isArray(value)) return value.map((item, index) => walk(item, `${where}[${index}]`));
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item, `${where}.${key}`)]));
    }
    return value;
  };
  return Object.fromEntries(Object.entries(table).map(([route, chunks]) => [route, walk(chunks, route)]));
}

module.exports = { REGISTRY_ENTRY, chunkNameMap, renameRouteChunks };
