/**
 * The files Docusaurus generates for this site in `.docusaurus/` that the client bundle's loaders
 * rewrite (plugins/perf/index.ts registers the rules; PerfChecksPlugin in checks.ts stops the build
 * when a rule matched no module). One place for the patterns: the rules, the loaders and the checks
 * read them from here. Plain CommonJS, because the loaders are CommonJS.
 */
'use strict';

/** The route registry (`@generated/registry`): registry-loader.cjs splits it in parts. */
const ROUTE_REGISTRY_FILE = /[\\/]\.docusaurus[\\/]registry\.js$/;
/**
 * The route → chunk table (`@generated/routesChunkNames`). registry-loader.cjs reads it next to the
 * registry; in the client bundle it is a module only when the core patch did not apply.
 */
const ROUTE_CHUNK_TABLE_FILE = /[\\/]\.docusaurus[\\/]routesChunkNames\.json$/;

module.exports = { ROUTE_REGISTRY_FILE, ROUTE_CHUNK_TABLE_FILE };
