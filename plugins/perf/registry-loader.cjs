/**
 * Loader for `.docusaurus/registry.js`, client bundle only. Each registry entry is
 * `[loader, modulePath, moduleId]`; the module path serves server rendering alone (react-loadable's
 * `modules`, reported while the HTML is built) and the browser never reads it, yet it costs a string
 * per route chunk in `main.js`. The client copy gets an empty string instead, and short chunk names
 * (chunk-names.cjs).
 */
const { renameRegistry } = require('./chunk-names.cjs');

const ENTRY_PATH = /(\(\) => import\([^)]*\), )"(?:[^"\\]|\\.)*"(, require\.resolveWeak\()/g;

module.exports = function registryLoader(source) {
  return renameRegistry(source.replace(ENTRY_PATH, '$1""$2'));
};
module.exports.ENTRY_PATH = ENTRY_PATH;
