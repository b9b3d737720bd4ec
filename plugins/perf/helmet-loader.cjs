/**
 * Loader for react-helmet-async (1.3.0, the version Docusaurus 3.10.2 installs), in the client and the
 * server bundle.
 *
 * Every `<Head>` of the page is a Helmet instance. Each one, when it first renders, calls
 * `emitChange()`, which merges the tags of all instances mounted so far (title, meta, link…) and then
 * schedules the update of `<head>` for the next animation frame, cancelling the previous one. During
 * hydration that is one full merge per instance, inside the render pass: quadratic work of which only
 * the last merge is ever applied.
 *
 * Patched: in the browser, `emitChange()` only queues a microtask, and the microtask runs the original
 * once for all the calls of the same task (with whichever instance called last: they share one
 * context). The `<head>` update itself is unchanged (the next animation frame, as before); a microtask
 * runs before any frame, so nothing is applied later than it was.
 *
 * On the server each merge also ran once per instance, and only the last result (the `helmet` of the
 * page's context, which Docusaurus reads once the page has rendered) was used. There the queue belongs
 * to the instance's context, not to the module: a static-page worker renders several pages at once,
 * each with a context of its own. The microtask of a page runs before its render is reported done.
 * A snippet that is not found stops the build: after an upgrade of react-helmet-async, check again.
 */
'use strict';

/** react-helmet-async's ES build, the file the client bundle resolves. */
const HELMET_MODULE = /[\\/]react-helmet-async[\\/]lib[\\/]index\.module\.js$/;

/** The start of the method, and the test of the browser inside it (`q` is the minified holder). */
const EMIT = 'r.emitChange=function(){';
const BROWSER_TEST = 'q.canUseDOM?(e=o,';

const PATCHED_EMIT =
  'r.emitChange=function(){var s=this;if(!q.canUseDOM){var c=s.props.context;' +
  'if(c.monqHelmetQueued){c.monqHelmetQueued=s;return}c.monqHelmetQueued=s;' +
  'queueMicrotask(function(){var t=c.monqHelmetQueued;c.monqHelmetQueued=null;t.monqEmitNow()});return}' +
  'if(monqHelmetQueued){monqHelmetQueued=s;return}monqHelmetQueued=s;' +
  'queueMicrotask(function(){var t=monqHelmetQueued;monqHelmetQueued=null;t.monqEmitNow()})},' +
  'r.monqEmitNow=function(){';

function coalesceHelmet(source, resourcePath) {
  for (const snippet of [EMIT, BROWSER_TEST]) {
    if (source.split(snippet).length !== 2) {
      throw new Error(`perf: "${snippet}" not found once in ${resourcePath}; see plugins/perf/helmet-loader.cjs`);
    }
  }
  return `${source.replace(EMIT, PATCHED_EMIT)}\nvar monqHelmetQueued = null;\n`;
}

module.exports = function helmetLoader(source) {
  return coalesceHelmet(source, this.resourcePath);
};
module.exports.coalesceHelmet = coalesceHelmet;
module.exports.HELMET_MODULE = HELMET_MODULE;
