/**
 * plugins/perf/html-scripts-once.cjs: the static pages' inline scripts are minified once per thread,
 * and every page comes out of `@swc/html` exactly as Docusaurus's own call makes it.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const PRELOAD = fileURLToPath(new URL('../../plugins/perf/html-scripts-once.cjs', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

type MinifyOptions = Record<string, unknown>;
type Minify = (content: Buffer | string, options?: MinifyOptions) => Promise<{ code: string }>;
const { wrap, withScriptsMinified, scriptKind } = require(PRELOAD) as {
  wrap(swcHtml: { minify: Minify }): { minify: Minify };
  withScriptsMinified(html: string, minified: (text: string) => string): string | null;
  scriptKind(attributes: string): 'js' | 'json' | 'other';
};
// The module as Node caches it: the preload was not given to this process, so it is unwrapped.
const swcMinify = (require('@swc/html') as { minify: Minify }).minify;

/** Docusaurus 3.10's options for `@swc/html` (`@docusaurus/bundler/lib/minifyHtml.js`). */
const DOCUSAURUS_OPTIONS: MinifyOptions = {
  removeComments: false,
  preserveComments: [],
  tagOmission: 'keep-head-and-body',
  sortSpaceSeparatedAttributeValues: false,
  sortAttributes: false,
  normalizeAttributes: false,
  removeEmptyAttributes: false,
  removeRedundantAttributes: 'none',
  minifyJs: true,
  minifyJson: true,
  minifyCss: true,
};

const COLOR_MODE = `
(function() {
  function getQueryStringTheme() {
    try { return new URLSearchParams(window.location.search).get('docusaurus-theme') } catch (e) {}
  }
  var initialTheme = getQueryStringTheme() || localStorage.getItem('theme');
  document.documentElement.setAttribute('data-theme', initialTheme || 'light');
})();
`;
const BOOT = `  !function () { var started = false; function start() { if (started) return; started = true; } addEventListener('pointerdown', start, { once: true }); }();  `;

function page(body: string, prefetch: string): string {
  return `<!doctype html>
<html lang="ru" dir="ltr">
  <head>
    <meta charset="UTF-8">
    <title>Сигналы | Monq Docs</title>
    <script type="application/ld+json">{ "@context": "https://schema.org", "@type": "BreadcrumbList" }</script>
    <script data-prefetch="${prefetch}">${BOOT}</script>
  </head>
  <body class="navigation-with-keyboard">
    <script>${COLOR_MODE}</script>
    <div id="__docusaurus">${body}</div>
    <script src="/assets/js/main.js" defer></script>
  </body>
</html>`;
}

/** `@swc/html`'s minify wrapped by the preload, over a spy that records the options of each call. */
function wrappedCounting(): { calls: MinifyOptions[]; wrapped: { minify: Minify } } {
  const calls: MinifyOptions[] = [];
  const wrapped = wrap({
    minify: (content, options) => {
      calls.push(options ?? {});
      return swcMinify(content, options);
    },
  });
  return { calls, wrapped };
}

describe('inline scripts minified once', () => {
  test('pages come out byte-identical to the original call, with the scripts minified once', async () => {
    const { calls, wrapped } = wrappedCounting();
    const pages = [
      page('<main><h1>Сигналы</h1>\n  <p style="color: red ;">Текст   страницы.</p></main>', '/assets/js/1.js /assets/js/2.js'),
      page('<main><h1>Метрики</h1><table><tr><td>a</td></tr></table></main>', '/assets/js/3.js'),
      page('<main><pre><code>&lt;script&gt;alert(1)&lt;/script&gt;</code></pre></main>', ''),
    ];
    for (const html of pages) {
      const expected = (await swcMinify(Buffer.from(html), DOCUSAURUS_OPTIONS)).code;
      assert.equal((await wrapped.minify(Buffer.from(html), DOCUSAURUS_OPTIONS)).code, expected);
    }
    // Two scripts minified on their own, once each; then each page with minifyJs off.
    const scriptCalls = calls.filter((options) => options.minifyJs === true);
    const pageCalls = calls.filter((options) => options.minifyJs === false);
    assert.equal(scriptCalls.length, 2);
    assert.equal(pageCalls.length, pages.length);
  });

  test('a page with a module script goes through the original call, options untouched', async () => {
    const { calls, wrapped } = wrappedCounting();
    const html = '<html><head><script type="module">import x from "/x.js";   x();</script><script>var a  =  1;</script></head><body></body></html>';
    assert.equal((await wrapped.minify(html, DOCUSAURUS_OPTIONS)).code, (await swcMinify(html, DOCUSAURUS_OPTIONS)).code);
    assert.deepEqual(calls, [DOCUSAURUS_OPTIONS]);
  });

  test('a script SWC reports a problem with sends its page through the original call, diagnostics included', async () => {
    const { calls, wrapped } = wrappedCounting();
    // A comment opener left open inside a script: the HTML tokenizer reports it.
    const html = '<!doctype html><html><head><script><!--<script>var a = 1;</script></head><body><p>Текст</p></body></html>';
    const expected = await swcMinify(html, DOCUSAURUS_OPTIONS);
    const actual = await wrapped.minify(html, DOCUSAURUS_OPTIONS);
    assert.equal(actual.code, expected.code);
    assert.deepEqual((actual as { errors?: unknown }).errors, (expected as { errors?: unknown }).errors);
    assert.ok(((expected as { errors?: unknown[] }).errors ?? []).length > 0, 'the page has a diagnostic');
    // The script alone, then the page as Docusaurus asked.
    assert.deepEqual(calls.map((options) => options.minifyJs), [true, true]);
  });

  test('withScriptsMinified: classic scripts only; JSON, empty and external scripts kept; quotes respected', () => {
    const html = '<script>a()</script><script type="application/ld+json">{ "a": 1 }</script><script src="/x.js"></script><script data-x="a>b" type=\'text/javascript\'>b()</script>';
    assert.equal(
      withScriptsMinified(html, (text) => `[${text}]`),
      '<script>[a()]</script><script type="application/ld+json">{ "a": 1 }</script><script src="/x.js"></script><script data-x="a>b" type=\'text/javascript\'>[b()]</script>',
    );
    assert.equal(withScriptsMinified('<script type="module">a()</script>', (text) => text), null);
    assert.equal(withScriptsMinified('<script src="/x.js">a()</script>', (text) => text), null);
    assert.equal(scriptKind(' type=text/babel'), 'other');
    assert.equal(scriptKind(' data-type="module"'), 'js');
  });
});

describe('the preload', () => {
  test('Docusaurus Faster gets the wrapped minifier when the preload is given, the plain one without', () => {
    const script = `require('@docusaurus/faster').getSwcHtmlMinifier().then((minify) => console.log(JSON.stringify(minify[Symbol.for('monq.docs.htmlScriptsOnce')] === true)));`;
    const run = (args: string[]) => JSON.parse(execFileSync(process.execPath, [...args, '-e', script], { cwd: ROOT, encoding: 'utf8' })) as boolean;
    assert.equal(run(['--require', PRELOAD]), true);
    assert.equal(run([]), false);
  });

  test('the build command preloads it', () => {
    const scripts = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts;
    assert.match(scripts.build ?? '', /--require \.\/plugins\/perf\/html-scripts-once\.cjs .*docusaurus build/);
  });
});
