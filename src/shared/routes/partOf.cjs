/**
 * The part of the route data a route path belongs to (src/lib/routes/routeData.ts): the index of the
 * longest prefix it starts with, or -1 for `main.js`: a path under no prefix, or equal to one (a
 * layout route, shared by the pages of its part and, for `/docs/8.9/` under `/docs/`, by the pages
 * of another part). Shared by the browser (routeData.ts) and the build (plugins/perf/registry-loader.cjs),
 * hence plain CommonJS.
 *
 * @param {string} path
 * @param {readonly string[]} prefixes
 * @returns {number}
 */
function partOf(path, prefixes) {
  if (prefixes.includes(path)) return -1;
  let best = -1;
  prefixes.forEach((prefix, index) => {
    if (path.startsWith(prefix) && (best < 0 || prefix.length > prefixes[best].length)) best = index;
  });
  return best;
}

module.exports = { partOf };
