/**
 * The edit engine of the loaders that patch a module of Docusaurus in place (prefetch-loader.cjs,
 * theme-utils-loader.cjs). A loader lists its patches as `{ file, edits }`; each edit replaces the
 * snippet `from` (or everything from `from` to the end of `until`), which must occur exactly once,
 * and may check that the code it replaces still contains the `expect` snippets. Anything not found
 * stops the build with a message naming the loader: after an upgrade, check the module again.
 */
'use strict';

/**
 * @typedef {{ from: string, until?: string, expect?: string[], to: string }} Edit
 * @typedef {{ file: RegExp, edits: Edit[] }} Patch
 */

/** @param {Patch[]} patches  the pattern of the modules the patches apply to */
function modulesOf(patches) {
  return new RegExp(patches.map((patch) => patch.file.source).join('|'));
}

/**
 * The source with the edits of the patch for `resourcePath` applied (the source itself when no patch
 * applies to the module).
 * @param {Patch[]} patches
 * @param {string} source
 * @param {string} resourcePath
 * @param {string} loaderFile  named in the error, for example `prefetch-loader.cjs`
 */
function applyEdits(patches, source, resourcePath, loaderFile) {
  const patch = patches.find((candidate) => candidate.file.test(resourcePath));
  if (!patch) return source;
  let result = source;
  for (const { from, until, expect = [], to } of patch.edits) {
    const fail = (what) => {
      throw new Error(`perf: ${what} in ${resourcePath}; see plugins/perf/${loaderFile}`);
    };
    if (result.split(from).length !== 2) fail(`"${from}" not found exactly once`);
    const start = result.indexOf(from);
    const end = until === undefined ? start + from.length : result.indexOf(until, start);
    if (end < 0) fail(`"${until}" not found after "${from}"`);
    const replaced = result.slice(start, until === undefined ? end : end + until.length);
    for (const snippet of expect) if (!replaced.includes(snippet)) fail(`"${snippet}" not found in the code replaced`);
    result = result.slice(0, start) + to + result.slice(start + replaced.length);
  }
  return result;
}

/**
 * A webpack/Rspack loader that applies `patches`, with the pieces its tests and the perf plugin use:
 * `patch(source, resourcePath)` and `modules`, the pattern of the patched modules.
 * @param {Patch[]} patches
 * @param {string} loaderFile  named in the error, for example `prefetch-loader.cjs`
 */
function editingLoader(patches, loaderFile) {
  const patch = (source, resourcePath) => applyEdits(patches, source, resourcePath, loaderFile);
  const loader = function editLoader(source) {
    return patch(source, this.resourcePath);
  };
  return { loader, patch, modules: modulesOf(patches) };
}

module.exports = { applyEdits, modulesOf, editingLoader };
