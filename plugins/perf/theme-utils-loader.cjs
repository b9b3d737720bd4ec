/**
 * Loader for two helpers of Docusaurus that every docs page calls, in the client and the server
 * bundle. Both are exact: the same inputs give the same results as before, only sooner.
 *
 * - `extractLeadingEmoji` (theme-common) cuts a leading emoji off a doc card's label. It runs
 *   `Intl.Segmenter` and a `\p{RGI_Emoji}` test for every card: a quarter of a second of each
 *   static-page worker on the 2-core machine. A label that starts with a Latin or Cyrillic letter has
 *   no leading emoji (an emoji grapheme never starts with one), so such a label is returned at once.
 *   Digits are left to the original: `1️⃣` starts with one.
 * - `getActiveDocContext` (plugin-content-docs) finds the page's version and doc by matching the path
 *   against every doc of the version, and the navbar items, the version banner and the doc root each
 *   ask again for the same page. The result depends only on the plugin's global data (one object for
 *   the whole build or session) and the path, so it is kept per data object and path.
 *
 * A snippet that is not found stops the build (source-edits.cjs): after a Docusaurus upgrade, check the
 * two modules again.
 */
'use strict';

const { editingLoader } = require('./source-edits.cjs');

const PATCHES = [
  {
    file: /[\\/]@docusaurus[\\/]theme-common[\\/]lib[\\/]utils[\\/]emojiUtils\.js$/,
    edits: [
      {
        from: 'export function extractLeadingEmoji(input) {',
        to:
          'export function extractLeadingEmoji(input) {\n' +
          '    if (/^[A-Za-z\\u0400-\\u04FF]/.test(input)) {\n' +
          '        return { emoji: null, rest: input };\n' +
          '    }',
      },
    ],
  },
  {
    file: /[\\/]@docusaurus[\\/]plugin-content-docs[\\/]lib[\\/]client[\\/]docsClientUtils\.js$/,
    edits: [
      {
        from: 'export function getActiveDocContext(data, pathname) {',
        to:
          'const monqDocContexts = new WeakMap();\n' +
          'export function getActiveDocContext(data, pathname) {\n' +
          '    let byPath = monqDocContexts.get(data);\n' +
          '    if (!byPath) {\n' +
          '        byPath = new Map();\n' +
          '        monqDocContexts.set(data, byPath);\n' +
          '    }\n' +
          '    let context = byPath.get(pathname);\n' +
          '    if (!context) {\n' +
          '        context = monqActiveDocContext(data, pathname);\n' +
          '        byPath.set(pathname, context);\n' +
          '    }\n' +
          '    return context;\n' +
          '}\n' +
          'function monqActiveDocContext(data, pathname) {',
      },
    ],
  },
];

const { loader, patch, modules } = editingLoader(PATCHES, 'theme-utils-loader.cjs');

module.exports = loader;
module.exports.patchThemeUtils = patch;
module.exports.PATCHES = PATCHES;
/** The modules the loader applies to. */
module.exports.THEME_UTILS_MODULES = modules;
