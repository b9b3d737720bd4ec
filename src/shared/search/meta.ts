/**
 * The meta tags plugins/search-index writes into every page and the browser's search (and the inline
 * boot) reads: names only, shared by both sides.
 */

/** `<meta name="monq:search-worker" content="/search/worker.<hash>.js">`, written by plugins/search-index. */
export const WORKER_META = 'monq:search-worker';

/** `<meta name="monq:search-tags" content="default docs-default-9.0 docs-upgrade-current">`: latest versions. */
export const TAGS_META = 'monq:search-tags';

/**
 * `<meta name="monq:site-storage" content="localStorage -feb">`: the site's storage and the namespace
 * Docusaurus appends to every key (`docs-preferred-version-default-feb`), so that the boot reads the
 * remembered docs version under the key the theme writes.
 */
export const STORAGE_META = 'monq:site-storage';
