/**
 * Client bundle: Docusaurus's packages are CommonJS compiled by TypeScript with `importHelpers`, so a
 * module starts with `const tslib_1 = require("tslib");` and calls `tslib_1.__importDefault(…)`. From
 * a module object the bundler cannot tell which helpers are used, and all of tslib ended up in
 * `main.js` (about 4 KB gzip) for the one or two helpers the browser code calls. This loader
 * rewrites the binding into the helpers the module uses, each required by name
 * (`{ __importDefault: require("tslib").__importDefault }`); with `tslib` resolved to its ES build
 * (index.ts), the bundler keeps only those. A module that uses the binding in any other way is left
 * as it is.
 */
'use strict';

/** `const tslib_1 = require("tslib");` */
const DECLARATION = /\b(const|let|var) (tslib_\d+) = require\("tslib"\);/;

/** Packages whose modules may be rewritten (path of the module). */
const TSLIB_MODULES = /[\\/]node_modules[\\/]@docusaurus[\\/][^\\/]+[\\/]lib[\\/].*\.js$/;

function rewriteTslib(source) {
  const declaration = DECLARATION.exec(source);
  if (!declaration) return source;
  const [statement, kind, binding] = declaration;
  const rest = source.slice(0, declaration.index) + source.slice(declaration.index + statement.length);
  const uses = [...rest.matchAll(new RegExp(`\\b${binding}\\b(\\.__\\w+)?`, 'g'))];
  if (uses.length === 0 || uses.some((use) => use[1] === undefined)) return source;
  const helpers = [...new Set(uses.map((use) => use[1].slice(1)))].sort();
  const object = helpers.map((helper) => `${helper}: require("tslib").${helper}`).join(', ');
  return source.replace(statement, `${kind} ${binding} = { ${object} };`);
}

module.exports = function tslibLoader(source) {
  return rewriteTslib(source);
};
module.exports.rewriteTslib = rewriteTslib;
module.exports.TSLIB_MODULES = TSLIB_MODULES;
