/**
 * Loader for `.docusaurus/routesChunkNames.json`, client bundle only: the chunk names of every route,
 * shortened the same way as in the registry (see chunk-names.cjs, which reads the registry next to it).
 */
const { readFileSync } = require('node:fs');
const { dirname, join } = require('node:path');
const { chunkNameMap, renameRouteChunks } = require('./chunk-names.cjs');

module.exports = function routeChunksLoader(source) {
  const registryPath = join(dirname(this.resourcePath), 'registry.js');
  this.addDependency(registryPath);
  const map = chunkNameMap(readFileSync(registryPath, 'utf8'));
  return JSON.stringify(renameRouteChunks(JSON.parse(source), map));
};
