/**
 * The search UI's Russian strings (`theme.SearchModal.*`, `theme.SearchPage.*`,
 * `theme.SearchBar.seeAll*`). The browser's main bundle leaves them out of the code translations
 * (plugins/perf/translations-loader.cjs); importing this module puts them back into the object that
 * `translate()` reads. src/search/translations.ts imports it, so every module that shows these strings
 * (the dialog's parts, the search page) has them before it renders. Under `docusaurus start` the query
 * returns every string, and the merge changes nothing.
 */
import codeTranslations from '@generated/codeTranslations';
import searchTranslations from '@generated/codeTranslations.json?search';

Object.assign(codeTranslations, searchTranslations);
