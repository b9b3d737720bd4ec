/**
 * Loader for two modules of Docusaurus, client bundle only: they sort with `String#localeCompare` on
 * every page load (the active docs plugin by its path; the keys of a memoised object). The first
 * `localeCompare` of a page builds the ICU collator: 25–70 ms of main thread in Debian Chromium on the
 * 2-core machine, four times that under Lighthouse's CPU slowdown, inside the hydration task. Neither
 * order depends on a language (URL paths, object keys), so the client copies compare code points.
 * A snippet that is not found stops the build: after a Docusaurus upgrade, check the two modules again.
 */
const PATCHES = [
  {
    file: /[\\/]@docusaurus[\\/]plugin-content-docs[\\/]lib[\\/]client[\\/]docsClientUtils\.js$/,
    from: '.sort((a, b) => b[1].path.localeCompare(a[1].path))',
    to: '.sort((a, b) => monqComparePlain(b[1].path, a[1].path))',
  },
  {
    file: /[\\/]@docusaurus[\\/]theme-common[\\/]lib[\\/]utils[\\/]reactUtils\.js$/,
    from: 'deps.sort((a, b) => a[0].localeCompare(b[0]));',
    to: 'deps.sort((a, b) => monqComparePlain(a[0], b[0]));',
  },
];

/** The modules the loader applies to. */
const PLAIN_COMPARE_MODULES = new RegExp(PATCHES.map((patch) => patch.file.source).join('|'));

const HELPER = '\nfunction monqComparePlain(a, b) {\n  return a < b ? -1 : a > b ? 1 : 0;\n}\n';

function plainCompare(source, resourcePath) {
  const patch = PATCHES.find((candidate) => candidate.file.test(resourcePath));
  if (!patch) return source;
  if (!source.includes(patch.from)) {
    throw new Error(`perf: "${patch.from}" not found in ${resourcePath}; see plugins/perf/plain-compare-loader.cjs`);
  }
  return source.replace(patch.from, patch.to) + HELPER;
}

module.exports = function plainCompareLoader(source) {
  return plainCompare(source, this.resourcePath);
};
module.exports.PATCHES = PATCHES;
module.exports.PLAIN_COMPARE_MODULES = PLAIN_COMPARE_MODULES;
module.exports.plainCompare = plainCompare;
