/**
 * plugins/perf/ssg-slim-bundler.cjs: the static-page renderer gets `getHtmlMinifier` without loading
 * the rest of `@docusaurus/bundler`; every other module, and every other name, get the real package.
 * Each case runs in a fresh Node process, so that no other test has loaded the package already.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PRELOAD = fileURLToPath(new URL('../../plugins/perf/ssg-slim-bundler.cjs', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `script` in a Node process with the preload (or without), returns its JSON output. */
function probe(script: string, preload = true): Record<string, unknown> {
  const args = [...(preload ? ['--require', PRELOAD] : []), '-e', script];
  return JSON.parse(execFileSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' })) as Record<string, unknown>;
}

const LOADED = `const loaded = (name) => Object.keys(require.cache).some((file) => file.includes('/node_modules/' + name + '/'));`;
const AS_RENDERER = `const { createRequire } = require('node:module');
const rendererRequire = createRequire(require.resolve('@docusaurus/core/lib/ssg/ssgRenderer.js'));`;

test('the renderer gets the real getHtmlMinifier, and webpack, Babel and webpackbar stay unloaded', () => {
  const result = probe(`${LOADED}${AS_RENDERER}
const bundler = rendererRequire('@docusaurus/bundler');
const same = bundler.getHtmlMinifier === require('@docusaurus/bundler/lib/minifyHtml').getHtmlMinifier;
console.log(JSON.stringify({ same, webpackbar: loaded('webpackbar'), babel: loaded('@docusaurus/babel'), webpack: loaded('webpack'), again: rendererRequire('@docusaurus/bundler') === bundler }));`);
  assert.deepEqual(result, { same: true, webpackbar: false, babel: false, webpack: false, again: true });
});

test('any other name loads the whole package, and other modules get the real one', () => {
  const result = probe(`${LOADED}${AS_RENDERER}
const real = require('@docusaurus/bundler');
const viaRenderer = rendererRequire('@docusaurus/bundler');
console.log(JSON.stringify({ otherIsProxy: real === viaRenderer, minimizers: viaRenderer.getMinimizers === real.getMinimizers, webpackbar: loaded('webpackbar') }));`);
  assert.deepEqual(result, { otherIsProxy: false, minimizers: true, webpackbar: true });
});

test('without the preload the renderer loads the whole package (what the preload saves)', () => {
  const result = probe(`${LOADED}${AS_RENDERER}
rendererRequire('@docusaurus/bundler');
console.log(JSON.stringify({ webpackbar: loaded('webpackbar') }));`, false);
  assert.deepEqual(result, { webpackbar: true });
});

const MINIFY = `${AS_RENDERER}
const html = '<html><head><script>var a  =  1;</script></head><body><p>Текст <b>страницы</b></p>\\n  <br/></body></html>';
rendererRequire('@docusaurus/bundler').getHtmlMinifier({ type: process.argv[1] }).then(async (minifier) => {
  const { code } = await minifier.minify(html);
  console.log(JSON.stringify({ code, terser: loaded('html-minifier-terser'), faster: loaded('@docusaurus/faster'), rspack: loaded('@rspack/core') }));
});`;

test('the SWC minifier works without html-minifier-terser, @docusaurus/faster and @rspack/core, with the same output', () => {
  const run = (preload: boolean, type: string) => {
    const args = [...(preload ? ['--require', PRELOAD] : []), '-e', `${LOADED}${MINIFY}`, type];
    return JSON.parse(execFileSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' })) as Record<string, unknown>;
  };
  const slim = run(true, 'swc');
  const stock = run(false, 'swc');
  assert.equal(slim.code, stock.code);
  assert.match(String(slim.code), /var a=1/);
  assert.deepEqual({ terser: slim.terser, faster: slim.faster, rspack: slim.rspack }, { terser: false, faster: false, rspack: false });
  assert.deepEqual({ terser: stock.terser, faster: stock.faster }, { terser: true, faster: true });
  // The webpack build's minifier still gets html-minifier-terser, loaded when it is first used.
  const terser = run(true, 'terser');
  assert.equal(terser.code, run(false, 'terser').code);
  assert.equal(terser.terser, true);
});

test('the build command preloads it', () => {
  const scripts = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts;
  assert.match(scripts.build ?? '', /--require \.\/plugins\/perf\/ssg-slim-bundler\.cjs .*docusaurus build/);
});
