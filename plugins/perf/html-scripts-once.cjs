/**
 * Preloaded by the build command (`node --require ./plugins/perf/html-scripts-once.cjs`), in the main
 * thread and, through the inherited `execArgv`, in the static-page worker threads.
 *
 * Docusaurus Faster minifies every static page with `@swc/html` (`minifyJs: true`), and the page's
 * inline scripts are the same on every page: the colour-mode script, the hydration boot. SWC minified
 * them again for each of the 389 pages, about 3 of the 7 ms of CPU that minifying a page takes.
 *
 * When `@swc/html` is loaded, its `minify` is wrapped. For a page minified with `minifyJs: true`, each
 * inline classic script (no `src`, no `type` or a JavaScript type) is replaced by its minified text,
 * computed once per thread and text by `@swc/html` itself with the page's options, on a document that
 * holds only that script. The page is then minified with `minifyJs: false`, which leaves the already
 * minified scripts as they are. Any other script with content (a module, an unknown type) sends the
 * page through the original call unchanged; JSON scripts are still minified by `minifyJson`. The built
 * site is byte-identical (`tests/unit/html-scripts-once.test.ts`).
 */
'use strict';

const Module = require('node:module');

/** The entry point of `@swc/html`, as `require` names it or as `import()` resolves it. */
const SWC_HTML = /^(?:@swc\/html|.*[\\/]node_modules[\\/]@swc[\\/]html[\\/]index\.js)$/;
/** An inline `<script>` element: its attributes (quotes respected) and its text. */
const SCRIPT = /<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script\s*>/gi;
const TYPE = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;
const SRC = /(?:^|\s)src\s*=/i;
const JAVASCRIPT_TYPES = new Set(['', 'text/javascript', 'application/javascript']);
const JSON_TYPES = new Set(['application/json', 'application/ld+json']);
const WRAPPED = Symbol.for('monq.docs.htmlScriptsOnce');

/** What a script's `type` says: 'js' (classic script), 'json', or 'other'. */
function scriptKind(attributes) {
  const match = TYPE.exec(attributes);
  const type = (match ? (match[1] ?? match[2] ?? match[3] ?? '') : '').trim().toLowerCase();
  if (JAVASCRIPT_TYPES.has(type)) return 'js';
  if (JSON_TYPES.has(type)) return 'json';
  return 'other';
}

/**
 * The inline classic scripts of a page, each as the offset of its text and the text; null when the
 * page has a script that must go through the original call (a module or another type).
 * @param {string} html
 * @returns {{ start: number, text: string }[] | null}
 */
function inlineScripts(html) {
  const scripts = [];
  for (const match of html.matchAll(SCRIPT)) {
    const [, attributes, text] = match;
    if (text.trim() === '') continue;
    const kind = scriptKind(attributes);
    if (kind === 'json') continue;
    if (kind !== 'js' || SRC.test(attributes)) return null;
    scripts.push({ start: match.index + '<script'.length + attributes.length + '>'.length, text });
  }
  return scripts;
}

/**
 * The page with the text of each of `scripts` replaced by `minified(text)`.
 * @param {string} html
 * @param {{ start: number, text: string }[]} scripts
 * @param {(text: string) => string} minified
 */
function replaceScripts(html, scripts, minified) {
  let out = '';
  let last = 0;
  for (const { start, text } of scripts) {
    out += html.slice(last, start) + minified(text);
    last = start + text.length;
  }
  return out + html.slice(last);
}

/**
 * The page with each inline classic script replaced by `minified(text)`, or null when the page has a
 * script that must go through the original call (a module or another type).
 * @param {string} html
 * @param {(text: string) => string} minified
 */
function withScriptsMinified(html, minified) {
  const scripts = inlineScripts(html);
  return scripts === null ? null : replaceScripts(html, scripts, minified);
}

/** The text of the first script of a minified document. */
function firstScriptText(html) {
  SCRIPT.lastIndex = 0;
  const match = SCRIPT.exec(html);
  SCRIPT.lastIndex = 0;
  if (!match) throw new Error('html-scripts-once: the minified document has no script');
  return match[2];
}

/**
 * `@swc/html` with `minify` wrapped (see the header); the module itself is changed, once.
 * @param {{ minify: Function, minifySync?: Function }} swcHtml
 */
function wrap(swcHtml) {
  if (!swcHtml || typeof swcHtml.minify !== 'function' || swcHtml.minify[WRAPPED]) return swcHtml;
  const original = swcHtml.minify;
  const done = new Map();
  async function minifyScript(text, options) {
    const key = `${JSON.stringify(options)}\u0000${text}`;
    let result = done.get(key);
    if (result === undefined) {
      // A script SWC reports a problem with yields null: its page goes through the original call, so
      // that the diagnostic reaches the build log as before.
      result = original
        .call(swcHtml, Buffer.from(`<!doctype html><script>${text}</script>`), options)
        .then((output) => (output.errors && output.errors.length > 0 ? null : firstScriptText(String(output.code))));
      done.set(key, result);
    }
    return result;
  }
  async function minify(content, options) {
    if (!options || options.minifyJs !== true || (typeof content !== 'string' && !Buffer.isBuffer(content))) {
      return original.call(swcHtml, content, options);
    }
    const html = typeof content === 'string' ? content : content.toString('utf8');
    const scripts = inlineScripts(html);
    if (scripts === null) return original.call(swcHtml, content, options);
    const texts = new Map();
    for (const { text } of scripts) {
      if (texts.has(text)) continue;
      const minified = await minifyScript(text, options);
      if (minified === null) return original.call(swcHtml, content, options);
      texts.set(text, minified);
    }
    const page = replaceScripts(html, scripts, (text) => texts.get(text));
    return original.call(swcHtml, Buffer.from(page), { ...options, minifyJs: false });
  }
  minify[WRAPPED] = true;
  swcHtml.minify = minify;
  return swcHtml;
}

/** Install the hook once per thread; returns whether it was installed now. */
function install() {
  if (Module._load.monqHtmlScriptsOnce) return false;
  const original = Module._load;
  function load(request, parent, isMain) {
    const exported = original.call(this, request, parent, isMain);
    return typeof request === 'string' && SWC_HTML.test(request) ? wrap(exported) : exported;
  }
  load.monqHtmlScriptsOnce = true;
  Module._load = load;
  return true;
}

install();

module.exports = { install, wrap, withScriptsMinified, scriptKind };
