/**
 * Preloaded by the build command (`node --require ./plugins/perf/ssg-slim-bundler.cjs`), in the main
 * thread and, through the inherited `execArgv`, in every worker thread of the build.
 *
 * Docusaurus's static-page renderer (`@docusaurus/core/lib/ssg/ssgRenderer.js`) requires
 * `@docusaurus/bundler` for one function, `getHtmlMinifier`. The package's entry point loads all of
 * it: webpack, Babel, webpackbar, the copy plugin and more, about a second of module loading in each
 * static-page worker thread before its first page, on a machine where those threads keep both cores
 * busy. For that one parent, the request resolves to a proxy: `getHtmlMinifier` comes from the
 * package's own `lib/minifyHtml.js`, and any other name loads the whole package as before. Every
 * other module gets the real package. Nothing else changes, so a Docusaurus upgrade that uses more of
 * the package still works; check `tests/unit/ssg-slim-bundler.test.ts` after one.
 *
 * `lib/minifyHtml.js` itself loads two more things a static page of Docusaurus Faster never uses:
 * - `html-minifier-terser` (Terser and clean-css, for the webpack build): its requests from that file
 *   get a module that loads the package on first use;
 * - `@docusaurus/faster` (which loads `@rspack/core` and lightningcss) for one function that imports
 *   `@swc/html`: its `importFaster` module gets `importSwcHtmlMinifier` importing `@swc/html`
 *   directly, resolved from `@docusaurus/faster` as that function does; any other name loads the real
 *   module.
 * Together about 0.2 s of module loading in each worker.
 */
'use strict';

const Module = require('node:module');

/** The module whose request is answered with the proxy. */
const SSG_RENDERER = /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]ssg[\\/]ssgRenderer\.js$/;
const BUNDLER = '@docusaurus/bundler';
const HTML_MINIFIER = '@docusaurus/bundler/lib/minifyHtml';
/** The module whose own requests are made lazy (see the header). */
const MINIFY_HTML = /[\\/]@docusaurus[\\/]bundler[\\/]lib[\\/]minifyHtml\.js$/;
const TERSER_MINIFIER = 'html-minifier-terser';
const IMPORT_FASTER = './importFaster';

/**
 * A module that is required only when one of its names is first read.
 * @param {() => Record<string | symbol, unknown>} loadModule
 */
function lazyModule(loadModule) {
  let real = null;
  return new Proxy(
    {},
    {
      get(_target, key) {
        if (key === '__esModule') return true;
        real ??= loadModule();
        return real[key];
      },
    },
  );
}

/**
 * `importFaster` for `minifyHtml.js`: `importSwcHtmlMinifier` without `@docusaurus/faster`.
 * @param {() => Record<string | symbol, unknown>} loadModule  the real `importFaster`
 */
function slimImportFaster(loadModule) {
  const importSwcHtmlMinifier = async () => {
    // What `getSwcHtmlMinifier` of @docusaurus/faster does, from where it does it.
    const { pathToFileURL } = require('node:url');
    const fromFaster = Module.createRequire(require.resolve('@docusaurus/faster'));
    const { minify } = await import(pathToFileURL(fromFaster.resolve('@swc/html')).href);
    return minify;
  };
  const real = lazyModule(loadModule);
  return new Proxy(
    {},
    {
      get(_target, key) {
        if (key === 'importSwcHtmlMinifier') return importSwcHtmlMinifier;
        return real[key];
      },
    },
  );
}

/**
 * What `require('@docusaurus/bundler')` returns to the renderer.
 * @param {(request: string) => Record<string, unknown>} load  requires a module for the renderer
 */
function slimBundler(load) {
  let full = null;
  return new Proxy(
    {},
    {
      get(_target, key) {
        if (key === 'getHtmlMinifier') return load(HTML_MINIFIER).getHtmlMinifier;
        if (key === '__esModule') return true;
        full ??= load(BUNDLER);
        return full[key];
      },
    },
  );
}

/** Install the hook once per thread; returns whether it was installed now. */
function install() {
  if (Module._load.monqSlimBundler) return false;
  const original = Module._load;
  const cache = new WeakMap();
  function load(request, parent, isMain) {
    if (request === BUNDLER && parent && typeof parent.filename === 'string' && SSG_RENDERER.test(parent.filename)) {
      let proxy = cache.get(parent);
      if (!proxy) {
        proxy = slimBundler((inner) => original.call(Module, inner, parent, false));
        cache.set(parent, proxy);
      }
      return proxy;
    }
    if ((request === TERSER_MINIFIER || request === IMPORT_FASTER) && parent && typeof parent.filename === 'string' && MINIFY_HTML.test(parent.filename)) {
      const loadReal = () => original.call(Module, request, parent, false);
      return request === TERSER_MINIFIER ? lazyModule(loadReal) : slimImportFaster(loadReal);
    }
    return original.call(this, request, parent, isMain);
  }
  load.monqSlimBundler = true;
  Module._load = load;
  return true;
}

install();

module.exports = { install, slimBundler, lazyModule, SSG_RENDERER, MINIFY_HTML };
