/**
 * Client bundle: the theme's code translations (`.docusaurus/codeTranslations.json`, every string of
 * the theme in Russian) are one JSON module in `main.js`, and half of it is the search dialog's and
 * the search page's strings. This loader splits the module in two:
 *
 *   @generated/codeTranslations               every string except the search UI's (what main.js keeps)
 *   @generated/codeTranslations.json?search   the search UI's strings
 *
 * src/search/searchStrings.ts imports the second part and merges it into the first before the dialog
 * or the search page renders (src/search/translations.ts imports it). The server bundle keeps the
 * whole module, so server-rendered pages are unchanged.
 */
'use strict';

/** The search UI's strings: the dialog, the search page and the dialog's "see all results" link. */
const SEARCH_KEYS = /^theme\.(?:SearchModal|SearchPage)\.|^theme\.SearchBar\.seeAll/;
/** The query that asks for the search part. */
const SEARCH_QUERY = '?search';

function splitTranslations(source, part) {
  const all = JSON.parse(source);
  const wanted = part === 'search';
  const out = {};
  for (const [key, value] of Object.entries(all)) {
    if (SEARCH_KEYS.test(key) === wanted) out[key] = value;
  }
  return JSON.stringify(out);
}

module.exports = function translationsLoader(source) {
  return splitTranslations(source, this.resourceQuery === SEARCH_QUERY ? 'search' : 'core');
};
module.exports.splitTranslations = splitTranslations;
module.exports.SEARCH_KEYS = SEARCH_KEYS;
